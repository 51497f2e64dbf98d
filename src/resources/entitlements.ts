import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { DeletedObject, Environment, Unrecognized } from '../core/types.js';
import { call, callList } from '../internal/call.js';
import { idPrefixes } from '../internal/ids.js';
import type { ListOperation, Operation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  dateTime,
  deletedConfirmation,
  environmentField,
  idParam,
  lazy,
  maxString,
  openEnum,
  responseObject,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** The types an entitlement's value can have (spec: Entitlement `value_type`). */
export const entitlementValueTypes = ['boolean', 'numeric', 'string'] as const;
/** How an entitlement's value is typed (spec: Entitlement `value_type`); it picks the value field used. */
export type EntitlementValueType = (typeof entitlementValueTypes)[number];

/** A feature entitlement attached to a plan (spec: Resources, Entitlement). */
export interface Entitlement {
  /** Identifier, prefix `ent_`. */
  id: string;
  /** Organization that owns the plan. */
  org_id: string;
  /** The plan the entitlement belongs to, prefix `plan_`. */
  plan_id: string;
  /** Unique key identifying the feature, up to 256 characters. */
  feature_key: string;
  /** Which of `value_boolean`, `value_numeric`, `value_string` holds the value. */
  value_type: EntitlementValueType | Unrecognized;
  /** The value when `value_type` is `boolean`. */
  value_boolean: boolean | null;
  /** The value when `value_type` is `numeric`. */
  value_numeric: number | null;
  /** The value when `value_type` is `string`. */
  value_string: string | null;
  /** `live` or `sandbox`. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
}

/**
 * Schema of {@link Entitlement}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const entitlementSchema: () => z.ZodMiniType<Entitlement> = /*@__PURE__*/ lazy(() =>
  model<Entitlement>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      plan_id: z.string(),
      feature_key: z.string(),
      value_type: openEnum(entitlementValueTypes),
      value_boolean: z.nullable(z.boolean()),
      value_numeric: z.nullable(z.number()),
      value_string: z.nullable(z.string()),
      environment: environmentField(),
      created_at: dateTime(),
      updated_at: dateTime(),
    }),
  ),
);

/** Parameters of {@link Entitlements.create} (spec: POST /subscriptions/entitlements). */
export interface EntitlementCreateParams {
  /** The plan to attach the entitlement to, prefix `plan_`. */
  plan_id: string;
  /** Unique key identifying the feature, 1 to 256 characters. */
  feature_key: string;
  /** Which value field is used; that field is required. */
  value_type: EntitlementValueType;
  /** The value, required when `value_type` is `boolean`. */
  value_boolean?: boolean | null | undefined;
  /** The value, required when `value_type` is `numeric`. */
  value_numeric?: number | null | undefined;
  /** The value, required when `value_type` is `string`. */
  value_string?: string | null | undefined;
}

/** Parameters of {@link Entitlements.list} (spec: GET /subscriptions/entitlements). */
export interface EntitlementListParams {
  /** The plan whose entitlements to list, prefix `plan_`. Required. */
  plan_id: string;
}

/** Parameters of {@link Entitlements.update} (spec: PATCH /subscriptions/entitlements/{id}). */
export interface EntitlementUpdateParams {
  /** Which value field is used from now on. */
  value_type?: EntitlementValueType | undefined;
  /** The value when `value_type` is `boolean`. */
  value_boolean?: boolean | null | undefined;
  /** The value when `value_type` is `numeric`. */
  value_numeric?: number | null | undefined;
  /** The value when `value_type` is `string`. */
  value_string?: string | null | undefined;
}

const valueFields = /*@__PURE__*/ lazy(() => ({
  value_boolean: z.optional(z.nullable(z.boolean())),
  value_numeric: z.optional(z.nullable(z.number())),
  value_string: z.optional(z.nullable(z.string())),
}));

type ValueParams = Pick<EntitlementCreateParams, 'value_type'> &
  Partial<Record<`value_${EntitlementValueType}`, unknown>>;

/** The spec: "the value field matching value_type is the one used", so it must be there. */
function matchingValue(type: EntitlementValueType) {
  const field = `value_${type}` as const;
  return z.refine<ValueParams>(
    (params) => params.value_type !== type || (params[field] !== undefined && params[field] !== null),
    { path: [field], error: `is required when value_type is ${type}` },
  );
}

