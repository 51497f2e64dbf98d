import type { Hooks } from './hooks.js';
import type { HeadersLike } from './types.js';

/**
 * Per-call options, the optional last argument of every resource method (docs/api-tour.md).
 * Every field may be `undefined`, which means "not given" (for `exactOptionalPropertyTypes`).
 */
export interface RequestOptions {
  /** Aborts the call, including any retry wait; the call rejects with `APIUserAbortError`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds allowed for each attempt (headers and body). Overrides the client's `timeout`. */
  timeout?: number | undefined;
  /** Retries after the first attempt. Overrides the client's `maxRetries`. */
  maxRetries?: number | undefined;
  /**
   * `Idempotency-Key` for a POST, PATCH or DELETE. Default: a new UUID v4 per call, kept across
   * that call's retries. Pass your own to make a call safe to repeat across process restarts:
   * 1 to 255 visible ASCII characters, else `RequestValidationError` before anything is sent.
   */
  idempotencyKey?: string | undefined;
  /**
   * The largest response body accepted, in bytes after decompression. Overrides the client's
   * `maxResponseBytes`; a larger body is abandoned and rejects with `ResponseValidationError`
   * (issue code `too_large`), not retried.
   */
  maxResponseBytes?: number | undefined;
  /**
   * Extra headers for this call (a record, a `Headers` or `[name, value]` pairs); they override
   * `defaultHeaders`. `Authorization` and `Idempotency-Key` are refused here
   * (`RequestValidationError`, `param: 'headers'`): use the client's `apiKey` (or `withOptions`)
   * and the `idempotencyKey` option.
   */
  headers?: HeadersLike | undefined;
  /** Hooks for this call, run after the client's (docs/hooks.md). */
  hooks?: Hooks | undefined;
}
