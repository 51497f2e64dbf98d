import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { RequestOptions } from '../core/request-options.js';
import { call, callAction } from '../internal/call.js';
import { requestOf } from '../internal/operation.js';
import { withRefund } from './cancel.js';
import type { PayoutIntent } from './intent.js';
import { payoutApproveAction, payoutCancelAction, payoutUpdateOperation } from './operations.js';
import type { PayoutUpdateParams } from './params.js';

/**
 * Updates a payout's description or due date, or approves or cancels a draft (spec: PATCH
 * /payouts/{id}).
 *
 * @param core - The core to send through.
 * @param id - Payout id, prefix `po_`.
 * @param params - `status` (`approved`/`canceled`), `description`, `due_date`.
 * @param options - Per-call options.
 * @returns The updated payout intent.
 * @throws {RequestValidationError} on a bad id or parameter, before sending.
 * @throws {NotFoundError} when no such payout; `ConflictError` when it is not a draft.
 * @example
 * ```ts
 * await payoutsUpdate(core, 'po_3dd08ec74dcf74a903e21d7a', { description: 'November affiliate fees' });
 * ```
 */
export function payoutsUpdate(
  core: ChainbillCore,
  id: string,
  params: PayoutUpdateParams = {},
  options?: RequestOptions,
): APIPromise<PayoutIntent> {
  return call(core, payoutUpdateOperation, { id, params }, options);
}

/**
 * Approves a draft payout: status `approved`, with `approved_at` and `approved_by` recorded
 * (spec: PATCH /payouts/{id} with `status=approved`).
 *
 * @param core - The core to send through.
 * @param id - Payout id, prefix `po_`.
 * @param options - Per-call options.
 * @returns The approved payout intent.
 * @throws {RequestValidationError} on a bad id, before sending.
 * @throws {ConflictError} when the payout is not a draft; `NotFoundError` when missing.
 * @example
 * ```ts
 * const approved = await payoutsApprove(core, 'po_3dd08ec74dcf74a903e21d7a');
 * ```
 */
export function payoutsApprove(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<PayoutIntent> {
  return callAction(core, payoutApproveAction, id, options);
}

/**
 * Cancels a draft payout: status `canceled`, with `canceled_at` recorded (spec: PATCH
 * /payouts/{id} with `status=canceled`). What the draft took of a spend budget is given back.
 *
 * @param core - The core to send through.
 * @param id - Payout id, prefix `po_`.
 * @param options - Per-call options.
 * @returns The canceled payout intent.
 * @throws {RequestValidationError} on a bad id, before sending.
 * @throws {ConflictError} when the payout is not a draft; `NotFoundError` when missing.
 * @example
 * ```ts
 * await payoutsCancel(core, 'po_3dd08ec74dcf74a903e21d7a');
 * ```
 */
export function payoutsCancel(
  core: ChainbillCore,
  id: string,
  options?: RequestOptions,
): APIPromise<PayoutIntent> {
  return core.request(
    () =>
      withRefund(core, id, requestOf(payoutCancelAction.operation, { id, params: payoutCancelAction.fixed })),
    options,
  );
}
