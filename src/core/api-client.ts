import { payoutWriteOf } from '../internal/money-routes.js';
import { rawListSpec, rawSpec } from '../internal/raw.js';
import type { ListSpec, RequestSpec } from '../internal/types.js';
import type { APIPromise } from './api-promise.js';
import type { PagePromise, PaginationKind } from './pagination.js';
import type { RequestOptions } from './request-options.js';

/** A query parameter of a raw call: sent as text (`true`, `20`); `undefined` is left out. */
export type QueryValue = string | number | boolean | undefined;

/** Options of a raw `get` (docs/raw-calls.md): the query and the per-call options. */
export interface RawGetOptions extends RequestOptions {
  /** Query parameters, by wire name; sent as `URLSearchParams` encodes them. */
  query?: Record<string, QueryValue> | undefined;
}

/** Options of a raw `post`, `patch` or `delete`: the query, a JSON body and the per-call options. */
export interface RawRequestOptions extends RawGetOptions {
  /** The JSON body, any JSON value, sent as is (wire names, snake_case); none when `undefined`. */
  body?: unknown;
}

/** Options of a raw `getList`: how the route pages, the first page's query, per-call options. */
export interface RawListOptions extends RawGetOptions {
  /** `cursor` (`next_cursor` sent back as `cursor`) or `offset` (`offset` advanced by the items). */
  pagination: PaginationKind;
}

/**
 * The base of {@link Chainbill}: raw calls, the escape hatch for routes the SDK has no method for
 * (docs/raw-calls.md). They go through the same request path as every resource method: retries,
 * `Idempotency-Key` on writes, typed errors, redaction, `maxResponseBytes`, paging guards,
 * `.withResponse()`. Their results are the parsed JSON, unchecked (`unknown`).
 *
 * Every `path` is relative to the base URL and starts with `/`; it may not leave the base URL: no
 * `.` or `..` segment (plain or percent-encoded), no leading `//`, no `?` or `#` (queries go in
 * `query`), no `\`, whitespace or control character, no encoded `/` or `\`, no `;` plain or
 * encoded (`..;` is a path parameter that Tomcat-style servers strip, climbing out), and no
 * percent-encoded control character (`%00`-`%1F`, `%7F`, `%0d%0a`). Segments are sent as given:
 * encode ids with the `path` tag. A write to `/payouts` (in any spelling) is checked as the payouts
 * methods check theirs, the payout policy included; any other write under `/payouts` is refused.
 */
export abstract class APIClient {
  /**
   * Sends one call through the client's transport.
   *
   * @internal
   * @param build - Builds the call; a `RequestValidationError` thrown here rejects the promise.
   * @param options - Per-call options.
   * @returns The parsed result.
   */
  abstract request<T>(
    build: () => RequestSpec<T> | Promise<RequestSpec<T>>,
    options?: RequestOptions,
  ): APIPromise<T>;

  /**
   * Sends a list call and wraps it for paging.
   *
   * @internal
   * @param kind - `cursor` or `offset` paging.
   * @param build - Builds the first page's call.
   * @param options - Per-call options, used for every page.
   * @returns The first page, iterable over every item.
   */
  abstract requestList<T>(
    kind: PaginationKind,
    build: () => ListSpec<T>,
    options?: RequestOptions,
  ): PagePromise<T>;

  /**
   * Sends a GET to a route the SDK has no method for.
   *
   * @param path - Under the base URL, starting with `/`; ids encoded (the `path` tag does it).
   * @param options - `query` and the per-call options.
   * @returns The parsed JSON body (`undefined` when empty), unchecked.
   * @throws {RequestValidationError} with `param` `path` or `query`, before anything is sent.
   * @throws {APIError} and the other errors of any call.
   * @example
   * ```ts
   * const payout = await chainbill.get(path`/payouts/${payoutId}`);
   * ```
   */
  get(path: string, options?: RawGetOptions): APIPromise<unknown> {
    return this.#raw('GET', path, options);
  }

