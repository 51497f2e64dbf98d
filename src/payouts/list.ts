import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { callList } from '../internal/call.js';
import type { PayoutIntent } from './intent.js';
import { payoutListOperation } from './operations.js';
import type { PayoutListParams } from './params.js';

/**
 * Lists payout intents, newest first, one page at a time (spec: GET /payouts).
 *
 * @param core - The core to send through.
 * @param params - Filters by status and due date, `limit` 1..100, `cursor`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every payout.
 * @throws {RequestValidationError} on a bad filter, before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * for await (const payout of payoutsList(core, { status: 'approved' })) console.log(payout.id, payout.amount);
 * ```
 */
export function payoutsList(
  core: ChainbillCore,
  params: PayoutListParams = {},
  options?: RequestOptions,
): PagePromise<PayoutIntent> {
  return callList(core, payoutListOperation, { params }, options);
}
