import type { Wire } from '../../internal/tie.js';
import type {
  SubscriptionAction,
  SubscriptionCreateParams,
  SubscriptionStatus,
} from '../../resources/subscriptions/model.js';
import { subscriptionOperations } from '../../resources/subscriptions/operations.js';
import { storable } from '../clock/time-range.js';
import { conflict, FakeApiError, notFound } from '../http/errors.js';
import { type Route, route } from '../http/route.js';
import { customers } from '../resources/customers.js';
import { type FakePaymentMethod, paymentMethods } from '../resources/payment-methods.js';
import { plans } from '../resources/plans.js';
import {
  chargePeriod,
  type FakeSubscription,
  periodEnd,
  resume,
  subscriptionLifecycle,
  subscriptions,
} from '../resources/subscription-billing.js';
import { transition } from '../state/lifecycle.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

/** 404 `resource_missing` naming the body parameter that points at nothing. */
function missingReference(kind: string, param: string, id: string): FakeApiError {
  return new FakeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: ${id}`, param);
}

/** 409 `invalid_state` naming the body parameter whose resource is in the wrong state. */
function unusable(param: string, message: string): FakeApiError {
  return new FakeApiError(409, 'invalid_request_error', 'invalid_state', message, param);
}

function paymentMethodFor(scope: Scope, id: string | undefined): FakePaymentMethod {
  const methods = scope.of(paymentMethods);
  const method = id === undefined ? methods.all().find((m) => m.is_default) : methods.get(id);
  if (!method && id !== undefined) throw missingReference('payment method', 'payment_method_id', id);
  if (!method) {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'parameter_missing',
      'payment_method_id is required: the organization has no default payment method; pass payment_method_id, or seed one with fake.seed.paymentMethod({ is_default: true })',
      'payment_method_id',
    );
  }
  if (method.status !== 'active')
    throw unusable('payment_method_id', `Payment method ${method.id} is ${method.status}.`);
  return method;
}

function createSubscription(
  state: FakeState,
  scope: Scope,
  params: Wire<SubscriptionCreateParams>,
): FakeSubscription {
  const { customer_id: customerId, plan_id: planId, payment_method_id: methodId } = params;
  const customer = scope.of(customers).get(customerId);
  if (!customer) throw missingReference('customer', 'customer_id', customerId);
  const plan = scope.of(plans).get(planId);
  if (!plan) throw missingReference('plan', 'plan_id', planId);
  if (plan.status === 'archived') throw unusable('plan_id', `Plan ${planId} is archived.`);
  const method = paymentMethodFor(scope, methodId);
  const now = state.now();
  // Each date it will carry is checked before anything is stored: none may pass the last time.
  const trialEnd =
    plan.trial_days > 0 ? storable(Date.parse(now) + plan.trial_days * 86_400_000, "the trial's end") : null;
  if (trialEnd === null) periodEnd(now, plan);
  const subscription = state.insert(subscriptions, scope, {
    id: state.ids.id('subscription'),
    org_id: scope.org_id,
    customer_id: customer.id,
    plan_id: plan.id,
    payment_method_id: method.id,
    // Born in the state the API answers with, so its created event says so: without a trial it
    // is active from the start, and its first period is charged as a renewal.
    status: trialEnd === null ? 'active' : subscriptionLifecycle.initial,
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
  state.emit(scope, 'subscription.created', subscription.id, subscription.status);
  if (trialEnd === null) chargePeriod(state, scope, subscription, now);
  return subscription;
}

const moves = subscriptionLifecycle.moves;

/**
 * The states each action is allowed from (the fake's choice; the spec leaves it "not shown"), read
 * off the lifecycle: a cancel at period end needs a subscription that still renews (one whose
 * renewal can fail), the others a state that may move where the action goes.
 */
const allowedFrom: Record<SubscriptionAction, (status: SubscriptionStatus) => boolean> = {
  cancel: (status) => moves[status].includes('past_due'),
  cancel_immediately: (status) => moves[status].includes('canceled'),
  pause: (status) => moves[status].includes('paused'),
  resume: (status) => status === 'paused',
};

function updateSubscription(
  state: FakeState,
  scope: Scope,
  id: string,
  action: SubscriptionAction,
): FakeSubscription {
  const subscription = scope.of(subscriptions).get(id);
  if (!subscription) throw notFound('subscription', id);
  if (!allowedFrom[action](subscription.status)) {
    throw conflict(`Cannot ${action} subscription ${id}: it is ${subscription.status}.`);
  }
  const now = state.now();
  subscription.updated_at = now;
  if (action === 'resume') resume(state, scope, subscription);
  if (action === 'cancel_immediately')
    transition(subscriptionLifecycle, state, scope, subscription, 'canceled');
  if (action === 'pause')
    transition(subscriptionLifecycle, state, scope, subscription, 'paused', {
      fields: { pause_start: now, pause_end: null },
    });
  if (action === 'cancel') {
    // Not a move: the subscription stays as it is until its period end (the clock cancels it then).
    subscription.cancel_at_period_end = true;
    state.schedule(subscriptions, scope, subscription);
    state.emit(scope, 'subscription.cancel_scheduled', id, subscription.status);
  }
  return subscription;
}

/** The subscription endpoints (spec: Subscriptions; plans and entitlements live elsewhere). */
export const subscriptionRoutes: Route[] = [
  route(subscriptionOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createSubscription(state, scope, params),
  })),
  route(subscriptionOperations.update, ({ state, scope, id, params }) => ({
    status: 200,
    body: updateSubscription(state, scope, id, params.action),
  })),
];
