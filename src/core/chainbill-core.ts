import { coreOptionsOf, isBrowser, keyError } from '../internal/core-options.js';
import { readEnv } from '../internal/env.js';
import { levelLogger } from '../internal/log.js';
import { sendList } from '../internal/paging.js';
import type { Redactor } from '../internal/redact.js';
import { checkSettings } from '../internal/settings.js';
import { Transport } from '../internal/transport.js';
import type { ListSpec, RequestSpec } from '../internal/types.js';
import { checkBaseUrl, hasVersionSegment } from '../internal/url.js';
import { checkScope } from '../store/scope.js';
import { APIClient } from './api-client.js';
import { APIPromise, type WithResponse } from './api-promise.js';
import type { CoreOptions } from './core-options.js';
import { ConfigurationError, RequestValidationError } from './error.js';
import type { PagePromise, PaginationKind } from './pagination.js';
import type { RequestOptions } from './request-options.js';
import type { Environment } from './types.js';

// Visible ASCII only: a key pasted with a zero-width space or a non-Latin-1 letter cannot go in a
// header, and the platform's error for it would quote the whole key.
const keyPattern = /^sk_(live|test)_[\x21-\x7e]+$/;

// A copy made by withOptions is handed the base URL it already warned about under this key, so a
// copy made per request does not repeat the line. A symbol no caller can name: it is not an option.
const warnedFor: unique symbol = Symbol('warnedFor');

/** The options a copy is made from: resolved, and the base URL already warned about. */
export type CopyOptions<O> = O & { [warnedFor]?: string };

// What only `Chainbill` takes: given to a core, it would be ignored, and a payout sent unchecked.
const clientOnly = ['payoutPolicy', 'checkAddresses', 'budgetStore'];

/**
 * The Chainbill API's core: the key, the base URL, the transport (retries, timeouts, hooks,
 * redaction, response checks) and raw calls, with no resource. Pair it with the functions of
 * `chainbill/funcs`, one per operation, to ship only the operations an app calls; `Chainbill` is a
 * core with every resource on it.
 *
 * @example
 * ```ts
 * import { ChainbillCore } from 'chainbill/core';
 * import { payoutsList } from 'chainbill/funcs';
 * const core = new ChainbillCore({ apiKey: process.env.CHAINBILL_API_KEY, baseUrl: 'https://…/v1' });
 * for await (const payout of payoutsList(core, { status: 'approved' })) console.log(payout.id);
 * ```
 */
export class ChainbillCore extends APIClient {
  /** The environment the key belongs to: `live` for `sk_live_`, `sandbox` for `sk_test_`. */
  readonly environment: Environment;
  /** The base URL requests go to, without a trailing slash. */
  readonly baseUrl: string;
  readonly #transport: Transport;
  #stateScope: string | undefined;
  /** The options as resolved (key, base URL and log level included), for `withOptions`. */
  readonly #options: CoreOptions;

