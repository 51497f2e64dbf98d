import type { Chainbill } from '../client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { WaitForSettlementOptions } from '../core/wait.js';
import type { Action, ListOperation, Operation } from '../internal/operation.js';
import { waitForSettlement } from '../internal/wait.js';
import { type PayoutIntent, payoutIntentSchema } from './payout-intent.js';
import {
  type PayoutCreateParams,
  type PayoutListParams,
  type PayoutUpdateParams,
  payoutCreateSchema,
  payoutCreateSchemaUnchecked,
  payoutListSchema,
  payoutUpdateSchema,
} from './payout-params.js';
import { type PayoutSettlement, PayoutSettlements } from './payout-settlements.js';

// Payouts: operations, the class. The params are in payout-params.ts, the model in payout-intent.ts.

const update: Operation<PayoutUpdateParams, PayoutIntent> = {
  method: 'PATCH',
  path: '/payouts/{id}',
  id: 'payout',
  params: payoutUpdateSchema,
  response: payoutIntentSchema,
  paging: 'none',
  // It approves or cancels a draft too, so it is handled as `approve` is.
  destructive: true,
  movesMoney: true,
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
  create: {
    method: 'POST',
    path: '/payouts',
    params: payoutCreateSchema,
    response: payoutIntentSchema,
    paging: 'none',
    movesMoney: true,
  },
  list: {
    method: 'GET',
    path: '/payouts',
    params: payoutListSchema,
    response: payoutIntentSchema,
    paging: 'cursor',
  },
  update,
  approve: { operation: update, fixed: { status: 'approved' }, destructive: true, movesMoney: true },
  cancel: { operation: update, fixed: { status: 'canceled' }, destructive: true },
};

/** Payout intents: create, list, approve or cancel, update (spec: Payouts). */
export class Payouts extends APIResource {
  /** On-chain settlement records of payouts (spec: GET /payouts/settlements). */
  readonly settlements: PayoutSettlements;
  readonly #create: Operation<PayoutCreateParams, PayoutIntent>;

  /**
   * @param client - The client to call through.
   * @param options - `checkAddresses`: the client option of that name.
   */
  constructor(client: Chainbill, options: { checkAddresses: boolean } = { checkAddresses: true }) {
    super(client);
    this.settlements = new PayoutSettlements(client);
    const create = payoutOperations.create; // with `checkAddresses: false`, without the address check
    this.#create = options.checkAddresses ? create : { ...create, params: payoutCreateSchemaUnchecked };
  }

