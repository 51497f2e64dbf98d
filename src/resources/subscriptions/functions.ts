// The functions of chainbill/funcs for subscriptions: each sends its operation through a core.
import type { APIPromise } from '../../core/api-promise.js';
import type { ChainbillCore } from '../../core/chainbill-core.js';
import type { RequestOptions } from '../../core/request-options.js';
import { call, callAction } from '../../internal/call.js';
import type { Subscription, SubscriptionCreateParams, SubscriptionUpdateParams } from './model.js';
import {
  subscriptionCancelAction,
  subscriptionCancelImmediatelyAction,
  subscriptionCreateOperation,
  subscriptionPauseAction,
  subscriptionResumeAction,
  subscriptionUpdateOperation,
} from './operations.js';

/**
 * Subscribes a customer to a plan; the first renewal is created at once (spec: POST
 * /subscriptions). A plan with a trial gives status `trialing` with `trial_end` set.
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `customer_id` (prefix `cus_`), `plan_id` (prefix `plan_`), optional
 *   `payment_method_id` (prefix `pm_`; the default payment method when omitted).
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries, so a
 *   retry never subscribes twice.
 * @returns The subscription, with `customer` and `plan` embedded.
 * @throws {RequestValidationError} on a missing id or one without its prefix, before sending.
 * @throws {NotFoundError} when the customer, plan or payment method does not exist;
 *   `ConflictError` when the plan is archived; `AuthenticationError` on a rejected key.
 * @example
 * ```ts
 * const subscription = await subscriptionsCreate(core, { customer_id: 'cus_123', plan_id: 'plan_pro' });
 * console.log(subscription.status, subscription.customer.email, subscription.plan.amount);
 * ```
 */
export function subscriptionsCreate(
  core: ChainbillCore,
  params: SubscriptionCreateParams,
  options?: RequestOptions,
): APIPromise<Subscription> {
  return call(core, subscriptionCreateOperation, { params }, options);
}

/**
 * Cancels, pauses or resumes a subscription (spec: PATCH /subscriptions/{id}).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Subscription id, prefix `sub_`.
 * @param params - `action`: `cancel`, `cancel_immediately`, `pause` or `resume`.
 * @param options - Per-call options.
 * @returns The updated subscription, with `customer` and `plan` embedded.
 * @throws {RequestValidationError} on a bad id or a missing or unknown action, before sending.
 * @throws {NotFoundError} when no such subscription; `ConflictError` when its state does
 *   not allow the action.
 * @example
 * ```ts
 * const paused = await subscriptionsUpdate(core, 'sub_123', { action: 'pause' });
 * console.log(paused.status, paused.pause_start);
 * ```
 */
export function subscriptionsUpdate(
  core: ChainbillCore,
  id: string,
  params: SubscriptionUpdateParams,
  options?: RequestOptions,
): APIPromise<Subscription> {
  return call(core, subscriptionUpdateOperation, { id, params }, options);
}

/**
 * Cancels at the end of the current period: `cancel_at_period_end` becomes `true` (spec: PATCH
 * /subscriptions/{id} with `action=cancel`).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Subscription id, prefix `sub_`.
 * @param options - Per-call options.
 * @returns The updated subscription.
 * @throws {ConflictError} when its state does not allow it; `NotFoundError` when missing.
 * @example
 * ```ts
 * const subscription = await subscriptionsCancel(core, 'sub_123');
 * console.log(subscription.cancel_at_period_end, subscription.current_period_end);
 * ```
 */
export function subscriptionsCancel(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<Subscription> {
  return callAction(core, subscriptionCancelAction, id, options);
}

/**
 * Cancels now: status `canceled`, with `canceled_at` (spec: PATCH /subscriptions/{id} with
 * `action=cancel_immediately`).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Subscription id, prefix `sub_`.
 * @param options - Per-call options.
 * @returns The canceled subscription.
 * @throws {ConflictError} when it is already canceled or expired; `NotFoundError` when missing.
 * @example
 * ```ts
 * await subscriptionsCancelImmediately(core, 'sub_123');
 * ```
 */
export function subscriptionsCancelImmediately(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<Subscription> {
  return callAction(core, subscriptionCancelImmediatelyAction, id, options);
}

/**
 * Pauses a subscription: status `paused`, with `pause_start` (spec: PATCH /subscriptions/{id}
 * with `action=pause`).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Subscription id, prefix `sub_`.
 * @param options - Per-call options.
 * @returns The paused subscription.
 * @throws {ConflictError} when its state does not allow it; `NotFoundError` when missing.
 * @example
 * ```ts
 * const paused = await subscriptionsPause(core, 'sub_123');
 * ```
 */
export function subscriptionsPause(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<Subscription> {
  return callAction(core, subscriptionPauseAction, id, options);
}

/**
 * Resumes a paused subscription: status `active`, with `pause_end` (spec: PATCH
 * /subscriptions/{id} with `action=resume`).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Subscription id, prefix `sub_`.
 * @param options - Per-call options.
 * @returns The resumed subscription.
 * @throws {ConflictError} when it is not paused; `NotFoundError` when missing.
 * @example
 * ```ts
 * const resumed = await subscriptionsResume(core, 'sub_123');
 * console.log(resumed.status, resumed.pause_end);
 * ```
 */
export function subscriptionsResume(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<Subscription> {
  return callAction(core, subscriptionResumeAction, id, options);
}
