import * as z from 'zod/mini';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Chain, Metadata, Token, Unrecognized } from '../core/types.js';
import { callList } from '../internal/call.js';
import type { ListOperation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  atomicAmount,
  chainField,
  cursorParam,
  dateTime,
  lazy,
  limitParam,
  maybe,
  openEnum,
  responseObject,
  tokenField,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** Checkout states, in lifecycle order (spec: Checkout `status`). */
export const checkoutStatuses = [
  'pending',
  'detected',
  'confirming',
  'confirmed',
  'expired',
  'failed',
] as const;
/**
 * Checkout states (spec: Checkout `status`): `pending` (waiting for payment), `detected` (seen
 * on-chain, unconfirmed), `confirming`, then one of the terminal `confirmed`, `expired`, `failed`.
 */
export type CheckoutStatus = (typeof checkoutStatuses)[number];

/**
 * A payment awaiting or receiving an on-chain deposit, as the checkout list shows it (spec:
 * Resources, Checkout (list item)). The list item carries neither `org_id` nor `environment`.
 */
export interface Checkout {
  /** Identifier, prefix `co_`. */
  checkout_id: string;
  /** Where the checkout is in its lifecycle. */
  status: CheckoutStatus | Unrecognized;
  /** Address the payer sends the tokens to. */
  deposit_address: string;
  /** Amount due in USD. */
  amount_usd: number;
  /** Amount due in the token's smallest unit (6 decimals), a string of digits only (`/^\d+$/`). */
  amount_atomic: string;
  /** Network of the deposit. */
  chain: Chain | Unrecognized;
  /** Stablecoin expected. */
  token: Token | Unrecognized;
  /** Hash of the paying transaction; absent or `null` until one is seen (`pending`, `expired`). */
  tx_hash?: string | null;
  /** Block confirmations counted so far; absent or `null` while none can be counted (`pending`). */
  confirmations?: number | null;
  /** Block confirmations needed to reach `confirmed`. */
  required_confirmations: number;
  /** When an unpaid checkout expires (ISO 8601). */
  expires_at: string;
  /** When the payment was first seen on-chain (ISO 8601); absent or `null` before that. */
  detected_at?: string | null;
  /** When the payment was fully confirmed (ISO 8601); absent or `null` before that. */
  confirmed_at?: string | null;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Arbitrary key-value data attached to the checkout. */
  metadata: Metadata;
}

/**
 * Schema of {@link Checkout}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const checkoutSchema: () => z.ZodMiniType<Checkout> = /*@__PURE__*/ lazy(() =>
  model<Checkout>()(
    responseObject({
      checkout_id: z.string(),
      status: openEnum(checkoutStatuses),
      deposit_address: z.string(),
      amount_usd: z.number(),
      amount_atomic: atomicAmount(),
      chain: chainField(),
      token: tokenField(),
      tx_hash: maybe(z.string()),
      confirmations: maybe(z.int()),
      required_confirmations: z.int(),
      expires_at: dateTime(),
      detected_at: maybe(dateTime()),
      confirmed_at: maybe(dateTime()),
      created_at: dateTime(),
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
);

/** Parameters of {@link Checkouts.list} (spec: GET /checkouts). */
export interface CheckoutListParams {
  /** Only checkouts in this state. */
  status?: CheckoutStatus | undefined;
  /** Page size, 1 to 100; the API's default is 25. */
  limit?: number | undefined;
  /** The `next_cursor` of the previous page, as received. */
  cursor?: string | undefined;
}

const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<CheckoutListParams>()(
    z.strictObject({
      status: z.optional(z.enum(checkoutStatuses)),
      limit: z.optional(limitParam()),
      cursor: z.optional(cursorParam()),
    }),
  ),
);

/** The `list` operation. @internal */
export const checkoutListOperation: ListOperation<CheckoutListParams, Checkout> = {
  method: 'GET',
  path: '/checkouts',
  params: listParams,
  response: checkoutSchema,
  paging: 'cursor',
};

/**
 * The checkout operations (spec: Checkouts), each written once: the client's method sends it and
 * the fake's route answers it.
 *
 * @internal
 */
export const checkoutOperations: { readonly list: ListOperation<CheckoutListParams, Checkout> } = {
  list: checkoutListOperation,
};

/**
 * The checkouts resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const checkoutSpec: ResourceSpec = {
  path: ['checkouts'],
  operations: checkoutOperations,
  columns: [
    'checkout_id',
    'status',
    'amount_usd',
    'token',
    'chain',
    'confirmations',
    'deposit_address',
    'tx_hash',
    'expires_at',
    'confirmed_at',
    'created_at',
  ],
};

/**
 * Lists checkouts, newest first, one page at a time (spec: GET /checkouts).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `status` filter, `limit` 1..100, `cursor`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every checkout.
 * @throws {RequestValidationError} on a bad filter or limit, before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * for await (const checkout of checkoutsList(core, { status: 'confirmed', limit: 100 })) {
 *   console.log(checkout.checkout_id, checkout.amount_usd, checkout.tx_hash);
 * }
 * ```
 */
export function checkoutsList(
  core: ChainbillCore,
  params: CheckoutListParams = {},
  options?: RequestOptions,
): PagePromise<Checkout> {
  return callList(core, checkoutListOperation, { params }, options);
}

/** Checkouts: list (spec: GET /checkouts). Checkouts are created by payment links, not the API. */
export class Checkouts extends APIResource {
  /**
   * Lists checkouts, newest first, one page at a time (spec: GET /checkouts).
   *
   * @param params - `status` filter, `limit` 1..100, `cursor`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every checkout.
   * @throws {RequestValidationError} on a bad filter or limit, before sending.
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * for await (const checkout of chainbill.checkouts.list({ status: 'confirmed', limit: 100 })) {
   *   console.log(checkout.checkout_id, checkout.amount_usd, checkout.tx_hash);
   * }
   * ```
   */
  list(params: CheckoutListParams = {}, options?: RequestOptions): PagePromise<Checkout> {
    return checkoutsList(this._core, params, options);
  }
}
