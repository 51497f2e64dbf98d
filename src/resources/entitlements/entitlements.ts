// The client's `entitlements` namespace: each method is the function of the same operation, bound.
import type { APIPromise } from '../../core/api-promise.js';
import type { PagePromise } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/request-options.js';
import { APIResource } from '../../core/resource.js';
import type { DeletedObject } from '../../core/types.js';
import { entitlementsCreate, entitlementsDelete, entitlementsList, entitlementsUpdate } from './functions.js';
import type {
  Entitlement,
  EntitlementCreateParams,
  EntitlementListParams,
  EntitlementUpdateParams,
} from './model.js';

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