const createParams = /*@__PURE__*/ lazy(() =>
  paramsFor<EntitlementCreateParams>()(
    z
      .strictObject({
        plan_id: idParam(idPrefixes.plan),
        feature_key: maxString(256).check(z.minLength(1)),
        value_type: z.enum(entitlementValueTypes),
        ...valueFields(),
      })
      .check(matchingValue('boolean'), matchingValue('numeric'), matchingValue('string')),
  ),
);

// The spec lists no `cursor` or `limit` for this list: the cursor a server's `next_cursor` hands
// back is the paging's, not the caller's.
const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<EntitlementListParams>()(z.strictObject({ plan_id: idParam(idPrefixes.plan) })),
);

const updateParams = /*@__PURE__*/ lazy(() =>
  paramsFor<EntitlementUpdateParams>()(
    z.strictObject({ value_type: z.optional(z.enum(entitlementValueTypes)), ...valueFields() }),
  ),
);

/** The `create` operation. @internal */
export const entitlementCreateOperation: Operation<EntitlementCreateParams, Entitlement> = {
  method: 'POST',
  path: '/subscriptions/entitlements',
  params: createParams,
  response: entitlementSchema,
  paging: 'none',
};

/** The `list` operation. @internal */
export const entitlementListOperation: ListOperation<EntitlementListParams, Entitlement> = {
  method: 'GET',
  path: '/subscriptions/entitlements',
  params: listParams,
  response: entitlementSchema,
  paging: 'cursor',
};

