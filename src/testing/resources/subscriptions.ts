import { subscriptionSpec } from '../../resources/subscriptions/operations.js';
import type { Cost, DueSource } from '../clock/scheduler.js';
import { LAST_TIME_MS } from '../clock/time-range.js';
import type { ResourceModule } from '../resource.js';
import { lifecycleDue } from '../state/lifecycle.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';
import {
  addMonths,
  dunning,
  type FakeSubscription,
  methodFails,
  subscriptionLifecycle,
  subscriptions,
} from './subscription-billing.js';
import { subscriptionSimulations } from './subscription-simulations.js';

/** When a subscription's next charge (or cancel) falls due: its period end, or a pause's end. */
function nextCharge(record: FakeSubscription): string | null {
  if (record.status === 'paused')
    return record.pause_end ?? (record.cancel_at_period_end ? record.current_period_end : null);
  return subscriptionLifecycle.moves[record.status].includes('past_due') ? record.current_period_end : null;
}

/** Calendar months from one time to a later one, counted by month number (an upper bound). */
function monthsBetween(from: string, to: number): number {
  const [a, b] = [new Date(from), new Date(to)];
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

/**
 * What moving the clock to `to` may do to a subscription whose next charge falls by then, told
 * before anything happens: at most how many charges it attempts (every renewal due by then, as if
 * none failed or ended, plus the retries of every renewal that may fail), and whether a period it
 * starts could end past the fake's last time (then the move runs whole or not at all).
 */
function renewalCost(state: FakeState, scope: Scope, record: FakeSubscription, to: number): Cost {
  const next = nextCharge(record) as string; // the charge index holds only those that have one
  const months = Math.max(1, record.plan.interval_count);
  const renewals = 1 + Math.floor(monthsBetween(next, to) / months);
  return {
    charges: record.cancel_at_period_end ? 1 : renewals + retriesAtMost(state, scope, record, renewals),
    nearEnd: !(addMonths(to, months) <= LAST_TIME_MS),
  };
}

/**
 * The retries `renewals` renewals of a subscription may need: a whole schedule when it is
 * `past_due` or its payment method fails (the subscription ends when the schedule does), and one
 * per forced failure (`failNextRenewal`) beside, at most a schedule per renewal.
 */
function retriesAtMost(state: FakeState, scope: Scope, record: FakeSubscription, renewals: number): number {
  const schedule = state.renewalRetries.retryDays.length;
  const failing = record.status === 'past_due' || methodFails(state, scope, record);
  const forced = state.side(dunning).get(record.id)?.failNext ?? 0;
  return (failing ? schedule : 0) + Math.min(forced, renewals * schedule);
}

/** The clock's work on subscriptions: each one's next renewal, retry, resume or cancel, and its charges. */
const subscriptionsDue: DueSource<FakeState, FakeSubscription> = {
  ...lifecycleDue(subscriptionLifecycle),
  chargeAt: (_state, record) => {
    const next = nextCharge(record);
    return next === null ? undefined : Date.parse(next);
  },
  cost: (state, scope, record, to) => renewalCost(state, scope, record, to),
};

/** Subscriptions: created by the API, billed by the clock (subscription-billing.ts). */
export const subscriptionModule: ResourceModule = {
  collection: subscriptions,
  columns: subscriptionSpec.columns,
  due: subscriptionsDue,
  simulations: subscriptionSimulations,
  reports: {
    'subscription.renewed': 'renewed',
    'subscription.renewal_failed': 'failed',
    'subscription.trial_ended': 'trialEnded',
    'subscription.canceled': 'canceled',
    'subscription.expired': 'expired',
    'subscription.resumed': 'resumed',
  },
};
