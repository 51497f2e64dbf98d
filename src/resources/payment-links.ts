import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Environment, Unrecognized } from '../core/types.js';
import { call, callList } from '../internal/call.js';
import { idPrefixes } from '../internal/ids.js';
import type { ListOperation, Operation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  amountParam,
  cursorParam,
  dateTime,
  environmentField,
  idParam,
  lazy,
  limitParam,
  maxString,
  responseObject,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** A shareable URL that creates a checkout when visited (spec: Resources, Payment link). */
export interface PaymentLink {
  /** Identifier, prefix `pl_`. */
  id: string;
  /** Organization that owns the link. */
  org_id: string;
  /** Amount to pay, in USD (a double). */
  amount_usd: number;
  /** Payment method used for the checkouts the link creates, prefix `pm_`. */
  payment_method_id: string;
  /** Text shown on the payment page, up to 512 characters. */
  description: string | null;
  /** The shareable link (a URI at the pay host); visiting it generates a checkout. */
  url: string;
  /** When the link stops working (ISO 8601); `null` for a link that does not expire. */
  expires_at: string | null;
  /** `live` or `sandbox`, from the key that created it. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
}

/**
 * Schema of {@link PaymentLink}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const paymentLinkSchema: () => z.ZodMiniType<PaymentLink> = /*@__PURE__*/ lazy(() =>
  model<PaymentLink>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      amount_usd: z.number(),
      payment_method_id: z.string(),
      description: z.nullable(z.string()),
      url: z.string(),
      expires_at: z.nullable(dateTime()),
      environment: environmentField(),
      created_at: dateTime(),
    }),
  ),
);

/** Parameters of {@link PaymentLinks.create} (spec: POST /payment-links). */
export interface PaymentLinkCreateParams {
  /** Amount to pay in USD, at least 0.01. */
  amount_usd: number;
  /** Payment method for the checkouts, prefix `pm_`. */
  payment_method_id: string;
  /** Text shown on the payment page, at most 512 characters. */
  description?: string | undefined;
  /** Time to live of the link in seconds, a whole number of at least 300; no expiry when omitted. */
  expires_in_seconds?: number | undefined;
}

/** Parameters of {@link PaymentLinks.list} (spec: GET /payment-links). */
export interface PaymentLinkListParams {
  /** Page size, 1 to 100; the API's default is 25. */
  limit?: number | undefined;
  /** The `next_cursor` of the previous page, as received. */
  cursor?: string | undefined;
}

const createParams = /*@__PURE__*/ lazy(() =>
  paramsFor<PaymentLinkCreateParams>()(
    z.strictObject({
      amount_usd: amountParam(),
      payment_method_id: idParam(idPrefixes.paymentMethod),
      description: z.optional(maxString(512)),
      expires_in_seconds: z.optional(z.int().check(z.minimum(300))),
    }),
  ),
);

const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<PaymentLinkListParams>()(
    z.strictObject({ limit: z.optional(limitParam()), cursor: z.optional(cursorParam()) }),
  ),
);

/** The `create` operation. @internal */
export const paymentLinkCreateOperation: Operation<PaymentLinkCreateParams, PaymentLink> = {
  method: 'POST',
  path: '/payment-links',
  params: createParams,
  response: paymentLinkSchema,
  paging: 'none',
};

/** The `list` operation. @internal */
export const paymentLinkListOperation: ListOperation<PaymentLinkListParams, PaymentLink> = {
  method: 'GET',
  path: '/payment-links',
  params: listParams,
  response: paymentLinkSchema,
  paging: 'cursor',
};

/**
 * The payment link operations (spec: Payment links), each written once: the client's methods send
 * them and the fake's routes answer them.
 *
 * @internal
 */
export const paymentLinkOperations: {
  readonly create: Operation<PaymentLinkCreateParams, PaymentLink>;
  readonly list: ListOperation<PaymentLinkListParams, PaymentLink>;
} = {
  create: paymentLinkCreateOperation,
  list: paymentLinkListOperation,
};

/**
 * The payment links resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const paymentLinkSpec: ResourceSpec = {
  path: ['paymentLinks'],
  operations: paymentLinkOperations,
  columns: ['id', 'amount_usd', 'url', 'payment_method_id', 'description', 'expires_at', 'created_at'],
};

/**
 * Creates a shareable payment link (spec: POST /payment-links).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `amount_usd` (≥ 0.01), `payment_method_id` (prefix `pm_`), optional
 *   `description` (≤ 512 chars) and `expires_in_seconds` (integer ≥ 300).
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns The new payment link, with its `url`.
 * @throws {RequestValidationError} on a missing or out-of-range parameter, before sending.
 * @throws {NotFoundError} when the payment method does not exist; `ConflictError` when it
 *   is disabled; `AuthenticationError` on a rejected key.
 * @example
 * ```ts
 * const link = await paymentLinksCreate(core, {
 *   amount_usd: 49.9, payment_method_id: 'pm_123', description: 'Workshop ticket',
 *   expires_in_seconds: 86_400,
 * });
 * console.log(link.url);
 * ```
 */
export function paymentLinksCreate(
  core: ChainbillCore,
  params: PaymentLinkCreateParams,
  options?: RequestOptions,
): APIPromise<PaymentLink> {
  return call(core, paymentLinkCreateOperation, { params }, options);
}

/**
 * Lists payment links, newest first, one page at a time (spec: GET /payment-links).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `limit` 1..100, `cursor`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every link.
 * @throws {RequestValidationError} on a bad `limit` or `cursor`, before sending.
 * @example
 * ```ts
 * for await (const link of paymentLinksList(core, { limit: 50 })) {
 *   console.log(link.id, link.url, link.expires_at);
 * }
 * ```
 */
export function paymentLinksList(
  core: ChainbillCore,
  params: PaymentLinkListParams = {},
  options?: RequestOptions,
): PagePromise<PaymentLink> {
  return callList(core, paymentLinkListOperation, { params }, options);
}

/** Payment links: create and list (spec: Payment links). */
export class PaymentLinks extends APIResource {
  /**
   * Creates a shareable payment link (spec: POST /payment-links).
   *
   * @param params - `amount_usd` (≥ 0.01), `payment_method_id` (prefix `pm_`), optional
   *   `description` (≤ 512 chars) and `expires_in_seconds` (integer ≥ 300).
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The new payment link, with its `url`.
   * @throws {RequestValidationError} on a missing or out-of-range parameter, before sending.
   * @throws {NotFoundError} when the payment method does not exist; {@link ConflictError} when it
   *   is disabled; {@link AuthenticationError} on a rejected key.
   * @example
   * ```ts
   * const link = await chainbill.paymentLinks.create({
   *   amount_usd: 49.9, payment_method_id: 'pm_123', description: 'Workshop ticket',
   *   expires_in_seconds: 86_400,
   * });
   * console.log(link.url);
   * ```
   */
  create(params: PaymentLinkCreateParams, options?: RequestOptions): APIPromise<PaymentLink> {
    return paymentLinksCreate(this._core, params, options);
  }

  /**
   * Lists payment links, newest first, one page at a time (spec: GET /payment-links).
   *
   * @param params - `limit` 1..100, `cursor`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every link.
   * @throws {RequestValidationError} on a bad `limit` or `cursor`, before sending.
   * @example
   * ```ts
   * for await (const link of chainbill.paymentLinks.list({ limit: 50 })) {
   *   console.log(link.id, link.url, link.expires_at);
   * }
   * ```
   */
  list(params: PaymentLinkListParams = {}, options?: RequestOptions): PagePromise<PaymentLink> {
    return paymentLinksList(this._core, params, options);
  }
}
