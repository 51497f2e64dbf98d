import { APIUserAbortError, type ChainbillError, ResponseValidationError } from '../core/error.js';
import { parseRetryAfterSeconds } from './retry-after.js';

/** Statuses retried (docs/retries.md): timeouts, rate limits and transient server failures. */
export const retryableStatuses: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The longest `Retry-After` honoured, in seconds. A longer one fails fast with the error (its
 * `retryAfter` says how long the server asked for) instead of holding the caller for minutes.
 */
export const maxRetryAfterSeconds = 60;

/**
 * Whether an attempt's error ends the call: another attempt cannot mend the caller's abort, nor a
 * body that does not fit (over `maxResponseBytes`, not UTF-8): the server would send it again.
 *
 * @param error - The attempt's error.
 * @returns `true` when the call must not be retried.
 */
export function isFinal(error: ChainbillError): boolean {
  return error instanceof APIUserAbortError || error instanceof ResponseValidationError;
}

/**
 * Backoff before retry number `retry` (0 for the first): `min(0.5 * 2^n, 8)` s, less up to 25%
 * jitter so that clients that failed together do not retry together.
 *
 * @param retry - How many retries came before this one.
 * @returns Milliseconds to wait.
 */
export function backoffMs(retry: number): number {
  return Math.min(0.5 * 2 ** retry, 8) * 1000 * (1 - Math.random() * 0.25);
}

/**
 * The wait before retrying a response, or `null` when it must not be retried.
 *
 * @param status - The response status.
 * @param headers - The response headers (`Retry-After`).
 * @param retry - How many retries came before this one.
 * @returns Milliseconds to wait, or `null`: not a retryable status, or `Retry-After` over 60 s.
 */
export function retryDelayForResponse(status: number, headers: Headers, retry: number): number | null {
  if (!retryableStatuses.has(status)) return null;
  const after = parseRetryAfterSeconds(headers.get('retry-after'));
  if (after === null) return backoffMs(retry);
  return after > maxRetryAfterSeconds ? null : after * 1000;
}

/**
 * Waits, unless the signal aborts first.
 *
 * @param ms - Milliseconds.
 * @param signal - The caller's signal.
 * @returns Resolves after `ms`; rejects with the signal's reason on abort.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
