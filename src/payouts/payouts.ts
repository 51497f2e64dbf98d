import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import { type PayoutCheckOptions, payoutsCreate, payoutsPreview } from './create.js';
import type { PayoutIntent } from './intent.js';
import { payoutsList } from './list.js';
import type { PayoutCreateParams, PayoutListParams, PayoutUpdateParams } from './params.js';
import type { PayoutPreview } from './preview.js';
import { type PayoutSettlement, PayoutSettlements } from './settlements.js';
import { payoutsApprove, payoutsCancel, payoutsUpdate } from './update.js';
import { payoutsWaitForSettlement } from './wait.js';
import type { WaitForSettlementOptions } from './wait-options.js';

/** Payout intents: create, list, approve or cancel, update (spec: Payouts). */
export class Payouts extends APIResource {
  /** On-chain settlement records of payouts (spec: GET /payouts/settlements). */
  readonly settlements: PayoutSettlements;

  /** @param core - The client to send through; its payout settings apply to every payout. */
  constructor(core: ConstructorParameters<typeof APIResource>[0]) {
    super(core);
    this.settlements = new PayoutSettlements(core);
  }

  /**
   * Creates a payout intent in status `draft` (spec: POST /payouts). A payout is irreversible:
   * first it goes through the checks {@link Payouts.preview} reports (docs/money.md): the address
   * against the chain (form and checksum; not the zero address, not a token's contract), the
   * amount and the token against the chain, then the client's `payoutPolicy`.
   *
   * @param params - Recipient (an address of `chain`), chain, token (one the chain has), amount
   *   (token units, ≥ 0.01, at most 6 decimals), currency, and optional description (≤ 512
   *   chars), reference and due date.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The new payout intent.
   * @throws {RequestValidationError} on a missing or out-of-range parameter, before sending:
   *   `param: 'recipient_address'` for an address the chain cannot take (unless the client has
   *   `checkAddresses: false`), `param: 'amount'` for more than 6 decimals, `param: 'token'` for
   *   a token the chain does not have (USDT on base).
   * @throws {PayoutPolicyError} for a payout outside the client's `payoutPolicy`, before sending.
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
    // The client's payout settings apply through the core; none given per call can lift them.
    const {
      payoutPolicy: _policy,
      checkAddresses: _addresses,
      budgetStore: _store,
      ...request
    } = (options ?? {}) as RequestOptions & PayoutCheckOptions;
    return payoutsCreate(this._core, params, request);
  }

  /**
   * Runs every check {@link Payouts.create} runs, and sends nothing: the params, the amount, the
   * token, the address, and each rule of the client's `payoutPolicy` (docs/money.md, "Preview").
   * A failed check is reported, not thrown; `ok` is `true` exactly when `create` would send.
   *
   * @param params - The params you would pass to `create`.
   * @returns `{ ok, checks: [{ rule, ok, message? }], request, amountAtomic }`; `request` is the
   *   body `create` would send.
   * @throws {RequestValidationError} only when `params` is not an object (`param: 'params'`).
   * @example
   * ```ts
   * const preview = await chainbill.payouts.preview({
   *   recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 250, currency: 'USD',
   * });
   * for (const check of preview.checks) console.log(check.rule, check.ok, check.message ?? '');
   * ```
   */
  preview(params: PayoutCreateParams): Promise<PayoutPreview> {
    return payoutsPreview(this._core, params);
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
    return payoutsList(this._core, params, options);
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
    return payoutsUpdate(this._core, id, params, options);
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
    return payoutsApprove(this._core, id, options);
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
    return payoutsCancel(this._core, id, options);
  }

  /**
   * Waits for a payout to settle on-chain: polls its settlement records
   * (`GET /payouts/settlements?payout_intent_id=…`) every `pollIntervalMs` until one of that
   * payout has `minConfirmations`, and resolves with it; a record of another payout is never
   * taken. Each poll is an ordinary call (retries, hooks, spans), with the `RequestOptions` given
   * here. `maxWaitMs` is a deadline for the whole wait, retries and `Retry-After` included. The
   * spec has no route to read one payout, so a payout that fails is seen only as one that never
   * settles: the timeout's message says so, and `payouts.list({ status: 'failed' })` tells
   * (docs/money.md).
   *
   * @param payout - The payout (a `draft` or `canceled` one is refused at once), or its id, prefix `po_`.
   * @param options - `minConfirmations` (default 1), `pollIntervalMs` (ms, default 5 000),
   *   `maxWaitMs` (ms, default 15 minutes), `signal`, and the options of each poll.
   * @returns The settlement record with the most confirmations, once it has `minConfirmations`.
   * @throws {RequestValidationError} before any poll: a bad id (`param: 'id'`) or option, or a
   *   payout object that is a `draft` or `canceled` (`param: 'status'`): such a payout never settles.
   * @throws {WaitTimeoutError} at the deadline, with `lastSettlement` (redacted) and `waitedMs`;
   *   a poll in flight then is aborted.
   * @throws {APIUserAbortError} as soon as `signal` aborts; no poll is sent after it.
   * @throws {APIError} and the other errors of a poll that fails for good.
   * @example
   * ```ts
   * const approved = await chainbill.payouts.approve(payoutId);
   * const settlement = await chainbill.payouts.waitForSettlement(approved, { minConfirmations: 20 });
   * console.log(settlement.tx_hash, settlement.confirmations);
   * ```
   */
  waitForSettlement(
    payout: PayoutIntent | string,
    options: WaitForSettlementOptions = {},
  ): Promise<PayoutSettlement> {
    return payoutsWaitForSettlement(this._core, payout, options);
  }
}
