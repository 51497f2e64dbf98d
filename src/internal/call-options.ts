import { RequestValidationError } from '../core/error.js';
import type { RequestOptions } from '../core/request-options.js';
import { VERSION } from '../version.js';
import { hooksProblem } from './hooks.js';

// 1 to 255 visible ASCII characters: what fits in a header unchanged and what servers store.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * Whether a `maxResponseBytes` value is usable: a whole number of bytes, 1 or more.
 *
 * @param value - The candidate.
 * @returns Whether it is a positive safe integer.
 */
export function isByteCount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/**
 * Checks a call's options by the constructor's rules, before anything is sent: a `NaN` (from
 * `Number(process.env.X)` when unset) would otherwise retry forever or time out at once, and an
 * empty `idempotencyKey` would be sent as an empty header.
 *
 * @param options - The call's options.
 * @throws {RequestValidationError} with `param` `maxRetries`, `timeout`, `maxResponseBytes` or
 *   `idempotencyKey`.
 */
export function checkCallOptions(options: RequestOptions): void {
  const { maxRetries, timeout, maxResponseBytes, idempotencyKey } = options;
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) {
    throw invalid('maxRetries', 'must be a whole number, 0 or more');
  }
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0 && timeout <= 2_147_483_647)) {
    throw invalid('timeout', 'must be a positive number of milliseconds');
  }
  if (maxResponseBytes !== undefined && !isByteCount(maxResponseBytes)) {
    throw invalid('maxResponseBytes', 'must be a whole number of bytes, 1 or more');
  }
  const hooks = hooksProblem(options.hooks);
  if (hooks !== undefined) throw invalid('hooks', hooks);
  if (idempotencyKey !== undefined && !idempotencyKeyPattern.test(idempotencyKey)) {
    throw invalid('idempotencyKey', 'must be 1 to 255 visible ASCII characters (no spaces)');
  }
}

/**
 * Builds a call's headers: defaults, the caller's headers, an `Idempotency-Key` on every non-GET
 * call (the caller's, or a new UUID v4), and `Authorization` last, so that nothing overrides it.
 *
 * @param method - The HTTP method.
 * @param apiKey - The key, checked by the constructor (visible ASCII).
 * @param defaultHeaders - The client's `defaultHeaders`.
 * @param options - The call's options.
 * @returns The headers, the same for every attempt of the call.
 * @throws {RequestValidationError} with `param` `headers` or `idempotencyKey` when a value cannot
 *   go in a header (a line break, a character beyond Latin-1). The platform's own error quotes the
 *   value, which may be a secret; this one does not.
 */
export function callHeaders(
  method: string,
  apiKey: string,
  defaultHeaders: Record<string, string>,
  options: RequestOptions,
): Headers {
  let param = 'headers';
  try {
    const headers = new Headers({
      Accept: 'application/json',
      'User-Agent': `chainbill-js/${VERSION}`,
      ...defaultHeaders,
      ...options.headers,
    });
    param = 'idempotencyKey';
    if (method !== 'GET') headers.set('Idempotency-Key', options.idempotencyKey ?? crypto.randomUUID());
    headers.set('Authorization', `Bearer ${apiKey}`);
    return headers;
  } catch {
    throw invalid(param, 'must be a valid HTTP header value (no line breaks, no character beyond Latin-1)');
  }
}

function invalid(param: string, message: string): RequestValidationError {
  return new RequestValidationError(param, [{ path: [param], code: 'invalid_option', message }]);
}
