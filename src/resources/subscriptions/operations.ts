// Subscriptions' operations, each a constant of its own, their table and the resource's spec.
import type { Action, Operation } from '../../internal/operation.js';
import type { ResourceSpec } from '../../internal/resource-spec.js';
import {
  type Subscription,
  type SubscriptionCreateParams,
  type SubscriptionUpdateParams,
  subscriptionCreateParamsSchema,
  subscriptionSchema,
  subscriptionUpdateParamsSchema,
} from './model.js';

/** The `update` operation. @internal */
export const subscriptionUpdateOperation: Operation<SubscriptionUpdateParams, Subscription> = {
  method: 'PATCH',
  path: '/subscriptions/{id}',
  id: 'subscription',
  params: subscriptionUpdateParamsSchema,
  response: subscriptionSchema,
  paging: 'none',
  // It cancels too, so it is handled as `cancelImmediately` is.
  destructive: true,
};

/** The `create` operation. @internal */
export const subscriptionCreateOperation: Operation<SubscriptionCreateParams, Subscription> = {
  method: 'POST',
  path: '/subscriptions',
  params: subscriptionCreateParamsSchema,
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
