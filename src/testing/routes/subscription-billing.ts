import type { SubscriptionStatus } from '../../resources/subscriptions.js';
import { recordRevenueEvent } from '../ledger.js';
import { type DueWork, dueSource, type Lifecycle, type Moving, transition } from '../lifecycle.js';
import type { FakeSubscription } from '../records.js';
import type { DueSource } from '../schedule.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';
import { LAST_TIME_MS, storable } from '../time-range.js';

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
function addMonths(ms: number, months: number): number {
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
  const end = periodEnd(start, plan); // refused past the last time, before anything is recorded
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
  const dunning = state.dunningOf(subscription.id);
  if (dunning.failNext > 0) {
    dunning.failNext -= 1;
    return true;
  }
  return methodFails(state, scope, subscription);
}

/** Whether every charge through a subscription's payment method fails: none, set to fail, unusable. */
function methodFails(state: FakeState, scope: Scope, subscription: FakeSubscription): boolean {
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

/**
 * What moving the clock to `to` may do to subscriptions, told before anything happens: at most how
 * many charges it attempts (every renewal of a live subscription due by then, as if none failed
 * or ended, plus the retries of every renewal that may fail), and whether a period it starts could
 * end past the fake's last time (then the move runs whole or not at all).
 *
 * @param state - The fake's state.
 * @param to - Where the clock moves, ms.
 * @returns The charges at most, and whether the move comes near the last time.
 */
export function renewalOutlook(state: FakeState, to: number): { charges: number; nearEnd: boolean } {
  let charges = 0;
  let nearEnd = false;
  for (const scope of state.scopes())
    for (const record of scope.subscriptions.all()) {
      const next = nextCharge(record);
      if (next === null || Date.parse(next) > to) continue;
      const months = Math.max(1, record.plan.interval_count);
      const renewals = 1 + Math.floor(monthsBetween(next, to) / months);
      charges += record.cancel_at_period_end ? 1 : renewals + retriesAtMost(state, scope, record, renewals);
      nearEnd ||= !(addMonths(to, months) <= LAST_TIME_MS);
    }
  return { charges, nearEnd };
}

/**
 * The retries `renewals` renewals of a subscription may need: a whole schedule when it is
 * `past_due` or its payment method fails (the subscription ends when the schedule does), and one
 * per forced failure (`failNextRenewal`) beside, at most a schedule per renewal.
 */
function retriesAtMost(state: FakeState, scope: Scope, record: FakeSubscription, renewals: number): number {
  const schedule = state.renewalRetries.retryDays.length;
  const failing = record.status === 'past_due' || methodFails(state, scope, record);
  const forced = state.dunning.get(record.id)?.failNext ?? 0;
  return (failing ? schedule : 0) + Math.min(forced, renewals * schedule);
}

/** Calendar months from one time to a later one, counted by month number (an upper bound). */
function monthsBetween(from: string, to: number): number {
  const [a, b] = [new Date(from), new Date(to)];
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

/** When a subscription's next charge (or cancel) falls due: its period end, or a pause's end. */
function nextCharge(record: FakeSubscription): string | null {
  if (record.status === 'paused')
    return record.pause_end ?? (record.cancel_at_period_end ? record.current_period_end : null);
  return subscriptionLifecycle.moves[record.status].includes('past_due') ? record.current_period_end : null;
}

/** The clock's work on subscriptions: each one's next renewal, retry, resume or cancel due by `to`. */
export const subscriptionsDue: DueSource = dueSource(subscriptionLifecycle, (scope) => scope.subscriptions);