/** The `update` operation. @internal */
export const entitlementUpdateOperation: Operation<EntitlementUpdateParams, Entitlement> = {
  method: 'PATCH',
  path: '/subscriptions/entitlements/{id}',
  id: 'entitlement',
  params: updateParams,
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

/**
 * Attaches a feature entitlement to a plan (spec: POST /subscriptions/entitlements).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `plan_id`, `feature_key` (≤ 256 chars), `value_type`, and the value field that
 *   matches it (`value_boolean`, `value_numeric` or `value_string`).
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns The new entitlement.
 * @throws {RequestValidationError} on a missing or bad parameter, including a missing value
 *   field for `value_type` (`param` names it), before sending.
 * @throws {NotFoundError} when the plan does not exist; `ConflictError` when the plan
 *   already has that `feature_key` (as the fake answers; the spec does not show it).
 * @example
 * ```ts
 * const seats = await entitlementsCreate(core, {
 *   plan_id: 'plan_123', feature_key: 'seats', value_type: 'numeric', value_numeric: 10,
 * });
 * ```
 */
export function entitlementsCreate(
  core: ChainbillCore,
  params: EntitlementCreateParams,
  options?: RequestOptions,
): APIPromise<Entitlement> {
  return call(core, entitlementCreateOperation, { params }, options);
}

/**
 * Lists the entitlements of a plan (spec: GET /subscriptions/entitlements). The spec documents
 * no paging for this list; a `next_cursor` from the server is followed all the same.
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `plan_id`, required.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every entitlement.
 * @throws {RequestValidationError} when `plan_id` is missing or malformed, before sending.
 * @throws {NotFoundError} when the plan does not exist (as the fake answers).
 * @example
 * ```ts
 * for await (const entitlement of entitlementsList(core, { plan_id: 'plan_123' })) {
 *   console.log(entitlement.feature_key, entitlement.value_type);
 * }
 * ```
 */
export function entitlementsList(
  core: ChainbillCore,
  params: EntitlementListParams,
  options?: RequestOptions,
): PagePromise<Entitlement> {
  return callList(core, entitlementListOperation, { params }, options);
}

/**
 * Updates an entitlement's value (spec: PATCH /subscriptions/entitlements/{id}).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Entitlement id, prefix `ent_`.
 * @param params - `value_type` and the value fields.
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns The updated entitlement.
 * @throws {RequestValidationError} on a bad id or parameter, before sending.
 * @throws {NotFoundError} when no such entitlement; `BadRequestError` when the value field
 *   for the resulting `value_type` is missing.
 * @example
 * ```ts
 * await entitlementsUpdate(core, 'ent_123', { value_numeric: 25 });
 * ```
 */
export function entitlementsUpdate(
  core: ChainbillCore,
  id: string,
  params: EntitlementUpdateParams = {},
  options?: RequestOptions,
): APIPromise<Entitlement> {
  return call(core, entitlementUpdateOperation, { id, params }, options);
}

/**
 * Removes an entitlement from its plan (spec: DELETE /subscriptions/entitlements/{id}).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Entitlement id, prefix `ent_`.
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns `{ id, deleted: true }` for a 2xx answer: empty, `{}`, text, the record or a confirmation.
 * @throws {RequestValidationError} on a bad id, before sending.
 * @throws {ResponseValidationError} when a 2xx body contradicts the delete (`deleted` present
 *   and not `true`, or another `id`).
 * @throws {NotFoundError} when no such entitlement (also on a second delete).
 * @example
 * ```ts
 * const { deleted } = await entitlementsDelete(core, 'ent_123');
 * ```
 */
export function entitlementsDelete(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<DeletedObject> {
  return call(core, entitlementDeleteOperation, { id }, options);
}

/** Feature entitlements of plans: create, list, update, delete (spec: Entitlements). */
export class Entitlements extends APIResource {
  /**
   * Attaches a feature entitlement to a plan (spec: POST /subscriptions/entitlements).
   *
   * @param params - `plan_id`, `feature_key` (≤ 256 chars), `value_type`, and the value field that
   *   matches it (`value_boolean`, `value_numeric` or `value_string`).
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The new entitlement.
   * @throws {RequestValidationError} on a missing or bad parameter, including a missing value
   *   field for `value_type` (`param` names it), before sending.
   * @throws {NotFoundError} when the plan does not exist; {@link ConflictError} when the plan
   *   already has that `feature_key` (as the fake answers; the spec does not show it).
   * @example
   * ```ts
   * const seats = await chainbill.entitlements.create({
   *   plan_id: 'plan_123', feature_key: 'seats', value_type: 'numeric', value_numeric: 10,
   * });
   * ```
   */
  create(params: EntitlementCreateParams, options?: RequestOptions): APIPromise<Entitlement> {
    return entitlementsCreate(this._core, params, options);
  }

  /**
   * Lists the entitlements of a plan (spec: GET /subscriptions/entitlements). The spec documents
   * no paging for this list; a `next_cursor` from the server is followed all the same.
   *
   * @param params - `plan_id`, required.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every entitlement.
   * @throws {RequestValidationError} when `plan_id` is missing or malformed, before sending.
   * @throws {NotFoundError} when the plan does not exist (as the fake answers).
   * @example
   * ```ts
   * for await (const entitlement of chainbill.entitlements.list({ plan_id: 'plan_123' })) {
   *   console.log(entitlement.feature_key, entitlement.value_type);
   * }
   * ```
   */
  list(params: EntitlementListParams, options?: RequestOptions): PagePromise<Entitlement> {
    return entitlementsList(this._core, params, options);
  }

  /**
   * Updates an entitlement's value (spec: PATCH /subscriptions/entitlements/{id}).
   *
   * @param id - Entitlement id, prefix `ent_`.
   * @param params - `value_type` and the value fields.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The updated entitlement.
   * @throws {RequestValidationError} on a bad id or parameter, before sending.
   * @throws {NotFoundError} when no such entitlement; {@link BadRequestError} when the value field
   *   for the resulting `value_type` is missing.
   * @example
   * ```ts
   * await chainbill.entitlements.update('ent_123', { value_numeric: 25 });
   * ```
   */
  update(
    id: string,
    params: EntitlementUpdateParams = {},
    options?: RequestOptions,
  ): APIPromise<Entitlement> {
    return entitlementsUpdate(this._core, id, params, options);
  }

  /**
   * Removes an entitlement from its plan (spec: DELETE /subscriptions/entitlements/{id}).
   *
   * @param id - Entitlement id, prefix `ent_`.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns `{ id, deleted: true }` for a 2xx answer: empty, `{}`, text, the record or a confirmation.
   * @throws {RequestValidationError} on a bad id, before sending.
   * @throws {ResponseValidationError} when a 2xx body contradicts the delete (`deleted` present
   *   and not `true`, or another `id`).
   * @throws {NotFoundError} when no such entitlement (also on a second delete).
   * @example
   * ```ts
   * const { deleted } = await chainbill.entitlements.delete('ent_123');
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return entitlementsDelete(this._core, id, options);
  }
}
