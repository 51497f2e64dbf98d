import type { Hooks } from './hooks.js';

/**
 * Per-call options, the optional last argument of every resource method (DESIGN.md: Resources).
 */
export interface RequestOptions {
  /** Aborts the call, including any retry wait; the call rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Milliseconds allowed for each attempt (headers and body). Overrides the client's `timeout`. */
  timeout?: number;
  /** Retries after the first attempt. Overrides the client's `maxRetries`. */
  maxRetries?: number;
  /**
   * `Idempotency-Key` for a POST, PATCH or DELETE. Default: a new UUID v4 per call, kept across
   * that call's retries. Pass your own to make a call safe to repeat across process restarts:
   * 1 to 255 visible ASCII characters, else `RequestValidationError` before anything is sent.
   */
  idempotencyKey?: string;
  /**
   * The largest response body accepted, in bytes after decompression. Overrides the client's
   * `maxResponseBytes`; a larger body is abandoned and rejects with `ResponseValidationError`
   * (issue code `too_large`), not retried.
   */
  maxResponseBytes?: number;
  /** Extra headers for this call; they override `defaultHeaders`. `Authorization` cannot be set here. */
  headers?: Record<string, string>;
  /** Hooks for this call, run after the client's (DESIGN.md: Hooks and telemetry). */
  hooks?: Hooks;
}
