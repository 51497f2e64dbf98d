import type { Incoming } from './body.js';
import { FakeApiError } from './errors.js';

/** The methods the API's routes use; any other is 405 wherever it is sent. */
const knownMethods: ReadonlySet<string> = new Set(['GET', 'POST', 'PATCH', 'DELETE']);

/** Where the fake answers: the base URL's path, and its origin where the transport has one. */
export interface BasePath {
  /** `https://api.chainbill.test` for `fetch` and msw; `null` over `listen()`, where any `Host` is ours. */
  origin: string | null;
  /** The base URL's path without a trailing slash, for example `/v1` (`''` for the root). */
  path: string;
}

/**
 * The base path of a base URL.
 *
 * @param baseUrl - For example `https://api.chainbill.test/v1`.
 * @returns Its origin and its path without a trailing slash.
 */
export function basePathOf(baseUrl: string): BasePath {
  const url = new URL(baseUrl);
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
}

/**
 * The request's path under the base path (`/payouts` for `/v1/payouts`), as sent (still
 * percent-encoded), or `undefined` when it is not under it: another host, `/`, `/v2/…`, `/v1x/…`.
 *
 * @param url - The request's URL.
 * @param base - Where the fake answers.
 * @returns The path under the base, or `undefined`.
 */
export function pathUnderBase(url: URL, base: BasePath): string | undefined {
  if (base.origin !== null && url.origin !== base.origin) return undefined;
  if (url.pathname === base.path) return '/';
  return url.pathname.startsWith(`${base.path}/`) ? url.pathname.slice(base.path.length) : undefined;
}

/**
 * 404 `route_not_found` for a request outside the base path: a client with a wrong base URL
 * fails here as it would in production.
 *
 * @param incoming - The request.
 * @param base - Where the fake answers.
 * @returns The error to answer with.
 */
export function outsideBase(incoming: Incoming, base: BasePath): FakeApiError {
  const where = `${base.origin ?? ''}${base.path}`;
  return new FakeApiError(
    404,
    'invalid_request_error',
    'route_not_found',
    `No route ${incoming.method} ${incoming.url.pathname}: the API is served under ${where || '/'}`,
  );
}

/**
 * Refuses what no route could serve, before authentication: a method the API does not use (405),
 * a path with malformed percent-encoding (400 `path_invalid`), an `Idempotency-Key` that is
 * present but empty (400 `idempotency_key_invalid`).
 *
 * @param incoming - The request.
 * @param path - Its path under the base path.
 * @throws {FakeApiError} with status 400 or 405.
 */
export function refuseMalformed(incoming: Incoming, path: string): void {
  if (!knownMethods.has(incoming.method)) {
    throw new FakeApiError(
      405,
      'invalid_request_error',
      'method_not_allowed',
      `${incoming.method} is not a method of this API (use GET, POST, PATCH or DELETE)`,
    );
  }
  try {
    decodeURIComponent(path);
  } catch {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'path_invalid',
      'The path holds malformed percent-encoding.',
    );
  }
  if (incoming.headers.get('idempotency-key') === '') {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'idempotency_key_invalid',
      'Idempotency-Key is empty; send a non-empty key or no header.',
    );
  }
}
