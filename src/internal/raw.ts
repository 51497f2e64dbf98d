import * as z from 'zod/mini';
import { RequestValidationError } from '../core/error.js';
import { lazy } from './schemas.js';
import type { ListQuery, ListSpec, RequestSpec } from './types.js';

/**
 * The result and item schema of every raw call: every JSON value. One instance, so the list envelope built
 * around it is cached once (`listEnvelope` keys its cache by the item schema).
 */
const anyJson: () => z.ZodMiniType<unknown> = /*@__PURE__*/ lazy(() => z.unknown());

// What would leave the base URL or change the path once a proxy reads it: a backslash (some servers
// read it as `/`), a `;` (Tomcat and Spring strip `;…` path parameters, so `/a/..;/b` is `/b`),
// whitespace, control characters, lone surrogates (they cannot be encoded).
const unsafe = /[\\;\s\p{Cc}\p{Cs}]/u;
// What a decoding proxy would turn a segment into that leaves it or changes the request: `/`, `\`,
// `;` and control characters (`%00`, `%0d%0a` splits a request line behind a naive proxy).
const unsafeDecoded = /[/\\;\p{Cc}]/u;

/**
 * Checks the path of a raw call (docs/raw-calls.md): relative to the base URL, and unable to
 * leave it. Segments are sent as given; callers encode ids (the `path` tag does).
 *
 * @param path - The caller's path, for example `/payouts/po_123`.
 * @returns The path, unchanged.
 * @throws {RequestValidationError} with `param: 'path'`.
 */
export function rawPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
    throw invalid('path', 'must be a string starting with one `/`: it is relative to the base URL');
  }
  if (/[?#]/.test(path)) throw invalid('path', 'must not hold `?` or `#`: queries go in `query`');
  if (unsafe.test(path) || !path.split('/').every(staysInPlace)) {
    throw invalid(
      'path',
      'must stay under the base URL: no `.` or `..` segment, no `\\`, `;` or control character, plain or percent-encoded (`%2e%2e`, `%3B`, `%00`, `%0d%0a`), no encoded `/`, no whitespace, and well-formed percent-encoding',
    );
  }
  return path;
}

/** A segment that the URL parser keeps as one segment, and that no decoding proxy splits. */
function staysInPlace(segment: string): boolean {
  try {
    // The URL parser resolves `..`, `.%2e` and `%2e%2e` alike, and would climb out of the base path.
    const decoded = decodeURIComponent(segment);
    return decoded !== '.' && decoded !== '..' && !unsafeDecoded.test(decoded);
  } catch {
    return false; // a `%` not followed by two hex digits, or bytes that are not UTF-8
  }
}

/**
 * Checks and encodes the query of a raw call: strings, finite numbers and booleans are sent as
 * text, `undefined` values are left out.
 *
 * @param query - The caller's query, or `undefined`.
 * @returns The query for the wire.
 * @throws {RequestValidationError} with `param: 'query'`.
 */
export function rawQuery(query: unknown): ListQuery {
  if (query === undefined) return {};
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw invalid('query', 'must be an object of parameter names to values');
  }
  const encoded: ListQuery = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'boolean' && !Number.isFinite(value)) {
      throw invalid('query', 'must be a string, a finite number, a boolean or undefined', ['query', name]);
    }
    encoded[name] = String(value);
  }
  return encoded;
}

/**
 * Checks that a raw call's body can be sent as JSON. `JSON.stringify` would otherwise throw inside
 * the transport (a `BigInt`, a cycle), where it would read as a connection error and be retried.
 *
 * @param method - The HTTP method; a GET has no body.
 * @param body - The caller's body, or `undefined` for none.
 * @returns The body.
 * @throws {RequestValidationError} with `param: 'body'`.
 */
export function rawBody(method: RequestSpec<unknown>['method'], body: unknown): unknown {
  if (body === undefined) return undefined;
  if (method === 'GET') throw invalid('body', 'cannot be sent with GET');
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch {
    // A BigInt or a cycle: `text` stays undefined and the body is refused below.
  }
  if (text === undefined) throw invalid('body', 'must be a JSON value (no BigInt, function or cycle)');
  return body;
}

/**
 * The call of `get`, `post`, `patch` or `delete`: checked path, query and body, any JSON back.
 *
 * @param method - The HTTP method.
 * @param path - The caller's path; also the call's `route`.
 * @param query - The caller's query.
 * @param body - The caller's body.
 * @returns The call for the transport.
 * @throws {RequestValidationError} with `param` `path`, `query` or `body`.
 */
export function rawSpec(
  method: RequestSpec<unknown>['method'],
  path: unknown,
  query: unknown,
  body: unknown,
): RequestSpec<unknown> {
  const checked = rawPath(path);
  return {
    method,
    path: checked,
    route: checked,
    query: rawQuery(query),
    body: rawBody(method, body),
    schema: anyJson(),
  };
}

/**
 * The first page's call of `getList`: checked path, query and paging kind; items are any JSON,
 * the envelope is checked as on every list.
 *
 * @param path - The caller's path; also the call's `route`.
 * @param query - The caller's query.
 * @param pagination - `cursor` or `offset`.
 * @returns The list call for the pager.
 * @throws {RequestValidationError} with `param` `path`, `query` or `pagination`.
 */
export function rawListSpec(path: unknown, query: unknown, pagination: unknown): ListSpec<unknown> {
  if (pagination !== 'cursor' && pagination !== 'offset') {
    throw invalid('pagination', "must be 'cursor' or 'offset'");
  }
  const checked = rawPath(path);
  return { path: checked, route: checked, query: rawQuery(query), schema: anyJson() };
}

/**
 * The error of a raw call's option that cannot be sent.
 *
 * @param param - The option: `path`, `query`, `body`, …
 * @param message - What is wrong with it, never quoting it.
 * @param at - The path.
 * @returns A `RequestValidationError` naming the option.
 */
export function invalid(param: string, message: string, at: string[] = [param]): RequestValidationError {
  return new RequestValidationError(param, [{ path: at, code: `invalid_${param}`, message }]);
}
