import type { PaymentMethod } from '../../resources/payment-methods.js';
import type { Plan } from '../../resources/plans.js';
import {
  type Subscription,
  type SubscriptionAction,
  type SubscriptionStatus,
  subscriptionCreateParams,
  subscriptionEndpoints,
  subscriptionUpdateParams,
} from '../../resources/subscriptions.js';
import { conflict, FakeApiError, notFound } from '../errors.js';
import { recordRevenueEvent } from '../ledger.js';
import type { Route } from '../router.js';
import { type FakeState, newId, type Scope } from '../state.js';
import { type Fields, readParams } from '../validate.js';
import type { FakeCustomer } from './customers.js';

/**
 * The fake's subscription record: the wire shape, `customer` and `plan` embedded by reference, so
 * a response always shows their current state.
 */
export type FakeSubscription = Subscription & { status: SubscriptionStatus };

const subscriptionsOf = (scope: Scope) => scope.collection<FakeSubscription>('subscriptions');

/** 404 `resource_missing` naming the body parameter that points at nothing. */
function missingReference(kind: string, param: string, id: string): FakeApiError {
  return new FakeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: ${id}`, param);
}

/** 409 `invalid_state` naming the body parameter whose resource is in the wrong state. */
function unusable(param: string, message: string): FakeApiError {
  return new FakeApiError(409, 'invalid_request_error', 'invalid_state', message, param);
}

/**
 * `iso` plus `months` calendar months in UTC; the day is clamped to the end of a shorter month
 * (Jan 31 + 1 month = Feb 28/29), as billing engines do.
 */
function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.toISOString();
}

function paymentMethodFor(scope: Scope, id: string | undefined): PaymentMethod {
  const methods = scope.collection<PaymentMethod>('payment_methods');
  const method = id === undefined ? methods.all().find((m) => m.is_default) : methods.get(id);
  if (!method && id !== undefined) throw missingReference('payment method', 'payment_method_id', id);
  if (!method) {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'parameter_missing',
      'payment_method_id is required: the organization has no default payment method',
      'payment_method_id',
    );
  }
  if (method.status !== 'active')
    throw unusable('payment_method_id', `Payment method ${method.id} is ${method.status}.`);
  return method;
}

/** Starts a billing period of the plan at `start` and records its charge in the ledger. */
function chargePeriod(scope: Scope, subscription: FakeSubscription, start: string, now: string): void {
  const plan = subscription.plan;
  subscription.status = 'active';
  subscription.current_period_start = start;
  subscription.current_period_end = addMonths(start, Math.max(1, plan.interval_count));
  recordRevenueEvent(scope, now, {
    event_type: 'subscription_charged',
    amount: plan.amount,
    currency: plan.currency,
    subscription_id: subscription.id,
    customer_id: subscription.customer_id,
    renewal_id: newId('ren_'),
    description: `Renewal of ${plan.name}`,
  });
}

function createSubscription(state: FakeState, scope: Scope, body: Fields): FakeSubscription {
  const {
    customer_id: customerId,
    plan_id: planId,
    payment_method_id: methodId,
  } = readParams(subscriptionCreateParams(), body, 'body');
  const customer = scope.collection<FakeCustomer>('customers').get(customerId);
  if (!customer) throw missingReference('customer', 'customer_id', customerId);
  const plan = scope.collection<Plan>('plans').get(planId);
  if (!plan) throw missingReference('plan', 'plan_id', planId);
  if (plan.status === 'archived') throw unusable('plan_id', `Plan ${planId} is archived.`);
  const method = paymentMethodFor(scope, methodId);
  const now = state.now();
  const trialEnd =
    plan.trial_days > 0 ? new Date(Date.parse(now) + plan.trial_days * 86_400_000).toISOString() : null;
  const subscription = subscriptionsOf(scope).insert({
    id: newId('sub_'),
    org_id: scope.org_id,
    customer_id: customer.id,
    plan_id: plan.id,
    payment_method_id: method.id,
    status: 'trialing',
    current_period_start: trialEnd === null ? null : now,
    current_period_end: trialEnd,
    trial_end: trialEnd,
    canceled_at: null,
    cancel_at_period_end: false,
    pause_start: null,
    pause_end: null,
    environment: scope.environment,
    created_at: now,
    updated_at: now,
    customer,
    plan,
  });
  if (trialEnd === null) chargePeriod(scope, subscription, now, now);
  return subscription;
}

/** Source states each action is allowed from (the fake's choice; the spec leaves it "not shown"). */
const allowedFrom: Record<SubscriptionAction, readonly SubscriptionStatus[]> = {
  cancel: ['trialing', 'active', 'past_due'],
  cancel_immediately: ['trialing', 'active', 'past_due', 'paused'],
  pause: ['trialing', 'active'],
  resume: ['paused'],
};

function updateSubscription(state: FakeState, scope: Scope, id: string, body: Fields): FakeSubscription {
  const { action } = readParams(subscriptionUpdateParams(), body, 'body');
  const subscription = subscriptionsOf(scope).get(id);
  if (!subscription) throw notFound('subscription', id);
  if (!allowedFrom[action].includes(subscription.status)) {
    throw conflict(`Cannot ${action} subscription ${id}: it is ${subscription.status}.`);
  }
  const now = state.now();
  if (action === 'cancel') subscription.cancel_at_period_end = true;
  if (action === 'cancel_immediately') Object.assign(subscription, { status: 'canceled', canceled_at: now });
  if (action === 'pause')
    Object.assign(subscription, { status: 'paused', pause_start: now, pause_end: null });
  if (action === 'resume') Object.assign(subscription, { status: 'active', pause_end: now });
  subscription.updated_at = now;
  return subscription;
}

/** The subscription endpoints (spec: Subscriptions; plans and entitlements live elsewhere). */
export const subscriptionRoutes: Route[] = [
  {
    ...subscriptionEndpoints.create,
    handle: ({ state, scope, body }) => ({ status: 201, body: createSubscription(state, scope, body) }),
  },
  {
    ...subscriptionEndpoints.update,
    handle: ({ state, scope, params, body }) => ({
      status: 200,
      body: updateSubscription(state, scope, params['id'] ?? '', body),
    }),
  },
];

/** Moves subscriptions the way the billing engine would at a renewal date (`fake.simulate`). */
export interface SubscriptionSimulations {
  /**
   * The renewal date arrives and the charge succeeds: a new period of `plan.interval_count` months
   * starts where the current one ended (the trial's end for a `trialing` subscription), status
   * `active`, and a `subscription_charged` revenue event is recorded with `subscription_id`,
   * `customer_id`, a new `renewal_id` (`ren_…`), the plan's amount and currency. Works from
   * `trialing`, `active` and `past_due`. A subscription with `cancel_at_period_end` is not charged:
   * its period ends and it becomes `canceled`, with `canceled_at`.
   *
   * @param subscriptionId - The subscription, prefix `sub_`.
   * @returns The subscription after the renewal.
   * @throws {FakeApiError} 409 from `paused`, `canceled` or `expired`; 404 for an unknown id.
   */
  chargeRenewal(subscriptionId: string): Subscription;
  /**
   * The renewal charge fails: status `past_due`; the period does not move and nothing is recorded
   * in the ledger. Works from `trialing`, `active` and `past_due`.
   *
   * @param subscriptionId - The subscription, prefix `sub_`.
   * @returns The subscription, now `past_due`.
   * @throws {FakeApiError} 409 from `paused`, `canceled` or `expired`; 404 for an unknown id.
   */
  failRenewal(subscriptionId: string): Subscription;
}

const renewable: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** @returns The subscription simulations bound to the fake's state. */
export function subscriptionSimulations(state: FakeState): SubscriptionSimulations {
  const renewing = (id: string): { scope: Scope; record: FakeSubscription } => {
    const found = state.locate<FakeSubscription>('subscriptions', id, 'subscription');
    if (!renewable.includes(found.record.status)) {
      throw conflict(`Subscription ${id} is ${found.record.status}; only a live subscription renews.`);
    }
    return found;
  };
  return {
    chargeRenewal: (id) => {
      const { scope, record } = renewing(id);
      const now = state.now();
      if (record.cancel_at_period_end) Object.assign(record, { status: 'canceled', canceled_at: now });
      else chargePeriod(scope, record, record.current_period_end ?? now, now);
      record.updated_at = now;
      return record;
    },
    failRenewal: (id) => {
      const { record } = renewing(id);
      Object.assign(record, { status: 'past_due', updated_at: state.now() });
      return record;
    },
  };
}
