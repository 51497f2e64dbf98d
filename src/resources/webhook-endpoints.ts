import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { DeletedObject } from '../core/types.js';
import { call } from '../internal/call.js';
import type { Operation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import { deletedConfirmation } from '../internal/schemas.js';

/** The `delete` operation. @internal */
export const webhookEndpointDeleteOperation: Operation<never, DeletedObject> = {
  method: 'DELETE',
  path: '/webhooks/{id}',
  id: 'webhookEndpoint',
  response: deletedConfirmation,
  paging: 'none',
};

/**
 * The webhook endpoint operations (spec: Webhooks), each written once: the client's method sends
 * it and the fake's route answers it. The spec names the path id `{webhook_id}`; the template calls
 * it `{id}`, as every operation does. A delete's answer is checked against the id deleted.
 *
 * @internal
 */
export const webhookEndpointOperations: { readonly delete: Operation<never, DeletedObject> } = {
  delete: webhookEndpointDeleteOperation,
};

/**
 * The webhook endpoints resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const webhookEndpointSpec: ResourceSpec = {
  path: ['webhookEndpoints'],
  operations: webhookEndpointOperations,
  columns: ['id'],
};

/**
 * Deletes a webhook endpoint (spec: DELETE /webhooks/{webhook_id}).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Webhook endpoint id, prefix `we_`.
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns `{ id, deleted: true }` for a 2xx answer: empty, `{}`, text, the record or a confirmation.
 * @throws {RequestValidationError} on a bad id, before sending.
 * @throws {ResponseValidationError} when a 2xx body contradicts the delete (`deleted` present
 *   and not `true`, or another `id`).
 * @throws {NotFoundError} when no such webhook endpoint (also on a second delete).
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * const result = await webhookEndpointsDelete(core, 'we_123');
 * console.log(result.deleted); // true
 * ```
 */
export function webhookEndpointsDelete(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<DeletedObject> {
  return call(core, webhookEndpointDeleteOperation, { id }, options);
}

/**
 * Webhook endpoints: delete (spec: Webhooks). The spec shows neither the fields of an endpoint
 * record nor how endpoints are created or listed, so deletion is the whole surface.
 */
export class WebhookEndpoints extends APIResource {
  /**
   * Deletes a webhook endpoint (spec: DELETE /webhooks/{webhook_id}).
   *
   * @param id - Webhook endpoint id, prefix `we_`.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns `{ id, deleted: true }` for a 2xx answer: empty, `{}`, text, the record or a confirmation.
   * @throws {RequestValidationError} on a bad id, before sending.
   * @throws {ResponseValidationError} when a 2xx body contradicts the delete (`deleted` present
   *   and not `true`, or another `id`).
   * @throws {NotFoundError} when no such webhook endpoint (also on a second delete).
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * const result = await chainbill.webhookEndpoints.delete('we_123');
   * console.log(result.deleted); // true
   * ```
   */
  delete(id: string, options?: RequestOptions): APIPromise<DeletedObject> {
    return webhookEndpointsDelete(this._core, id, options);
  }
}
