import type { PaymentMethod } from '../../resources/payment-methods.js';
import type { Subscription, SubscriptionStatus } from '../../resources/subscriptions.js';
import { conflict, invalid } from '../errors.js';
import { recordRevenueEvent } from '../ledger.js';
import type { Due, DueSource } from '../schedule.js';
import { type FakeState, newId, type Scope } from '../state.js';

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

/** The fake's subscription record: the wire shape, `customer` and `plan` embedded by reference. */
export type FakeSubscription = Subscription & { status: SubscriptionStatus };

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
  Object.assign(subscription, {
    status: 'active',
    current_period_start: start,
    current_period_end: addMonths(start, Math.max(1, plan.interval_count)),
    updated_at: state.now(),
  });
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
  state.emit(scope, 'subscription.renewed', subscription.id, 'active', { revenueEventId: revenue.id });
}

/** Ends a subscription as `canceled` (with `canceled_at`) or `expired`. */
function end(
  state: FakeState,
  scope: Scope,
  subscription: FakeSubscription,
  status: 'canceled' | 'expired',
): void {
  const now = state.now();
  Object.assign(subscription, { status, updated_at: now }, status === 'canceled' && { canceled_at: now });
  state.emit(scope, `subscription.${status}`, subscription.id, status);
}

/**
 * Resumes a paused subscription (the `resume` action, or its `pause_end` on the clock): `active`,
 * `pause_end` now. A period that ended while it was paused is not charged; a new one starts now.
 */
export function resume(state: FakeState, scope: Scope, subscription: FakeSubscription): void {
  const now = state.now();
  Object.assign(subscription, { status: 'active', pause_end: now, updated_at: now });
  state.emit(scope, 'subscription.resumed', subscription.id, 'active');
  const periodEnd = subscription.current_period_end;
  if (periodEnd === null || Date.parse(periodEnd) <= Date.parse(now))
    chargePeriod(state, scope, subscription, now);
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
  return scope.collection<PaymentMethod>('payment_methods').get(methodId)?.status !== 'active';
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
    state.emit(scope, 'subscription.trial_ended', subscription.id, 'trialing');
  if (subscription.cancel_at_period_end) {
    end(state, scope, subscription, 'canceled');
    return;
  }
  const fails = outcome === undefined ? chargeFails(state, scope, subscription) : outcome === 'failed';
  const periodStart = subscription.current_period_end ?? state.now();
  if (!fails) {
    chargePeriod(state, scope, subscription, periodStart);
    return;
  }
  const dunning = state.dunningOf(subscription.id);
  dunning.failedAttempts += 1;
  Object.assign(subscription, { status: 'past_due', updated_at: state.now() });
  state.emit(scope, 'subscription.renewal_failed', subscription.id, 'past_due', {
    attempt: dunning.failedAttempts,
  });
  if (dunning.failedAttempts > state.renewalRetries.retryDays.length)
    end(state, scope, subscription, state.renewalRetries.finalStatus);
}

/** When a subscription has work due next, and what: a renewal, a retry, a resume. */
function nextDue(state: FakeState, scope: Scope, subscription: FakeSubscription): Due | undefined {
  const { status, current_period_end: periodEnd, pause_end: pauseEnd } = subscription;
  let at: number | undefined;
  if ((status === 'trialing' || status === 'active') && periodEnd !== null) at = Date.parse(periodEnd);
  if (status === 'past_due' && periodEnd !== null) {
    const attempts = state.dunningOf(subscription.id).failedAttempts;
    const days = state.renewalRetries.retryDays[Math.max(0, attempts - 1)] ?? 0;
    at = Date.parse(periodEnd) + days * dayMs;
  }
  if (status === 'paused' && pauseEnd !== null) at = Date.parse(pauseEnd);
  if (at === undefined) return undefined;
  return {
    at,
    fire: () => {
      if (subscription.status === 'paused') resume(state, scope, subscription);
      else renew(state, scope, subscription);
      return nextDue(state, scope, subscription);
    },
  };
}

/** The clock's work on subscriptions: each one's next renewal, retry or resume due by `to`. */
export const subscriptionsDue: DueSource = function* (state, scope, to) {
  for (const subscription of scope.collection<FakeSubscription>('subscriptions').all()) {
    const due = nextDue(state, scope, subscription);
    if (due !== undefined && due.at <= to) yield due;
  }
};

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

const renewable: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** @returns The subscription simulations bound to the fake's state. */
export function subscriptionSimulations(state: FakeState): SubscriptionSimulations {
  const find = (id: string) => state.locate<FakeSubscription>('subscriptions', id, 'subscription');
  const renewing = (id: string, outcome: 'charged' | 'failed'): FakeSubscription => {
    const { scope, record } = find(id);
    if (!renewable.includes(record.status)) {
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
      const { record } = state.locate<PaymentMethod>('payment_methods', id, 'payment method');
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
      const now = state.now();
      Object.assign(record, {
        status: 'paused',
        pause_start: now,
        pause_end: until.toISOString(),
        updated_at: now,
      });
      state.emit(scope, 'subscription.paused', id, 'paused');
      return record;
    },
  };
}
