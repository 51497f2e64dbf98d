import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Chain, Environment, Token, Unrecognized } from '../core/types.js';
import { call, callList } from '../internal/call.js';
import type { ListOperation, Operation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  chainField,
  dateTime,
  environmentField,
  lazy,
  maxString,
  openEnum,
  responseObject,
  tokenField,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** The payment method states (spec: Payment method `status`). */
export const paymentMethodStatuses = ['active', 'disabled'] as const;
/** Payment method states (spec: Payment method `status`): `active` (available for use) or `disabled`. */
export type PaymentMethodStatus = (typeof paymentMethodStatuses)[number];

/** A wallet plus a chain and token that receives payments (spec: Resources, Payment method). */
export interface PaymentMethod {
  /** Identifier, prefix `pm_`. */
  id: string;
  /** Organization that owns the payment method. */
  org_id: string;
  /** Wallet receiving the funds. */
  wallet_id: string;
  /** Network the wallet receives on. */
  chain: Chain | Unrecognized;
  /** Stablecoin received. */
  token: Token | Unrecognized;
  /** Human-readable name, up to 256 characters. */
  display_name: string | null;
  /** `active` (available for use) or `disabled`. */
  status: PaymentMethodStatus | Unrecognized;
  /** Whether this is the organization's default payment method. */
  is_default: boolean;
  /** Block confirmations required before a payment counts as confirmed, at least 1. */
  required_confirmations: number;
  /** Minimum checkout amount in USD, a double; `null` for none. */
  min_amount_usd: number | null;
  /** Maximum checkout amount in USD, a double; `null` for none. */
  max_amount_usd: number | null;
  /** `live` or `sandbox`. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
}

/**
 * Schema of {@link PaymentMethod}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const paymentMethodSchema: () => z.ZodMiniType<PaymentMethod> = /*@__PURE__*/ lazy(() =>
  model<PaymentMethod>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      wallet_id: z.string(),
      chain: chainField(),
      token: tokenField(),
      display_name: z.nullable(z.string()),
      status: openEnum(paymentMethodStatuses),
      is_default: z.boolean(),
      required_confirmations: z.int(),
      min_amount_usd: z.nullable(z.number()),
      max_amount_usd: z.nullable(z.number()),
      environment: environmentField(),
      created_at: dateTime(),
      updated_at: dateTime(),
    }),
  ),
);

/** Parameters of {@link PaymentMethods.list} (spec: GET /payment-methods). */
export interface PaymentMethodListParams {
  /** Only payment methods in this state. */
  status?: PaymentMethodStatus | undefined;
}

/** Parameters of {@link PaymentMethods.update} (spec: PATCH /payment-methods/{id}). */
export interface PaymentMethodUpdateParams {
  /** Human-readable name, at most 256 characters; `null` clears it. */
  display_name?: string | null | undefined;
  /** Block confirmations required, an integer of at least 1. */
  required_confirmations?: number | undefined;
  /** Minimum checkout amount in USD; `null` removes the minimum. At most `max_amount_usd` when both are given. */
  min_amount_usd?: number | null | undefined;
  /** Maximum checkout amount in USD; `null` removes the maximum. */
  max_amount_usd?: number | null | undefined;
  /** `true` makes this the default payment method (the previous default stops being one). */
  is_default?: boolean | undefined;
}

/** A payment method's `required_confirmations`: an integer ≥ 1 (spec: Limits), also the fake's. @internal */
export const requiredConfirmationsParam: () => z.ZodMiniType<number, number> = /*@__PURE__*/ lazy(() =>
  z.int().check(z.gte(1)),
);

// No `cursor` or `limit` in the spec for this list: a server's `next_cursor` is the paging's.
const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<PaymentMethodListParams>()(z.strictObject({ status: z.optional(z.enum(paymentMethodStatuses)) })),
);

// The spec's limits, and `min_amount_usd` at most `max_amount_usd` when a request sets both.
const updateParams = /*@__PURE__*/ lazy(() =>
  paramsFor<PaymentMethodUpdateParams>()(
    z
      .strictObject({
        display_name: z.optional(z.nullable(maxString(256))),
        required_confirmations: z.optional(requiredConfirmationsParam()),
        min_amount_usd: z.optional(z.nullable(z.number())),
        max_amount_usd: z.optional(z.nullable(z.number())),
        is_default: z.optional(z.boolean()),
      })
      .check(
        z.refine(
          (params) =>
            typeof params.min_amount_usd !== 'number' ||
            typeof params.max_amount_usd !== 'number' ||
            params.min_amount_usd <= params.max_amount_usd,
          { path: ['min_amount_usd'], error: 'must be at most max_amount_usd' },
        ),
      ),
  ),
);

/** The `list` operation. @internal */
export const paymentMethodListOperation: ListOperation<PaymentMethodListParams, PaymentMethod> = {
  method: 'GET',
  path: '/payment-methods',
  params: listParams,
  response: paymentMethodSchema,
  paging: 'cursor',
};