  /**
   * Sends a POST to a route the SDK has no method for, with an `Idempotency-Key`.
   *
   * @param path - Under the base URL, starting with `/`; ids encoded (the `path` tag does it).
   * @param options - `body`, `query` and the per-call options (`idempotencyKey`, …).
   * @returns The parsed JSON body (`undefined` when empty), unchecked.
   * @throws {RequestValidationError} with `param` `path`, `query` or `body`, before anything is sent;
   *   to `/payouts`, for any params `payouts.create` refuses (docs/raw-calls.md).
   * @throws {PayoutPolicyError} to `/payouts`, for a payout outside the client's `payoutPolicy`.
   * @throws {APIError} and the other errors of any call.
   * @example
   * ```ts
   * const refund = await chainbill.post('/refunds', { body: { payment_id: 'pay_1' } });
   * ```
   */
  post(path: string, options?: RawRequestOptions): APIPromise<unknown> {
    return this.#raw('POST', path, options);
  }

  /**
   * Sends a PATCH to a route the SDK has no method for, with an `Idempotency-Key`.
   *
   * @param path - Under the base URL, starting with `/`; ids encoded (the `path` tag does it).
   * @param options - `body`, `query` and the per-call options.
   * @returns The parsed JSON body (`undefined` when empty), unchecked.
   * @throws {RequestValidationError} with `param` `path`, `query` or `body`, before anything is sent;
   *   to `/payouts/{id}`, for an id or body `payouts.update` refuses (docs/raw-calls.md).
   * @throws {APIError} and the other errors of any call.
   * @example
   * ```ts
   * await chainbill.patch(path`/payouts/${id}`, { body: { description: 'March payroll' } });
   * ```
   */
  patch(path: string, options?: RawRequestOptions): APIPromise<unknown> {
    return this.#raw('PATCH', path, options);
  }

  /**
   * Sends a DELETE to a route the SDK has no method for, with an `Idempotency-Key`.
   *
   * @param path - Under the base URL, starting with `/`; ids encoded (the `path` tag does it).
   * @param options - `query`, a `body` if the route takes one, and the per-call options.
   * @returns The parsed JSON body (`undefined` when empty), unchecked.
   * @throws {RequestValidationError} with `param` `path`, `query` or `body`, before anything is sent.
   * @throws {APIError} and the other errors of any call.
   * @example
   * ```ts
   * await chainbill.delete(path`/webhooks/${endpointId}`);
   * ```
   */
  delete(path: string, options?: RawRequestOptions): APIPromise<unknown> {
    return this.#raw('DELETE', path, options);
  }

  /**
   * Checks a raw call as the resource methods check theirs, where one writes what they write: a
   * payout create or update (docs/raw-calls.md, "Payouts through raw calls").
   *
   * @internal
   * @param spec - The raw call, its path, query and body checked by the raw-call rules.
   * @param options - Its per-call options.
   * @returns The call to send.
   */
  protected abstract _checkRawCall(
    spec: RequestSpec<unknown>,
    options: RequestOptions,
  ): RequestSpec<unknown> | Promise<RequestSpec<unknown>>;

  /**
   * Lists a route the SDK has no method for: GET pages of the spec's list envelope (`data`,
   * `has_more`, `next_cursor`, checked, with the loop and silent-stop guards of every list); the
   * items are unchecked.
   *
   * @param path - Under the base URL, starting with `/`; ids encoded (the `path` tag does it).
   * @param options - `pagination` (`cursor` or `offset`), the first page's `query`, per-call options.
   * @returns The first page, iterable over every item with `for await`.
   * @throws {RequestValidationError} with `param` `path`, `query` or `pagination`, before anything is sent.
   * @throws {ResponseValidationError} when a page is not a list envelope, or would loop.
   * @example
   * ```ts
   * for await (const payout of chainbill.getList('/payouts', { pagination: 'cursor', query: { limit: 100 } })) {
   *   console.log(payout);
   * }
   * ```
   */
  getList(path: string, options: RawListOptions): PagePromise<unknown> {
    const { query, pagination, ...rest } = options ?? ({} as Partial<RawListOptions>);
    return this.requestList(pagination ?? 'cursor', () => rawListSpec(path, query, pagination), rest);
  }

  #raw(
    method: RequestSpec<unknown>['method'],
    path: string,
    options?: RawRequestOptions,
  ): APIPromise<unknown> {
    const { query, body, ...rest } = options ?? {};
    return this.request(() => {
      const spec = rawSpec(method, path, query, body);
      // Only a payout write waits for its checks, loaded on first use.
      return payoutWriteOf(spec.method, spec.path) === undefined ? spec : this._checkRawCall(spec, rest);
    }, rest);
  }
}
