import * as z from 'zod/mini';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Chain, Unrecognized } from '../core/types.js';
import { callList } from '../internal/call.js';
import { idPrefixes } from '../internal/ids.js';
import type { ListOperation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  atomicAmount,
  chainField,
  chainParam,
  cursorParam,
  dateTime,
  idParam,
  lazy,
  limitParam,
  responseObject,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** An on-chain settlement record of a payout (spec: Resources, Payout settlement record). */
export interface PayoutSettlement {
  /** Identifier of the record. */
  id: string;
  /** Organization that owns the payout. */
  org_id: string;
  /** The payout intent settled, prefix `po_`. */
  payout_intent_id: string;
  /** Hash of the settling transaction. */
  tx_hash: string;
  /** Index of the transfer log in the transaction. */
  log_index: number;
  /** Address the tokens left. */
  from_address: string;
  /** Address the tokens reached. */
  to_address: string;
  /** Amount in the token's smallest unit, a string of digits only (`/^\d+$/`). */
  amount_atomic: string;
  /** Block that holds the transaction. */
  block_number: number;
  /** Hash of that block. */
  block_hash: string;
  /** Confirmations counted. */
  confirmations: number;
  /** When the transfer was fully confirmed (ISO 8601). */
  confirmed_at: string;
  /** When the transfer was first seen (ISO 8601). */
  detected_at: string;
  /** Creation time of the record (ISO 8601). */
  created_at: string;
  /** Network of the transfer; the spec does not say whether records carry it, so it may be absent. */
  chain?: Chain | Unrecognized;
}

/**
 * Schema of {@link PayoutSettlement}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const payoutSettlementSchema: () => z.ZodMiniType<PayoutSettlement> = /*@__PURE__*/ lazy(() =>
  model<PayoutSettlement>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      payout_intent_id: z.string(),
      tx_hash: z.string(),
      log_index: z.int(),
      from_address: z.string(),
      to_address: z.string(),
      amount_atomic: atomicAmount(),
      block_number: z.int(),
      block_hash: z.string(),
      confirmations: z.int(),
      confirmed_at: dateTime(),
      detected_at: dateTime(),
      created_at: dateTime(),
      chain: z.exactOptional(chainField()),
    }),
  ),
);

/** Parameters of {@link PayoutSettlements.list} (spec: GET /payouts/settlements). */
export interface PayoutSettlementListParams {
  /** Only records of this payout, prefix `po_`. */
  payout_intent_id?: string | undefined;
  /** Only records on this network. */
  chain?: Chain | undefined;
  /** Page size, 1 to 100; the API's default is 25. */
  limit?: number | undefined;
  /** The `next_cursor` of the previous page, as received. */
  cursor?: string | undefined;
}

const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<PayoutSettlementListParams>()(
    z.strictObject({
      payout_intent_id: z.optional(idParam(idPrefixes.payout)),
      chain: z.optional(chainParam()),
      limit: z.optional(limitParam()),
      cursor: z.optional(cursorParam()),
    }),
  ),
);

/** The `list` operation. @internal */
export const payoutSettlementListOperation: ListOperation<PayoutSettlementListParams, PayoutSettlement> = {
  method: 'GET',
  path: '/payouts/settlements',
  params: listParams,
  response: payoutSettlementSchema,
  paging: 'cursor',
};

/**
 * The payout settlement operations (spec: GET /payouts/settlements), each written once: the
 * client's method sends it and the fake's route answers it.
 *
 * @internal
 */
export const payoutSettlementOperations: {
  readonly list: ListOperation<PayoutSettlementListParams, PayoutSettlement>;
} = {
  list: payoutSettlementListOperation,
};

/**
 * The settlements resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const payoutSettlementSpec: ResourceSpec = {
  path: ['payouts', 'settlements'],
  operations: payoutSettlementOperations,
  columns: [
    'id',
    'payout_intent_id',
    'amount_atomic',
    'confirmations',
    'to_address',
    'tx_hash',
    'block_number',
    'confirmed_at',
    'detected_at',
    'created_at',
  ],
};

/**
 * Lists on-chain settlement records, newest first (spec: GET /payouts/settlements).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `payout_intent_id`, `chain`, `limit` 1..100, `cursor`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every record.
 * @throws {RequestValidationError} on a bad filter, before sending.
 * @example
 * ```ts
 * for await (const record of payoutsSettlementsList(core, { payout_intent_id: 'po_123' })) {
 *   console.log(record.tx_hash, record.confirmations);
 * }
 * ```
 */
export function payoutsSettlementsList(
  core: ChainbillCore,
  params: PayoutSettlementListParams = {},
  options?: RequestOptions,
): PagePromise<PayoutSettlement> {
  return callList(core, payoutSettlementListOperation, { params }, options);
}

/** Settlement records of payouts, `chainbill.payouts.settlements` (spec: GET /payouts/settlements). */
export class PayoutSettlements extends APIResource {
  /**
   * Lists on-chain settlement records, newest first (spec: GET /payouts/settlements).
   *
   * @param params - `payout_intent_id`, `chain`, `limit` 1..100, `cursor`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every record.
   * @throws {RequestValidationError} on a bad filter, before sending.
   * @example
   * ```ts
   * for await (const record of chainbill.payouts.settlements.list({ payout_intent_id: 'po_123' })) {
   *   console.log(record.tx_hash, record.confirmations);
   * }
   * ```
   */
  list(params: PayoutSettlementListParams = {}, options?: RequestOptions): PagePromise<PayoutSettlement> {
    return payoutsSettlementsList(this._core, params, options);
  }
}
