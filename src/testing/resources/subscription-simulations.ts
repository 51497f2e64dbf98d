import type { PaymentMethod } from '../../resources/payment-methods.js';
import type { Subscription } from '../../resources/subscriptions/model.js';
import { LAST_TIME, LAST_TIME_MS } from '../clock/time-range.js';
import { conflict, invalid, optionsArgument } from '../http/errors.js';
import { transition } from '../state/lifecycle.js';
import type { FakeState } from '../state/state.js';
import { paymentMethods } from './payment-methods.js';
import {
  dunningOf,
  type FakeSubscription,
  failingPaymentMethods,
  renew,
  subscriptionLifecycle,
  subscriptions,
} from './subscription-billing.js';

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

/** @returns The subscription simulations bound to a state. */
export function subscriptionSimulations(state: FakeState): SubscriptionSimulations {
  const find = (id: string) => state.locate(subscriptions, id, 'subscription');
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
    failNextRenewal: (id, options) => {
      const times = optionsArgument(options, 'options').times ?? 1;
      if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1)))
        throw invalid('times', `must be a whole number of at least 1 or Infinity, got ${times}`);
      const { record } = find(id);
      dunningOf(state, id).failNext = times;
      return record;
    },
    failPaymentMethod: (id, failing = true) => {
      if (typeof failing !== 'boolean')
        throw invalid('failing', `must be true or false, got ${typeof failing}`);
      const { record } = state.locate(paymentMethods, id, 'payment method');
      if (failing) state.side(failingPaymentMethods).add(id);
      else state.side(failingPaymentMethods).delete(id);
      return record;
    },
    pauseUntil: (id, resumesAt) => {
      const { scope, record } = find(id);
      const until = new Date(resumesAt);
      if (Number.isNaN(until.getTime()) || until.getTime() <= Date.parse(state.now()))
        throw invalid('resumesAt', `must be a time after the clock's now (${state.now()})`);
      if (until.getTime() > LAST_TIME_MS) throw invalid('resumesAt', `must be at most ${LAST_TIME}`);
      if (record.status !== 'trialing' && record.status !== 'active')
        throw conflict(`Cannot pause subscription ${id}: it is ${record.status}.`);
      return transition(subscriptionLifecycle, state, scope, record, 'paused', {
        fields: { pause_start: state.now(), pause_end: until.toISOString() },
      });
    },
  };
}
