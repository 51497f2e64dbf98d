// The client's `subscriptions` namespace: each method is the function of the same operation, bound.
import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/request-options.js';
import { APIResource } from '../../core/resource.js';
import {
  subscriptionsCancel,
  subscriptionsCancelImmediately,
  subscriptionsCreate,
  subscriptionsPause,
  subscriptionsResume,
  subscriptionsUpdate,
} from './functions.js';
import type { Subscription, SubscriptionCreateParams, SubscriptionUpdateParams } from './model.js';

/** Subscriptions: create, cancel, pause, resume (spec: Subscriptions). */
export class Subscriptions extends APIResource {
  /**
   * Subscribes a customer to a plan; the first renewal is created at once (spec: POST
   * /subscriptions). A plan with a trial gives status `trialing` with `trial_end` set.
   *
   * @param params - `customer_id` (prefix `cus_`), `plan_id` (prefix `plan_`), optional
   *   `payment_method_id` (prefix `pm_`; the default payment method when omitted).
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries, so a
   *   retry never subscribes twice.
   * @returns The subscription, with `customer` and `plan` embedded.
   * @throws {RequestValidationError} on a missing id or one without its prefix, before sending.
   * @throws {NotFoundError} when the customer, plan or payment method does not exist;
   *   {@link ConflictError} when the plan is archived; {@link AuthenticationError} on a rejected key.
   * @example
   * ```ts
   * const subscription = await chainbill.subscriptions.create({ customer_id: 'cus_123', plan_id: 'plan_pro' });
   * console.log(subscription.status, subscription.customer.email, subscription.plan.amount);
   * ```
   */
  create(params: SubscriptionCreateParams, options?: RequestOptions): APIPromise<Subscription> {
    return subscriptionsCreate(this._core, params, options);
  }

  /**
   * Cancels, pauses or resumes a subscription (spec: PATCH /subscriptions/{id}).
   *
   * @param id - Subscription id, prefix `sub_`.
   * @param params - `action`: `cancel`, `cancel_immediately`, `pause` or `resume`.
   * @param options - Per-call options.
   * @returns The updated subscription, with `customer` and `plan` embedded.
   * @throws {RequestValidationError} on a bad id or a missing or unknown action, before sending.
   * @throws {NotFoundError} when no such subscription; {@link ConflictError} when its state does
   *   not allow the action.
   * @example
   * ```ts
   * const paused = await chainbill.subscriptions.update('sub_123', { action: 'pause' });
   * console.log(paused.status, paused.pause_start);
   * ```
   */
  update(id: string, params: SubscriptionUpdateParams, options?: RequestOptions): APIPromise<Subscription> {
    return subscriptionsUpdate(this._core, id, params, options);
  }

  /**
   * Cancels at the end of the current period: `cancel_at_period_end` becomes `true` (spec: PATCH
   * /subscriptions/{id} with `action=cancel`).
   *
   * @param id - Subscription id, prefix `sub_`.
   * @param options - Per-call options.
   * @returns The updated subscription.
   * @throws {ConflictError} when its state does not allow it; {@link NotFoundError} when missing.
   * @example
   * ```ts
   * const subscription = await chainbill.subscriptions.cancel('sub_123');
   * console.log(subscription.cancel_at_period_end, subscription.current_period_end);
   * ```
   */
  cancel(id: string, options?: RequestOptions): APIPromise<Subscription> {
    return subscriptionsCancel(this._core, id, options);
  }

  /**
   * Cancels now: status `canceled`, with `canceled_at` (spec: PATCH /subscriptions/{id} with
   * `action=cancel_immediately`).
   *
   * @param id - Subscription id, prefix `sub_`.
   * @param options - Per-call options.
   * @returns The canceled subscription.
   * @throws {ConflictError} when it is already canceled or expired; {@link NotFoundError} when missing.
   * @example
   * ```ts
   * await chainbill.subscriptions.cancelImmediately('sub_123');
   * ```
   */
  cancelImmediately(id: string, options?: RequestOptions): APIPromise<Subscription> {
    return subscriptionsCancelImmediately(this._core, id, options);
  }

  /**
   * Pauses a subscription: status `paused`, with `pause_start` (spec: PATCH /subscriptions/{id}
   * with `action=pause`).
   *
   * @param id - Subscription id, prefix `sub_`.
   * @param options - Per-call options.
   * @returns The paused subscription.
   * @throws {ConflictError} when its state does not allow it; {@link NotFoundError} when missing.
   * @example
   * ```ts
   * const paused = await chainbill.subscriptions.pause('sub_123');
   * ```
   */
  pause(id: string, options?: RequestOptions): APIPromise<Subscription> {
    return subscriptionsPause(this._core, id, options);
  }

  /**
   * Resumes a paused subscription: status `active`, with `pause_end` (spec: PATCH
   * /subscriptions/{id} with `action=resume`).
   *
   * @param id - Subscription id, prefix `sub_`.
   * @param options - Per-call options.
   * @returns The resumed subscription.
   * @throws {ConflictError} when it is not paused; {@link NotFoundError} when missing.
   * @example
   * ```ts
   * const resumed = await chainbill.subscriptions.resume('sub_123');
   * console.log(resumed.status, resumed.pause_end);
   * ```
   */
  resume(id: string, options?: RequestOptions): APIPromise<Subscription> {
    return subscriptionsResume(this._core, id, options);
  }
}
