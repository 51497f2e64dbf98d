import type { Subscription, SubscriptionStatus } from '../../resources/subscriptions/model.js';
import type { DueWork } from '../clock/scheduler.js';
import { storable } from '../clock/time-range.js';
import type { Known } from '../resource.js';
import { type Lifecycle, type Moving, transition } from '../state/lifecycle.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';
import type { FakeState, SideKey } from '../state/state.js';
import type { FakeCustomer } from './customers.js';
import { paymentMethods } from './payment-methods.js';
import type { FakePlan } from './plans.js';
import { recordRevenueEvent } from './revenue-events.js';

/** The fake's subscription record: the wire shape, `customer` and `plan` embedded by reference. */
export type FakeSubscription = Known<
  Subscription,
  { status: SubscriptionStatus; customer: FakeCustomer; plan: FakePlan }
>;

/** The subscriptions of a scope. */
export const subscriptions: CollectionKey<FakeSubscription> = collectionKey('subscriptions');

/** What billing needs to know of a subscription beyond its wire fields. */
export interface Dunning {
  /** Failed attempts at the current renewal (0 when it is not `past_due`). */
  failedAttempts: number;
  /** How many of the next charge attempts must fail (`simulate.failNextRenewal`). */
  failNext: number;
}

/** Billing state by subscription id. */
export const dunning: SideKey<Map<string, Dunning>> = { name: 'dunning', create: () => new Map() };

/** Payment methods whose charges fail (`simulate.failPaymentMethod`), by id. */
export const failingPaymentMethods: SideKey<Set<string>> = {
  name: 'failingPaymentMethods',
  create: () => new Set(),
};

/** The billing state of a subscription, created on first use. */
export function dunningOf(state: FakeState, subscriptionId: string): Dunning {
  const all = state.side(dunning);
  let found = all.get(subscriptionId);
  if (!found) {
    found = { failedAttempts: 0, failNext: 0 };
    all.set(subscriptionId, found);
  }
  return found;
}

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
 * `ms` plus `months` calendar months in UTC; the day is clamped to the end of a shorter month
 * (Jan 31 + 1 month = Feb 28/29), as billing engines do.
 *
 * @returns The time in ms; `NaN` past a `Date`'s range.
 */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return date.setUTCDate(Math.min(day, lastDay));
}

/**
 * The end of a plan's period that starts at `start`.
 *
 * @throws {OutOfTime} When it would fall past the fake's last time (nothing is changed yet).
 */
export function periodEnd(start: string, plan: { interval_count: number }): string {
  return storable(
    addMonths(Date.parse(start), Math.max(1, plan.interval_count)),
    "the subscription's period end",
  );
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
  collection: subscriptions,
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
      const attempts = dunningOf(state, record.id).failedAttempts;
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
  const end = periodEnd(start, plan); // refused past the last time, before anything is recorded
  dunningOf(state, subscription.id).failedAttempts = 0;
  const revenue = recordRevenueEvent(state, scope, {
    event_type: 'subscription_charged',
    amount: plan.amount,
    currency: plan.currency,
    subscription_id: subscription.id,
    customer_id: subscription.customer_id,
    renewal_id: state.ids.id('renewal'),
    description: `Renewal of ${plan.name}`,
  });
  transition(subscriptionLifecycle, state, scope, subscription, 'active', {
    fields: {
      current_period_start: start,
      current_period_end: end,
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
  const dunning = dunningOf(state, subscription.id);
  if (dunning.failNext > 0) {
    dunning.failNext -= 1;
    return true;
  }
  return methodFails(state, scope, subscription);
}

/** Whether every charge through a subscription's payment method fails: none, set to fail, unusable. */
export function methodFails(state: FakeState, scope: Scope, subscription: FakeSubscription): boolean {
  const methodId = subscription.payment_method_id;
  if (methodId === null || state.side(failingPaymentMethods).has(methodId)) return true;
  return scope.of(paymentMethods).get(methodId)?.status !== 'active';
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
  const dunning = dunningOf(state, subscription.id);
  dunning.failedAttempts += 1;
  transition(subscriptionLifecycle, state, scope, subscription, 'past_due', {
    attempt: dunning.failedAttempts,
  });
  if (dunning.failedAttempts > state.renewalRetries.retryDays.length)
    transition(subscriptionLifecycle, state, scope, subscription, state.renewalRetries.finalStatus);
}
