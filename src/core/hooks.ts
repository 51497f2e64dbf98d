import type { ChainbillError } from './error.js';

/**
 * What a hook is told about one attempt of a call (docs/hooks.md). Frozen; it
 * never holds the API key or the `Authorization` header, nor a body.
 */
export interface HookInfo {
  /** The HTTP method, for example `POST`. */
  readonly method: string;
  /** The spec's path template, for example `/payouts/{id}` (a raw call's path as given). */
  readonly route: string;
  /** The full URL of the request, query included. */
  readonly url: string;
  /** The attempt, 1-based: 2 is the first retry. */
  readonly attempt: number;
  /** The call's `Idempotency-Key` (the same on every attempt), `null` on a GET. */
  readonly idempotencyKey: string | null;
  /** The response status, once a response arrived. */
  readonly status?: number;
  /**
   * The response's `x-request-id` (or `request-id`), redacted like any server text, once a
   * response arrived; `null` if not sent.
   */
  readonly requestId?: string | null;
  /** Milliseconds the attempt took, headers and body, once it ended. */
  readonly durationMs?: number;
  /**
   * The error of the attempt (`beforeRetry`) or of the call (`beforeError`): a frozen copy of the
   * same class (`instanceof` works), never the caller's error object, so a hook cannot change
   * what the caller catches.
   */
  readonly error?: ChainbillError;
}

/**
 * An observer: it may record, count or trace, but cannot change a request or its outcome. A hook
 * that throws, or returns a promise that rejects, is logged at `warn` and the call goes on as if
 * it had not run. Hooks are called synchronously; a returned promise is not awaited.
 */
export type Hook = (info: HookInfo) => void | Promise<void>;

/**
 * Hooks, named as ky names them, each a list run in order: the client's first, then the call's.
 *
 * @example
 * ```ts
 * const chainbill = new Chainbill({
 *   hooks: {
 *     afterResponse: [({ method, route, status, durationMs }) => metrics.observe(method, route, status, durationMs)],
 *   },
 * });
 * ```
 */
export interface Hooks {
  /** Before each attempt is sent: `method`, `route`, `url`, `attempt`, `idempotencyKey`. */
  beforeRequest?: readonly Hook[];
  /** After each attempt's response was read: adds `status`, `requestId`, `durationMs`. */
  afterResponse?: readonly Hook[];
  /** Before waiting to retry: `attempt` is the one about to be made; `error` why. */
  beforeRetry?: readonly Hook[];
  /** Before the call rejects: `error`, and `status` when a response arrived. */
  beforeError?: readonly Hook[];
}

/** The hook names, in the order a call meets them. */
export const hookNames = ['beforeRequest', 'afterResponse', 'beforeRetry', 'beforeError'] as const;
