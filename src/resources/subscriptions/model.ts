// Subscriptions (spec: Subscriptions): the model and its response schema, the params and their schemas.
import * as z from 'zod/mini';
import type { Environment, Unrecognized } from '../../core/types.js';
import { idPrefixes } from '../../internal/ids.js';
import type { Operation } from '../../internal/operation.js';
import {
  dateTime,
  environmentField,
  idParam,
  lazy,
  nullableTime,
  openEnum,
  responseObject,
} from '../../internal/schemas.js';
import { model, paramsFor } from '../../internal/tie.js';
import { type Customer, customerSchema } from '../customers.js';
import { type Plan, planSchema } from '../plans.js';

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

/**
 * The params schema of `create`, the operation's.
 *
 * @internal
 */
export const subscriptionCreateParamsSchema: NonNullable<Operation<SubscriptionCreateParams>['params']> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<SubscriptionCreateParams>()(
      z.strictObject({
        customer_id: idParam(idPrefixes.customer),
        plan_id: idParam(idPrefixes.plan),
        payment_method_id: z.optional(idParam(idPrefixes.paymentMethod)),
      }),
    ),
  );

/**
 * The params schema of `update`, the operation's.
 *
 * @internal
 */
export const subscriptionUpdateParamsSchema: NonNullable<Operation<SubscriptionUpdateParams>['params']> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<SubscriptionUpdateParams>()(z.strictObject({ action: z.enum(subscriptionActions) })),
  );