  /**
   * Checks every option (nothing is sent). A base URL whose path does not end in a version
   * segment (`/v1`) is accepted with one `warn` line through `logger`, since every call would
   * likely be a 404.
   *
   * @param options - Key, base URL, timeouts, retries, fetch, logging, hooks; see {@link CoreOptions}.
   * @throws {AuthenticationError} when the key is missing, lacks the `sk_live_`/`sk_test_` prefix
   *   or holds anything but visible ASCII, such as whitespace (code `api_key_invalid`, no status);
   *   nothing is sent with it.
   * @throws {ConfigurationError} when the base URL is missing, not a URL, or `http:` to a
   *   non-loopback host; when `timeout`, `maxRetries` or `maxResponseBytes` is out of range,
   *   `hooks` is not lists of functions, `logLevel` is not a level, `fetch` is not a function,
   *   `logger` lacks a method, or `defaultHeaders` cannot be sent or sets `Authorization` or
   *   `Idempotency-Key`; in a browser without `dangerouslyAllowBrowser`; when given `payoutPolicy`
   *   or `checkAddresses`, which only `Chainbill` and `payoutsCreate` take. No message quotes a value.
   */
  constructor(options: CoreOptions = {}) {
    super();
    if (!options.dangerouslyAllowBrowser && isBrowser()) {
      throw new ConfigurationError(
        'Chainbill runs on servers: in a browser the secret API key would be exposed. ' +
          'Set dangerouslyAllowBrowser: true only if every user of the page may see the key.',
      );
    }
    if (new.target === ChainbillCore) {
      const given = clientOnly.find((name) => (options as Record<string, unknown>)[name] !== undefined);
      if (given !== undefined)
        throw new ConfigurationError(
          `ChainbillCore takes no ${given}: pass it to payoutsCreate, or use Chainbill, so no payout goes unchecked.`,
        );
    }
    const apiKey = options.apiKey ?? readEnv('CHAINBILL_API_KEY');
    const match = apiKey === undefined ? null : keyPattern.exec(apiKey);
    if (apiKey === undefined || match === null) {
      throw keyError(
        apiKey === undefined
          ? 'No API key: pass apiKey or set CHAINBILL_API_KEY.'
          : 'The API key is malformed: it must start with sk_live_ or sk_test_ and hold only visible ASCII characters (no whitespace).',
      );
    }
    this.environment = match[1] === 'live' ? 'live' : 'sandbox';
    this.baseUrl = checkBaseUrl(options.baseUrl ?? readEnv('CHAINBILL_BASE_URL'));
    const { logger, logLevel, ...settings } = checkSettings(options);
    const log = levelLogger(logger, logLevel);
    if (
      this.baseUrl !== (options as CopyOptions<CoreOptions>)[warnedFor] &&
      !hasVersionSegment(this.baseUrl)
    ) {
      log.warn(
        "baseUrl does not end in a version such as /v1, as the API's base URL does: every call will likely be a 404.",
      );
    }
    checkScope(options.scope);
    // Resolved, so a copy made by withOptions never reads the environment again.
    this.#options = {
      ...coreOptionsOf(options),
      apiKey,
      baseUrl: this.baseUrl,
      logLevel,
      defaultHeaders: settings.defaultHeaders,
    };
    this.#transport = new Transport({
      ...settings,
      baseUrl: this.baseUrl,
      apiKey,
      log,
      validateResponses: options.validateResponses ?? true,
      hooks: options.hooks,
    });
  }

  /**
   * A new core with this one's settings except `overrides`, each checked as the constructor checks
   * it: one core per key, made per request, without reading the environment again. An override
   * that is `undefined` is not an override (the setting is kept; pass `{}` to drop
   * `defaultHeaders`), except `apiKey`.
   *
   * @param overrides - Any {@link CoreOptions}: `apiKey`, `timeout`, `maxRetries`, `defaultHeaders`, …
   * @returns The new core; this one is unchanged.
   * @throws {AuthenticationError} when `apiKey` is malformed, or given as `undefined`: a tenant
   *   whose key is missing must not fall back to this core's key (code `api_key_invalid`).
   * @throws {ConfigurationError} when an override cannot work, as the constructor says.
   * @example
   * ```ts
   * const acme = core.withOptions({ apiKey: acmeKey, maxRetries: 5 });
   * ```
   */
  withOptions(overrides: CoreOptions): ChainbillCore {
    return new ChainbillCore(this._copyOptions(overrides));
  }

  /**
   * This core's resolved options with `overrides` over them, for a copy.
   *
   * @internal
   * @param overrides - The caller's overrides; `undefined` values are not overrides.
   * @param extra - What a subclass resolved on its own (its payout options).
   * @returns The options to build the copy from.
   * @throws {AuthenticationError} when `overrides` names `apiKey` as `undefined`.
   */
  protected _copyOptions<O extends CoreOptions>(overrides: O, extra: Partial<O> = {}): CopyOptions<O> {
    if ('apiKey' in overrides && overrides.apiKey === undefined) {
      throw keyError(
        'No API key: withOptions was given apiKey: undefined; it does not fall back to another key.',
      );
    }
    const options: Record<string, unknown> = { ...this.#options, ...extra };
    for (const [name, value] of Object.entries(overrides)) if (value !== undefined) options[name] = value;
    return { ...options, [warnedFor]: this.baseUrl } as CopyOptions<O>;
  }

  /**
   * The scope of this core's state in a store (docs/postgres.md, "Scope"): the `scope` option, or
   * the key's fingerprint, computed on first use by the store's own hash (so the core carries
   * none) and at once (a test's fake timers never wait on it).
   *
   * @internal
   * @param fingerprint - The key's fingerprint, never the key (store/scope.ts `keyScope`).
   * @returns The scope.
   */
  stateScope(fingerprint: (apiKey: string) => string): string {
    const { scope, apiKey = '' } = this.#options;
    this.#stateScope ??= scope ?? fingerprint(apiKey);
    return this.#stateScope;
  }

  /**
   * The redaction of this core's key from server text, for what a feature keeps of the server's
   * answers (a wait's last record).
   *
   * @internal
   * @returns The core's redactor.
   */
  get redactor(): Redactor {
    return this.#transport.redact;
  }

  /**
   * Sends one call. Used by the operations' functions; prefer them.
   *
   * @internal
   * @param build - Builds the call (or a promise of it, while a money move reserves its budgets);
   *   what it throws rejects the promise. The call's `after`, if any, runs once it is answered.
   * @param options - Per-call options.
   * @returns The parsed result.
   */
  override request<T>(
    build: () => RequestSpec<T> | Promise<RequestSpec<T>>,
    options?: RequestOptions,
  ): APIPromise<T> {
    return new APIPromise(
      (async () => {
        const built = build();
        const spec = built instanceof Promise ? await built : built;
        if (spec.after === undefined) return this.#transport.send(spec, options);
        let result: WithResponse<T>;
        try {
          result = await this.#transport.send(spec, options);
        } catch (error) {
          await spec.after({ error });
          throw error;
        }
        await spec.after({ data: result.data });
        return result;
      })(),
    );
  }

  /**
   * Refuses a raw call that writes payouts: a bare core has no payout checks (they would weigh on
   * every app of this door), so a payout goes through `payoutsCreate`/`payoutsUpdate`, which check
   * it. A `Chainbill` checks such a call as its payout methods do.
   *
   * @internal
   * @param spec - The raw call.
   * @param _options - Its per-call options.
   * @returns Never.
   * @throws {RequestValidationError} with `param: 'path'`, before anything is sent.
   */
  protected _checkRawCall(
    spec: RequestSpec<unknown>,
    _options: RequestOptions,
  ): RequestSpec<unknown> | Promise<RequestSpec<unknown>> {
    throw new RequestValidationError('path', [
      {
        path: ['path'],
        code: 'invalid_path',
        message: `names a payout write (${spec.method} ${spec.path}), which a ChainbillCore does not send unchecked: use payoutsCreate or payoutsUpdate from chainbill/funcs, or a Chainbill`,
      },
    ]);
  }

  /**
   * Sends a list call and wraps it for paging. Used by the operations' functions; prefer them.
   *
   * @internal
   * @param kind - `cursor` or `offset` paging.
   * @param build - Builds the first page's call; `schema` is the item schema.
   * @param options - Per-call options, used for every page.
   * @returns The first page, iterable over every item.
   */
  override requestList<T>(
    kind: PaginationKind,
    build: () => ListSpec<T>,
    options?: RequestOptions,
  ): PagePromise<T> {
    return sendList(this.#transport, kind, build, options);
  }

  /**
   * What `JSON.stringify(core)` writes: the base URL and the environment, never the key.
   *
   * @returns `{ baseUrl, environment }`.
   */
  toJSON(): {
    /** The base URL requests go to. */
    baseUrl: string;
    /** `live` or `sandbox`, from the key prefix. */
    environment: Environment;
  } {
    return { baseUrl: this.baseUrl, environment: this.environment };
  }
}