  /**
   * Creates a payout intent in status `draft` (spec: POST /payouts). A payout is irreversible:
   * first the recipient address is checked against the chain (form and checksum; not the zero
   * address, not the chain's USDT or USDC contract: docs/money.md), the amount against the token.
   *
   * @param params - Recipient (an address of `chain`), chain, token, amount (token units, ≥ 0.01,
   *   at most 6 decimals), currency, and optional description (≤ 512 chars), reference and due date.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The new payout intent.
   * @throws {RequestValidationError} on a missing or out-of-range parameter, before sending:
   *   `param: 'recipient_address'` for an address the chain cannot take (unless the client has
   *   `checkAddresses: false`), `param: 'amount'` for more than 6 decimals.
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * const payout = await chainbill.payouts.create({
   *   recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 250, currency: 'USD',
   *   reference_type: 'invoice', reference_id: 'inv_2041', due_date: new Date('2026-12-01'),
   * });
   * ```
   */
  create(params: PayoutCreateParams, options?: RequestOptions): APIPromise<PayoutIntent> {
    return this._request(this.#create, { params }, options);
  }

  /**
   * Lists payout intents, newest first, one page at a time (spec: GET /payouts).
   *
   * @param params - Filters by status and due date, `limit` 1..100, `cursor`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every payout.
   * @throws {RequestValidationError} on a bad filter, before sending.
   * @example
   * ```ts
   * for await (const payout of chainbill.payouts.list({ status: 'approved' })) {
   *   console.log(payout.id, payout.amount, payout.due_date);
   * }
   * ```
   */
  list(params: PayoutListParams = {}, options?: RequestOptions): PagePromise<PayoutIntent> {
    return this._list(payoutOperations.list, { params }, options);
  }

  /**
   * Updates a payout's description or due date, or approves or cancels a draft (PATCH /payouts/{id}).
   *
   * @param id - Payout id, prefix `po_`.
   * @param params - `status` (`approved`/`canceled`), `description`, `due_date`.
   * @param options - Per-call options.
   * @returns The updated payout intent.
   * @throws {RequestValidationError} on a bad id or parameter, before sending.
   * @throws {NotFoundError} when no such payout; {@link ConflictError} when it is not a draft.
   * @example
   * ```ts
   * await chainbill.payouts.update('po_123', { description: 'November affiliate fees' });
   * ```
   */
  update(id: string, params: PayoutUpdateParams = {}, options?: RequestOptions): APIPromise<PayoutIntent> {
    return this._request(payoutOperations.update, { id, params }, options);
  }

  /**
   * Approves a draft payout: status `approved`, with `approved_at` and `approved_by` recorded
   * (spec: PATCH /payouts/{id} with `status=approved`).
   *
   * @param id - Payout id, prefix `po_`.
   * @param options - Per-call options.
   * @returns The approved payout intent.
   * @throws {ConflictError} when the payout is not a draft; {@link NotFoundError} when missing.
   * @example
   * ```ts
   * const approved = await chainbill.payouts.approve('po_123');
   * console.log(approved.approved_at, approved.approved_by);
   * ```
   */
  approve(id: string, options?: RequestOptions): APIPromise<PayoutIntent> {
    return this._action(payoutOperations.approve, id, options);
  }

  /**
   * Cancels a draft payout: status `canceled`, with `canceled_at` recorded (spec: PATCH
   * /payouts/{id} with `status=canceled`).
   *
   * @param id - Payout id, prefix `po_`.
   * @param options - Per-call options.
   * @returns The canceled payout intent.
   * @throws {ConflictError} when the payout is not a draft; {@link NotFoundError} when missing.
   * @example
   * ```ts
   * await chainbill.payouts.cancel('po_123');
   * ```
   */
  cancel(id: string, options?: RequestOptions): APIPromise<PayoutIntent> {
    return this._action(payoutOperations.cancel, id, options);
  }

  /**
   * Waits for a payout to settle on-chain: polls its settlement records
   * (`GET /payouts/settlements?payout_intent_id=…`) every `pollIntervalMs` until one has
   * `minConfirmations`, and resolves with it. Each poll is an ordinary call (retries, hooks,
   * spans), with the `RequestOptions` given here. The spec has no route to read one payout, so a
   * payout that fails is seen only as one that never settles: look at
   * `payouts.list({ status: 'failed' })` when the wait times out (docs/api-tour.md).
   *
   * @param id - Payout id, prefix `po_`, of an approved payout.
   * @param options - `minConfirmations` (default 1), `pollIntervalMs` (ms, default 5 000),
   *   `maxWaitMs` (ms, default 15 minutes), `signal`, and the options of each poll.
   * @returns The settlement record with the most confirmations, once it has `minConfirmations`.
   * @throws {RequestValidationError} for a bad id (`param: 'id'`) or option, before any poll.
   * @throws {WaitTimeoutError} after `maxWaitMs`, with `lastSettlement` and `waitedMs`.
   * @throws {APIUserAbortError} as soon as `signal` aborts; no poll is sent after it.
   * @throws {APIError} and the other errors of a poll that fails for good.
   * @example
   * ```ts
   * const approved = await chainbill.payouts.approve(payoutId);
   * const settlement = await chainbill.payouts.waitForSettlement(approved.id, { minConfirmations: 20 });
   * console.log(settlement.tx_hash, settlement.confirmations);
   * ```
   */
  waitForSettlement(id: string, options: WaitForSettlementOptions = {}): Promise<PayoutSettlement> {
    return waitForSettlement(this.settlements, id, options);
  }
}