/** The `update` operation. @internal */
export const paymentMethodUpdateOperation: Operation<PaymentMethodUpdateParams, PaymentMethod> = {
  method: 'PATCH',
  path: '/payment-methods/{id}',
  id: 'paymentMethod',
  params: updateParams,
  response: paymentMethodSchema,
  paging: 'none',
};

/**
 * The payment method operations (spec: Payment methods), each written once: the client's methods
 * send them and the fake's routes answer them. The list documents no paging; a `next_cursor` is
 * followed.
 *
 * @internal
 */
export const paymentMethodOperations: {
  readonly list: ListOperation<PaymentMethodListParams, PaymentMethod>;
  readonly update: Operation<PaymentMethodUpdateParams, PaymentMethod>;
} = {
  list: paymentMethodListOperation,
  update: paymentMethodUpdateOperation,
};

/**
 * The payment methods resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const paymentMethodSpec: ResourceSpec = {
  path: ['paymentMethods'],
  operations: paymentMethodOperations,
  columns: [
    'id',
    'status',
    'token',
    'chain',
    'display_name',
    'is_default',
    'required_confirmations',
    'wallet_id',
    'min_amount_usd',
    'max_amount_usd',
    'created_at',
  ],
};

/**
 * Lists the organization's payment methods (spec: GET /payment-methods). The spec documents no
 * paging for this list; a `next_cursor` from the server is followed all the same.
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `status`: `active` or `disabled`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every payment method.
 * @throws {RequestValidationError} on a bad filter, before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * for await (const method of paymentMethodsList(core, { status: 'active' })) {
 *   console.log(method.id, method.chain, method.token, method.is_default);
 * }
 * ```
 */
export function paymentMethodsList(
  core: ChainbillCore,
  params: PaymentMethodListParams = {},
  options?: RequestOptions,
): PagePromise<PaymentMethod> {
  return callList(core, paymentMethodListOperation, { params }, options);
}

/**
 * Updates a payment method's display name, confirmation requirement, amount limits or default
 * flag (spec: PATCH /payment-methods/{id}).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param id - Payment method id, prefix `pm_`.
 * @param params - `display_name` (≤ 256 chars or `null`), `required_confirmations` (integer ≥ 1),
 *   `min_amount_usd` / `max_amount_usd` (USD or `null`; min ≤ max when both are given), `is_default`.
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns The updated payment method.
 * @throws {RequestValidationError} on a bad id or parameter, before sending.
 * @throws {NotFoundError} when no such payment method; `BadRequestError` when the server
 *   rejects a value (for example a minimum above the stored maximum).
 * @example
 * ```ts
 * const method = await paymentMethodsUpdate(core, 'pm_123', {
 *   display_name: 'USDT on Tron', min_amount_usd: 5, max_amount_usd: 10_000, is_default: true,
 * });
 * ```
 */
export function paymentMethodsUpdate(
  core: ChainbillCore,
  id: string,
  params: PaymentMethodUpdateParams = {},
  options?: RequestOptions,
): APIPromise<PaymentMethod> {
  return call(core, paymentMethodUpdateOperation, { id, params }, options);
}

/** Payment methods: list and update (spec: Payment methods). They are created outside the API. */
export class PaymentMethods extends APIResource {
  /**
   * Lists the organization's payment methods (spec: GET /payment-methods). The spec documents no
   * paging for this list; a `next_cursor` from the server is followed all the same.
   *
   * @param params - `status`: `active` or `disabled`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every payment method.
   * @throws {RequestValidationError} on a bad filter, before sending.
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * for await (const method of chainbill.paymentMethods.list({ status: 'active' })) {
   *   console.log(method.id, method.chain, method.token, method.is_default);
   * }
   * ```
   */
  list(params: PaymentMethodListParams = {}, options?: RequestOptions): PagePromise<PaymentMethod> {
    return paymentMethodsList(this._core, params, options);
  }

  /**
   * Updates a payment method's display name, confirmation requirement, amount limits or default
   * flag (spec: PATCH /payment-methods/{id}).
   *
   * @param id - Payment method id, prefix `pm_`.
   * @param params - `display_name` (≤ 256 chars or `null`), `required_confirmations` (integer ≥ 1),
   *   `min_amount_usd` / `max_amount_usd` (USD or `null`; min ≤ max when both are given), `is_default`.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The updated payment method.
   * @throws {RequestValidationError} on a bad id or parameter, before sending.
   * @throws {NotFoundError} when no such payment method; {@link BadRequestError} when the server
   *   rejects a value (for example a minimum above the stored maximum).
   * @example
   * ```ts
   * const method = await chainbill.paymentMethods.update('pm_123', {
   *   display_name: 'USDT on Tron', min_amount_usd: 5, max_amount_usd: 10_000, is_default: true,
   * });
   * ```
   */
  update(
    id: string,
    params: PaymentMethodUpdateParams = {},
    options?: RequestOptions,
  ): APIPromise<PaymentMethod> {
    return paymentMethodsUpdate(this._core, id, params, options);
  }
}
