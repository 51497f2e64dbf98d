import type { PaymentMethod } from '../../resources/payment-methods.js';
import type { Subscription, SubscriptionStatus } from '../../resources/subscriptions.js';
import { conflict, invalid } from '../errors.js';
import { recordRevenueEvent } from '../ledger.js';
import { type DueWork, dueSource, type Lifecycle, type Moving, transition } from '../lifecycle.js';
import type { FakeSubscription } from '../records.js';
import type { DueSource } from '../schedule.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';

/**
 * The fake's billing engine: what happens to a subscription at its renewal date, on the clock
 * (`fake.clock.advance`) or by hand (`fake.simulate`). docs/testing.md (Test clocks) is the
 * contract:
 * - at `current_period_end` a `trialing` or `active` subscription is charged for the next period
 *   (from that date, `plan.interval_count` calendar months), or canceled when
 *   `cancel_at_period_end` is set;
 * - a failed charge makes it `past_due` and retries it `renewalRetries.retryDays` after the renewal
 *   date (1, 3 and 5 days by default); a retry that succeeds charges the period it missed; when
 *   the last retry fails it becomes `renewalRetries.finalStatus` (`canceled` by default);
 * - a paused subscription with a `pause_end` resumes then.
 */

const dayMs = 86_400_000;

/**
 * `iso` plus `months` calendar months in UTC; the day is clamped to the end of a shorter month
 * (Jan 31 + 1 month = Feb 28/29), as billing engines do.
 */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.toISOString();
}

/**
 * A subscription's lifecycle (spec: States and transitions, Subscription; the moves and what the
 * clock does are the fake's choice, docs/testing.md: Test clocks). `active` → `active` is a
 * renewal, `past_due` → `past_due` a failed retry. What falls due in each state is the billing
 * engine above: the period end of a live subscription, the next retry of a `past_due` one, the
 * `pause_end` of a paused one, and, whatever happened in between, the cancel of one set to cancel
 * at its period end.
 */
export const subscriptionLifecycle: Lifecycle<SubscriptionStatus, FakeSubscription> = {
  label: 'Subscription',
  initial: 'trialing',
  moves: {
    trialing: ['active', 'past_due', 'paused', 'canceled'],
    active: ['active', 'past_due', 'paused', 'canceled'],
    past_due: ['active', 'past_due', 'canceled', 'expired'],
    paused: ['active', 'canceled'],
    canceled: [],
    expired: [],
  },
  events: {
    active: 'subscription.renewed',
    past_due: 'subscription.renewal_failed',
    paused: 'subscription.paused',
    canceled: 'subscription.canceled',
    expired: 'subscription.expired',
  },
  stamps: {
    canceled: ({ record, now }) => ({ canceled_at: record.canceled_at ?? now }),
  },
  due: {
    trialing: (moving) => renewalDue(moving),
    active: (moving) => renewalDue(moving),
    past_due: ({ state, scope, record }) => {
      if (record.current_period_end === null) return undefined;
      const attempts = state.dunningOf(record.id).failedAttempts;
      const days = state.renewalRetries.retryDays[Math.max(0, attempts - 1)] ?? 0;
      return {
        at: Date.parse(record.current_period_end) + days * dayMs,
        run: () => renew(state, scope, record),
      };
    },
    paused: ({ state, scope, record }) => {
      const { pause_end: pauseEnd, current_period_end: periodEnd, cancel_at_period_end: cancels } = record;
      const cancelAt = cancels && periodEnd !== null ? Date.parse(periodEnd) : Number.POSITIVE_INFINITY;
      const resumeAt = pauseEnd === null ? Number.POSITIVE_INFINITY : Date.parse(pauseEnd);
      if (cancelAt <= resumeAt && cancelAt !== Number.POSITIVE_INFINITY)
        return {
          at: cancelAt,
          run: () => transition(subscriptionLifecycle, state, scope, record, 'canceled'),
        };
      if (resumeAt === Number.POSITIVE_INFINITY) return undefined;
      return { at: resumeAt, run: () => resume(state, scope, record) };
    },
  },
};

/** A live subscription's period end: it renews, or is canceled when set to cancel at period end. */
function renewalDue({ state, scope, record }: Omit<Moving<FakeSubscription>, 'now'>): DueWork | undefined {
  if (record.current_period_end === null) return undefined;
  return { at: Date.parse(record.current_period_end), run: () => renew(state, scope, record) };
}

