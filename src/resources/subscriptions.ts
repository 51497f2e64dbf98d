import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Environment, Unrecognized } from '../core/types.js';
import { call, callAction } from '../internal/call.js';
import { idPrefixes } from '../internal/ids.js';
import type { Action, Operation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  dateTime,
  environmentField,
  idParam,
  lazy,
  nullableTime,
  openEnum,
  responseObject,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';
import { type Customer, customerSchema } from './customers.js';
import { type Plan, planSchema } from './plans.js';

/** Subscription states (spec: States and transitions, Subscription). */
export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'paused',
  'canceled',
  'expired',
] as const;
/**
 * Subscription states (spec: States and transitions, Subscription): `trialing` (in trial),
 * `active`, `past_due` (payment failed, retrying), `paused`, `canceled`, `expired`.
 */
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The actions of `PATCH /subscriptions/{id}` (spec: Subscription operations). */
export const subscriptionActions = ['cancel', 'cancel_immediately', 'pause', 'resume'] as const;
/**
 * What `PATCH /subscriptions/{id}` does (spec: Subscription operations): `cancel` at the end of the
 * current period, `cancel_immediately`, `pause`, or `resume` a paused subscription.
 */
export type SubscriptionAction = (typeof subscriptionActions)[number];

/** A customer's subscription to a plan (spec: Resources, Subscription). */
export interface Subscription {
  /** Identifier, prefix `sub_`. */
  id: string;
  /** Organization that owns the subscription. */
  org_id: string;
  /** The customer subscribed, prefix `cus_`. */
  customer_id: string;
  /** The plan subscribed to, prefix `plan_`. */
  plan_id: string;
  /** The payment method renewals are charged through, prefix `pm_`. */
  payment_method_id: string | null;
  /** Where the subscription is in its lifecycle. */
  status: SubscriptionStatus | Unrecognized;
  /** Start of the current billing period (ISO 8601). */
  current_period_start: string | null;
  /** End of the current billing period (ISO 8601). */
  current_period_end: string | null;
  /** When the trial ends (ISO 8601); set for a plan with a trial. */
  trial_end: string | null;
  /** When the subscription was canceled (ISO 8601). */
  canceled_at: string | null;
  /** `true` when it cancels at the end of the current period. */
  cancel_at_period_end: boolean;
  /** When the subscription was paused (ISO 8601). */
  pause_start: string | null;
  /** When the subscription was resumed after a pause (ISO 8601). */
  pause_end: string | null;
  /** `live` or `sandbox`, from the key that created it. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
  /** The subscribed customer, embedded. */
  customer: Customer;
  /** The plan subscribed to, embedded. */
  plan: Plan;
}

/**
 * Schema of {@link Subscription}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const subscriptionSchema: () => z.ZodMiniType<Subscription> = /*@__PURE__*/ lazy(() =>
  model<Subscription>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      customer_id: z.string(),
      plan_id: z.string(),
      payment_method_id: z.nullable(z.string()),
      status: openEnum(subscriptionStatuses),
      current_period_start: nullableTime(),
      current_period_end: nullableTime(),
      trial_end: nullableTime(),
      canceled_at: nullableTime(),
      cancel_at_period_end: z.boolean(),
      pause_start: nullableTime(),
      pause_end: nullableTime(),
      environment: environmentField(),
      created_at: dateTime(),
      updated_at: dateTime(),
      customer: customerSchema(),
      plan: planSchema(),
    }),
  ),
);

/** Parameters of {@link Subscriptions.create} (spec: POST /subscriptions). */
export interface SubscriptionCreateParams {
  /** The customer to subscribe, prefix `cus_`. */
  customer_id: string;
  /** The plan to subscribe to, prefix `plan_`. */
  plan_id: string;
  /** Payment method for renewals, prefix `pm_`; the organization's default when omitted. */
  payment_method_id?: string | undefined;
}

/** Parameters of {@link Subscriptions.update} (spec: PATCH /subscriptions/{id}). */
export interface SubscriptionUpdateParams {
  /** What to do: `cancel`, `cancel_immediately`, `pause` or `resume`. */
  action: SubscriptionAction;
}

const createParams = /*@__PURE__*/ lazy(() =>
  paramsFor<SubscriptionCreateParams>()(
    z.strictObject({
      customer_id: idParam(idPrefixes.customer),
      plan_id: idParam(idPrefixes.plan),
      payment_method_id: z.optional(idParam(idPrefixes.paymentMethod)),
    }),
  ),
);

const updateParams = /*@__PURE__*/ lazy(() =>
  paramsFor<SubscriptionUpdateParams>()(z.strictObject({ action: z.enum(subscriptionActions) })),
);

/** The `update` operation. @internal */
export const subscriptionUpdateOperation: Operation<SubscriptionUpdateParams, Subscription> = {
  method: 'PATCH',
  path: '/subscriptions/{id}',
  id: 'subscription',
  params: updateParams,
  response: subscriptionSchema,
  paging: 'none',
  // It cancels too, so it is handled as `cancelImmediately` is.
  destructive: true,
};

/** The `create` operation. @internal */
export const subscriptionCreateOperation: Operation<SubscriptionCreateParams, Subscription> = {
  method: 'POST',
  path: '/subscriptions',
  params: createParams,
  response: subscriptionSchema,
  paging: 'none',
};

/** The `cancel` operation. @internal */
export const subscriptionCancelAction: Action<SubscriptionUpdateParams, Subscription> = {
  operation: subscriptionUpdateOperation,
  fixed: { action: 'cancel' },
  destructive: true,
};

/** The `cancelImmediately` operation. @internal */
export const subscriptionCancelImmediatelyAction: Action<SubscriptionUpdateParams, Subscription> = {
  operation: subscriptionUpdateOperation,
  fixed: { action: 'cancel_immediately' },
  destructive: true,
};

/** The `pause` operation. @internal */
export const subscriptionPauseAction: Action<SubscriptionUpdateParams, Subscription> = {
  operation: subscriptionUpdateOperation,
  fixed: { action: 'pause' },
};

/** The `resume` operation. @internal */
export const subscriptionResumeAction: Action<SubscriptionUpdateParams, Subscription> = {
  operation: subscriptionUpdateOperation,
  fixed: { action: 'resume' },
};

/**
 * The subscription operations (spec: Subscriptions), each written once: the client's methods send
 * them and the fake's routes answer them. The four actions are `update` with a fixed `action`.
 *
 * @internal
 */
export const subscriptionOperations: {
  readonly create: Operation<SubscriptionCreateParams, Subscription>;
  readonly update: Operation<SubscriptionUpdateParams, Subscription>;
  readonly cancel: Action<SubscriptionUpdateParams, Subscription>;
  readonly cancelImmediately: Action<SubscriptionUpdateParams, Subscription>;
  readonly pause: Action<SubscriptionUpdateParams, Subscription>;
  readonly resume: Action<SubscriptionUpdateParams, Subscription>;
} = {
  create: subscriptionCreateOperation,
  update: subscriptionUpdateOperation,
  cancel: subscriptionCancelAction,
  cancelImmediately: subscriptionCancelImmediatelyAction,
  pause: subscriptionPauseAction,
  resume: subscriptionResumeAction,
};

/**
 * The subscriptions resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const subscriptionSpec: ResourceSpec = {
  path: ['subscriptions'],
  operations: subscriptionOperations,
  columns: [
    'id',
    'status',
    'customer_id',
    'plan_id',
    'payment_method_id',
    'cancel_at_period_end',
    'current_period_end',
    'current_period_start',
    'created_at',
  ],
};

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
