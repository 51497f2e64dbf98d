import type { Hooks } from './hooks.js';
import type { Logger, LogLevel } from './logger.js';
import type { Fetch, HeadersLike } from './types.js';

/**
 * Options of `ChainbillCore` (docs/quickstart.md): the key, the base URL and how every call
 * is sent. `Chainbill` takes these and the payout options (`ClientOptions`).
 */
export interface CoreOptions {
  /**
   * Secret API key, `sk_live_…` (live) or `sk_test_…` (sandbox).
   * @default process.env.CHAINBILL_API_KEY
   */
  apiKey?: string | undefined;
  /**
   * Base URL of the API, ending in `/v1`; `https:` except for loopback hosts. Required. A path
   * that does not end in a version segment (`/v1`, `/v2`) is accepted with one `warn` line.
   * @default process.env.CHAINBILL_BASE_URL
   * @example 'https://api.chainbill.example/v1'
   */
  baseUrl?: string | undefined;
  /**
   * Milliseconds allowed for each attempt, headers and body.
   * @default 60_000
   */
  timeout?: number | undefined;
  /**
   * Retries after the first attempt, for connection errors, timeouts, 408, 429 and 5xx.
   * @default 2
   */
  maxRetries?: number | undefined;
  /**
   * `fetch` implementation, for tests (the fake API's `fetch`) or custom agents. Anything but a
   * function is a `ConfigurationError`.
   * @default globalThis.fetch, looked up on every request
   */
  fetch?: Fetch | undefined;
  /**
   * Headers sent with every request: a record, a `Headers` or `[name, value]` pairs, copied when
   * the client is made. A name or value that `Headers` refuses (a line break, a character beyond
   * Latin-1), `Authorization` or `Idempotency-Key` is a `ConfigurationError`: the key goes in
   * `apiKey`, and each write gets its own `Idempotency-Key`.
   * @example { 'X-Team': 'payments' }
   */
  defaultHeaders?: HeadersLike | undefined;
  /**
   * Where log lines go: an object with `error`, `warn`, `info` and `debug` methods (else
   * `ConfigurationError`). Lines never hold the API key.
   * @default console
   */
  logger?: Logger | undefined;
  /**
   * How much to log: `off`, `error`, `warn`, `info` (retries) or `debug` (every request); any
   * other value is a `ConfigurationError`.
   * @default process.env.CHAINBILL_LOG, else 'warn'
   */
  logLevel?: LogLevel | undefined;
  /**
   * Parse every response with its schema. `false` returns the JSON unchecked (faster, unsafe).
   * @default true
   */
  validateResponses?: boolean | undefined;
  /**
   * The largest response body accepted, in bytes, counted after decompression while it streams
   * in. A larger body is abandoned at the bound and the call rejects with
   * `ResponseValidationError` (issue code `too_large`); it is not retried.
   * @default 16 * 1024 * 1024 (16 MiB)
   */
  maxResponseBytes?: number | undefined;
  /**
   * Observers of every attempt of every call: `beforeRequest`, `afterResponse`, `beforeRetry`,
   * `beforeError`, each a list (ky's names). They cannot change a call; one that throws is logged
   * at `warn`. Per-call hooks run after these. See `chainbill/opentelemetry` for tracing.
   * @example { afterResponse: [({ route, status, durationMs }) => metrics.observe(route, status, durationMs)] }
   */
  hooks?: Hooks | undefined;
  /**
   * What a client's state in a store is kept under (docs/postgres.md, "Scope"): the positions and
   * leases of `revenueEvents.consume`, the spend of the payout policy's budgets. Clients with the
   * same scope on one store share them; give several keys of one account one scope to share them.
   * A string of 1 to 200 characters.
   * @default a SHA-256 fingerprint of the API key (`key_…`), never the key itself
   */
  scope?: string | undefined;
  /**
   * Allow construction in a browser. The key is a secret: only set this for internal tools
   * whose users may see it.
   * @default false
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}