/**
 * Starts a billing period of the plan at `start`, charged: status `active`, a
 * `subscription_charged` revenue event, and `subscription.renewed` in `fake.events`.
 */
export function chargePeriod(
  state: FakeState,
  scope: Scope,
  subscription: FakeSubscription,
  start: string,
): void {
  const plan = subscription.plan;
  state.dunningOf(subscription.id).failedAttempts = 0;
  const revenue = recordRevenueEvent(scope, state.now(), {
    event_type: 'subscription_charged',
    amount: plan.amount,
    currency: plan.currency,
    subscription_id: subscription.id,
    customer_id: subscription.customer_id,
    renewal_id: newId('renewal'),
    description: `Renewal of ${plan.name}`,
  });
  transition(subscriptionLifecycle, state, scope, subscription, 'active', {
    fields: {
      current_period_start: start,
      current_period_end: addMonths(start, Math.max(1, plan.interval_count)),
    },
    revenueEventId: revenue.id,
  });
}

/**
 * Resumes a paused subscription (the `resume` action, or its `pause_end` on the clock): `active`,
 * `pause_end` now. A period that ended while it was paused is not charged; a new one starts now,
 * unless the subscription was set to cancel at its period end: then it is canceled instead.
 */
export function resume(state: FakeState, scope: Scope, subscription: FakeSubscription): void {
  const now = state.now();
  const periodEnd = subscription.current_period_end;
  const ended = periodEnd === null || Date.parse(periodEnd) <= Date.parse(now);
  if (ended && subscription.cancel_at_period_end) {
    transition(subscriptionLifecycle, state, scope, subscription, 'canceled');
    return;
  }
  transition(subscriptionLifecycle, state, scope, subscription, 'active', {
    fields: { pause_end: now },
    event: 'subscription.resumed',
  });
  if (ended) chargePeriod(state, scope, subscription, now);
}

/** Whether the next charge of a subscription fails: forced, a failing method, or an unusable one. */
function chargeFails(state: FakeState, scope: Scope, subscription: FakeSubscription): boolean {
  const dunning = state.dunningOf(subscription.id);
  if (dunning.failNext > 0) {
    dunning.failNext -= 1;
    return true;
  }
  const methodId = subscription.payment_method_id;
  if (methodId === null || state.failingPaymentMethods.has(methodId)) return true;
  return scope.paymentMethods.get(methodId)?.status !== 'active';
}

/**
 * The renewal date arrives (or a retry's): cancel when `cancel_at_period_end`, else try the
 * charge. `outcome` forces it (the `chargeRenewal` / `failRenewal` simulations).
 */
export function renew(
  state: FakeState,
  scope: Scope,
  subscription: FakeSubscription,
  outcome?: 'charged' | 'failed',
): void {
  if (subscription.status === 'trialing')
    state.emit(scope, 'subscription.trial_ended', subscription.id, subscription.status);
  if (subscription.cancel_at_period_end) {
    transition(subscriptionLifecycle, state, scope, subscription, 'canceled');
    return;
  }
  const fails = outcome === undefined ? chargeFails(state, scope, subscription) : outcome === 'failed';
  if (!fails) {
    chargePeriod(state, scope, subscription, subscription.current_period_end ?? state.now());
    return;
  }
  const dunning = state.dunningOf(subscription.id);
  dunning.failedAttempts += 1;
  transition(subscriptionLifecycle, state, scope, subscription, 'past_due', {
    attempt: dunning.failedAttempts,
  });
  if (dunning.failedAttempts > state.renewalRetries.retryDays.length)
    transition(subscriptionLifecycle, state, scope, subscription, state.renewalRetries.finalStatus);
}

/** The clock's work on subscriptions: each one's next renewal, retry, resume or cancel due by `to`. */
export const subscriptionsDue: DueSource = dueSource(subscriptionLifecycle, (scope) => scope.subscriptions);

