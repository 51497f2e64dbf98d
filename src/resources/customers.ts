import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Environment, Metadata, Unrecognized } from '../core/types.js';
import { call, callList } from '../internal/call.js';
import { jsonObjectParam } from '../internal/json-data.js';
import type { ListOperation, Operation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  dateTime,
  environmentField,
  lazy,
  limitParam,
  maxString,
  responseObject,
} from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** A customer of the organization, billed by subscriptions (spec: Resources, Customer). */
export interface Customer {
  /** Identifier, prefix `cus_`. */
  id: string;
  /** Organization that owns the customer. */
  org_id: string;
  /** Email address (email format). */
  email: string;
  /** Display name, up to 256 characters. */
  name: string | null;
  /** Identifier of the customer in the caller's own system, up to 256 characters. */
  external_id: string | null;
  /** Arbitrary key-value data. */
  metadata: Metadata;
  /** `live` or `sandbox`, from the key that created it. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
}

const metadataSchema: () => z.ZodMiniType<Metadata, Metadata> = /*@__PURE__*/ lazy(() =>
  z.record(z.string(), z.unknown()),
);

/**
 * Schema of {@link Customer}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const customerSchema: () => z.ZodMiniType<Customer> = /*@__PURE__*/ lazy(() =>
  model<Customer>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      email: z.string(),
      name: z.nullable(z.string()),
      external_id: z.nullable(z.string()),
      metadata: metadataSchema(),
      environment: environmentField(),
      created_at: dateTime(),
      updated_at: dateTime(),
    }),
  ),
);

/** Parameters of {@link Customers.create} (spec: POST /customers). */
export interface CustomerCreateParams {
  /** Email address; must be a valid email. */
  email: string;
  /** Display name, at most 256 characters. */
  name?: string | undefined;
  /** Identifier of the customer in your own system, at most 256 characters. */
  external_id?: string | undefined;
  /**
   * Arbitrary key-value data, stored and returned as is: plain JSON data (objects, arrays, strings,
   * finite numbers, booleans, `null`), at most 32 levels deep.
   */
  metadata?: Metadata | undefined;
}

/** Parameters of {@link Customers.list} (spec: GET /customers, offset-based). */
export interface CustomerListParams {
  /** Customers to skip, newest first; 0 or more, default 0. */
  offset?: number | undefined;
  /** Page size, 1 to 100; the API's default is 25. */
  limit?: number | undefined;
}

const createParams = /*@__PURE__*/ lazy(() =>
  paramsFor<CustomerCreateParams>()(
    z.strictObject({
      email: z.email(),
      name: z.optional(maxString(256)),
      external_id: z.optional(maxString(256)),
      metadata: z.optional(jsonObjectParam()),
    }),
  ),
);

const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<CustomerListParams>()(
    z.strictObject({
      offset: z.optional(z.int().check(z.minimum(0))),
      limit: z.optional(limitParam()),
    }),
  ),
);

/** The `create` operation. @internal */
export const customerCreateOperation: Operation<CustomerCreateParams, Customer> = {
  method: 'POST',
  path: '/customers',
  params: createParams,
  response: customerSchema,
  paging: 'none',
};

/** The `list` operation. @internal */
export const customerListOperation: ListOperation<CustomerListParams, Customer> = {
  method: 'GET',
  path: '/customers',
  params: listParams,
  response: customerSchema,
  paging: 'offset',
};

/**
 * The customer operations (spec: Customers), each written once: the client's methods send them
 * and the fake's routes answer them. The list pages by offset (spec: GET /customers).
 *
 * @internal
 */
export const customerOperations: {
  readonly create: Operation<CustomerCreateParams, Customer>;
  readonly list: ListOperation<CustomerListParams, Customer>;
} = {
  create: customerCreateOperation,
  list: customerListOperation,
};

/**
 * The customers resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const customerSpec: ResourceSpec = {
  path: ['customers'],
  operations: customerOperations,
  columns: ['id', 'email', 'name', 'external_id', 'created_at'],
};

/**
 * Creates a customer (spec: POST /customers).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `email` (required, email format), optional `name` and `external_id` (≤ 256
 *   chars each) and `metadata`.
 * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
 * @returns The new customer.
 * @throws {RequestValidationError} on a missing or malformed email, a too-long field, or `metadata`
 *   that is not plain JSON data (a cycle, a `Date`, a `bigint`…), before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * const customer = await customersCreate(core, {
 *   email: 'ada@example.com', name: 'Ada Lovelace', external_id: 'user_42', metadata: { tier: 'pro' },
 * });
 * ```
 */
export function customersCreate(
  core: ChainbillCore,
  params: CustomerCreateParams,
  options?: RequestOptions,
): APIPromise<Customer> {
  return call(core, customerCreateOperation, { params }, options);
}

/**
 * Lists customers, newest first, in offset pages (spec: GET /customers). The first page is
 * sent with `offset=0` unless another offset is given; each next page advances `offset` by the
 * customers received.
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `offset` (≥ 0, default 0) and `limit` 1..100.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every customer.
 * @throws {RequestValidationError} on a bad `offset` or `limit`, before sending.
 * @example
 * ```ts
 * for await (const customer of customersList(core, { limit: 100 })) {
 *   console.log(customer.id, customer.email);
 * }
 * ```
 */
export function customersList(
  core: ChainbillCore,
  params: CustomerListParams = {},
  options?: RequestOptions,
): PagePromise<Customer> {
  return callList(core, customerListOperation, { params }, options);
}

/** Customers: create and list (spec: Customers). */
export class Customers extends APIResource {
  /**
   * Creates a customer (spec: POST /customers).
   *
   * @param params - `email` (required, email format), optional `name` and `external_id` (≤ 256
   *   chars each) and `metadata`.
   * @param options - Per-call options; an `Idempotency-Key` is sent and kept across retries.
   * @returns The new customer.
   * @throws {RequestValidationError} on a missing or malformed email, a too-long field, or `metadata`
   *   that is not plain JSON data (a cycle, a `Date`, a `bigint`…), before sending.
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * const customer = await chainbill.customers.create({
   *   email: 'ada@example.com', name: 'Ada Lovelace', external_id: 'user_42', metadata: { tier: 'pro' },
   * });
   * ```
   */
  create(params: CustomerCreateParams, options?: RequestOptions): APIPromise<Customer> {
    return customersCreate(this._core, params, options);
  }

  /**
   * Lists customers, newest first, in offset pages (spec: GET /customers). The first page is
   * sent with `offset=0` unless another offset is given; each next page advances `offset` by the
   * customers received.
   *
   * @param params - `offset` (≥ 0, default 0) and `limit` 1..100.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every customer.
   * @throws {RequestValidationError} on a bad `offset` or `limit`, before sending.
   * @example
   * ```ts
   * for await (const customer of chainbill.customers.list({ limit: 100 })) {
   *   console.log(customer.id, customer.email);
   * }
   * ```
   */
  list(params: CustomerListParams = {}, options?: RequestOptions): PagePromise<Customer> {
    return customersList(this._core, params, options);
  }
}
