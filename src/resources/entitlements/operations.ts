// Entitlements' operations, each a constant of its own, their table and the resource's spec.
import type { DeletedObject } from '../../core/types.js';
import type { ListOperation, Operation } from '../../internal/operation.js';
import type { ResourceSpec } from '../../internal/resource-spec.js';
import { deletedConfirmation } from '../../internal/schemas.js';
import {
  type Entitlement,
  type EntitlementCreateParams,
  type EntitlementListParams,
  type EntitlementUpdateParams,
  entitlementCreateParamsSchema,
  entitlementListParamsSchema,
  entitlementSchema,
  entitlementUpdateParamsSchema,
} from './model.js';

/** The `create` operation. @internal */
export const entitlementCreateOperation: Operation<EntitlementCreateParams, Entitlement> = {
  method: 'POST',
  path: '/subscriptions/entitlements',
  params: entitlementCreateParamsSchema,
  response: entitlementSchema,
  paging: 'none',
};

/** The `list` operation. @internal */
export const entitlementListOperation: ListOperation<EntitlementListParams, Entitlement> = {
  method: 'GET',
  path: '/subscriptions/entitlements',
  params: entitlementListParamsSchema,
  response: entitlementSchema,
  paging: 'cursor',
};

/** The `update` operation. @internal */
export const entitlementUpdateOperation: Operation<EntitlementUpdateParams, Entitlement> = {
  method: 'PATCH',
  path: '/subscriptions/entitlements/{id}',
  id: 'entitlement',
  params: entitlementUpdateParamsSchema,
  response: entitlementSchema,
  paging: 'none',
};

/** The `delete` operation. @internal */
export const entitlementDeleteOperation: Operation<never, DeletedObject> = {
  method: 'DELETE',
  path: '/subscriptions/entitlements/{id}',
  id: 'entitlement',
  response: deletedConfirmation,
  paging: 'none',
};

/**
 * The entitlement operations (spec: Entitlements), each written once: the client's methods send
 * them and the fake's routes answer them. The list documents no paging; a `next_cursor` is
 * followed. A delete's answer is checked against the id deleted.
 *
 * @internal
 */
export const entitlementOperations: {
  readonly create: Operation<EntitlementCreateParams, Entitlement>;
  readonly list: ListOperation<EntitlementListParams, Entitlement>;
  readonly update: Operation<EntitlementUpdateParams, Entitlement>;
  readonly delete: Operation<never, DeletedObject>;
} = {
  create: entitlementCreateOperation,
  list: entitlementListOperation,
  update: entitlementUpdateOperation,
  delete: entitlementDeleteOperation,
};

/**
 * The entitlements resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const entitlementSpec: ResourceSpec = {
  path: ['entitlements'],
  operations: entitlementOperations,
  columns: [
    'id',
    'feature_key',
    'value_type',
    'value_boolean',
    'value_numeric',
    'value_string',
    'plan_id',
    'created_at',
  ],
};