/** Moves subscriptions the way the billing engine would (`fake.simulate`). */
export interface SubscriptionSimulations {
  /**
   * The renewal date arrives and the charge succeeds, whatever is set to fail: a new period of
   * `plan.interval_count` months starts where the current one ended (the trial's end for a
   * `trialing` subscription), status `active`, and a `subscription_charged` revenue event is
   * recorded with `subscription_id`, `customer_id`, a new `renewal_id` (`ren_…`), the plan's
   * amount and currency. Works from `trialing`, `active` and `past_due`. A subscription with
   * `cancel_at_period_end` is not charged: it becomes `canceled`, with `canceled_at`.
   *
   * @param subscriptionId - The subscription, prefix `sub_`.
   * @returns The subscription after the renewal.
   * @throws {FakeApiError} 409 from `paused`, `canceled` or `expired`; 404 for an unknown id.
   */
  chargeRenewal(subscriptionId: string): Subscription;
  /**
   * The renewal charge (or its retry) fails now: status `past_due`, the period does not move and
   * nothing is recorded in the ledger; the clock retries it on the retry schedule. When this was
   * the last retry, the subscription ends (`renewalRetries.finalStatus`).
   *
   * @param subscriptionId - The subscription, prefix `sub_`.
   * @returns The subscription, now `past_due` (or ended).
   * @throws {FakeApiError} 409 from `paused`, `canceled` or `expired`; 404 for an unknown id.
   */
  failRenewal(subscriptionId: string): Subscription;
  /**
   * Makes the subscription's next `times` charge attempts fail when they come due on the clock (a
   * renewal, the end of a trial, each retry counts as one attempt).
   *
   * @param subscriptionId - The subscription, prefix `sub_`.
   * @param options - `times`: attempts that fail, a whole number of at least 1 or `Infinity`;
   *   default 1 (the renewal fails, its first retry succeeds).
   * @returns The subscription, unchanged for now.
   * @throws {FakeApiError} 404 for an unknown id; 400 for a bad `times`.
   */
  failNextRenewal(subscriptionId: string, options?: { times?: number }): Subscription;
  /**
   * Marks a payment method to fail every charge (or, with `false`, to succeed again): each
   * subscription it pays goes `past_due` at its next renewal and through the retries.
   *
   * @param paymentMethodId - The payment method, prefix `pm_`.
   * @param failing - Whether its charges fail; default `true`.
   * @returns The payment method.
   * @throws {FakeApiError} 404 for an unknown id.
   */
  failPaymentMethod(paymentMethodId: string, failing?: boolean): PaymentMethod;
  /**
   * Pauses a `trialing` or `active` subscription until `resumesAt` (as a dashboard can): status
   * `paused`, `pause_start` now, `pause_end` `resumesAt`; the clock resumes it then.
   *
   * @param subscriptionId - The subscription, prefix `sub_`.
   * @param resumesAt - When it resumes: a `Date` or ISO 8601 string after the clock's now.
   * @returns The paused subscription.
   * @throws {FakeApiError} 409 from another status; 400 for a time not after now.
   */
  pauseUntil(subscriptionId: string, resumesAt: Date | string): Subscription;
}

/** @returns The subscription simulations bound to the fake's state. */
export function subscriptionSimulations(state: FakeState): SubscriptionSimulations {
  const find = (id: string) => state.locate('subscriptions', id, 'subscription');
  const renewing = (id: string, outcome: 'charged' | 'failed'): FakeSubscription => {
    const { scope, record } = find(id);
    // A live subscription is one whose renewal can still fail: trialing, active, past_due.
    if (!subscriptionLifecycle.moves[record.status].includes('past_due')) {
      throw conflict(`Subscription ${id} is ${record.status}; only a live subscription renews.`);
    }
    renew(state, scope, record, outcome);
    return record;
  };
  return {
    chargeRenewal: (id) => renewing(id, 'charged'),
    failRenewal: (id) => renewing(id, 'failed'),
    failNextRenewal: (id, options = {}) => {
      const times = options.times ?? 1;
      if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1)))
        throw invalid('times', `must be a whole number of at least 1 or Infinity, got ${times}`);
      const { record } = find(id);
      state.dunningOf(id).failNext = times;
      return record;
    },
    failPaymentMethod: (id, failing = true) => {
      const { record } = state.locate('paymentMethods', id, 'payment method');
      if (failing) state.failingPaymentMethods.add(id);
      else state.failingPaymentMethods.delete(id);
      return record;
    },
    pauseUntil: (id, resumesAt) => {
      const { scope, record } = find(id);
      const until = new Date(resumesAt);
      if (Number.isNaN(until.getTime()) || until.getTime() <= Date.parse(state.now()))
        throw invalid('resumesAt', `must be a time after the clock's now (${state.now()})`);
      if (record.status !== 'trialing' && record.status !== 'active')
        throw conflict(`Cannot pause subscription ${id}: it is ${record.status}.`);
      return transition(subscriptionLifecycle, state, scope, record, 'paused', {
        fields: { pause_start: state.now(), pause_end: until.toISOString() },
      });
    },
  };
}
