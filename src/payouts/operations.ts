import type { Action, ListOperation, Operation } from '../internal/operation.js';
import { type PayoutIntent, payoutIntentSchema } from './intent.js';
import {
  type PayoutCreateParams,
  type PayoutListParams,
  type PayoutUpdateParams,
  payoutCreateSchema,
  payoutListSchema,
  payoutUpdateSchema,
} from './params.js';

// Each operation a constant of its own, so a function that sends one keeps only its own schemas
// when an app's bundler tree-shakes (the table below is read by the catalog and the fake).

/** `POST /payouts` (spec: Payouts): creates a draft. @internal */
export const payoutCreateOperation: Operation<PayoutCreateParams, PayoutIntent> = {
  method: 'POST',
  path: '/payouts',
  params: payoutCreateSchema,
  response: payoutIntentSchema,
  paging: 'none',
  movesMoney: 'create',
};

/** `GET /payouts` (spec: Payouts). @internal */
export const payoutListOperation: ListOperation<PayoutListParams, PayoutIntent> = {
  method: 'GET',
  path: '/payouts',
  params: payoutListSchema,
  response: payoutIntentSchema,
  paging: 'cursor',
};

/** `PATCH /payouts/{id}` (spec: Payouts). @internal */
export const payoutUpdateOperation: Operation<PayoutUpdateParams, PayoutIntent> = {
  method: 'PATCH',
  path: '/payouts/{id}',
  id: 'payout',
  params: payoutUpdateSchema,
  response: payoutIntentSchema,
  paging: 'none',
  // It approves or cancels a draft too, so it is handled as `approve` is.
  destructive: true,
  movesMoney: 'approve',
};

/** `approve`: `update` with `status: 'approved'`. @internal */
export const payoutApproveAction: Action<PayoutUpdateParams, PayoutIntent> = {
  operation: payoutUpdateOperation,
  fixed: { status: 'approved' },
  destructive: true,
  movesMoney: 'approve',
};

/** `cancel`: `update` with `status: 'canceled'`. @internal */
export const payoutCancelAction: Action<PayoutUpdateParams, PayoutIntent> = {
  operation: payoutUpdateOperation,
  fixed: { status: 'canceled' },
  destructive: true,
};

/**
 * The payout operations (spec: Payouts), each written once: the client's methods send them and the
 * fake's routes answer them. `approve` and `cancel` are `update` with a fixed `status`.
 *
 * @internal
 */
export const payoutOperations: {
  readonly create: Operation<PayoutCreateParams, PayoutIntent>;
  readonly list: ListOperation<PayoutListParams, PayoutIntent>;
  readonly update: Operation<PayoutUpdateParams, PayoutIntent>;
  readonly approve: Action<PayoutUpdateParams, PayoutIntent>;
  readonly cancel: Action<PayoutUpdateParams, PayoutIntent>;
} = {
  create: payoutCreateOperation,
  list: payoutListOperation,
  update: payoutUpdateOperation,
  approve: payoutApproveAction,
  cancel: payoutCancelAction,
};
