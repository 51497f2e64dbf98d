import { APIClient } from './core/api-client.js';
import { APIPromise } from './core/api-promise.js';
import type { ClientOptions } from './core/client-options.js';
import { AuthenticationError, ConfigurationError } from './core/error.js';
import type { PagePromise, PaginationKind } from './core/pagination.js';
import type { RequestOptions } from './core/request-options.js';
import type { Environment } from './core/types.js';
import { readEnv } from './internal/env.js';
import { levelLogger } from './internal/log.js';
import { sendList } from './internal/paging.js';
import { checkSettings } from './internal/settings.js';
import { Transport } from './internal/transport.js';
import type { ListSpec, RequestSpec } from './internal/types.js';
import { checkBaseUrl, hasVersionSegment } from './internal/url.js';
import { Payouts } from './payouts/payouts.js';
import { checkPayoutPolicy } from './payouts/policy-check.js';
import { Checkouts } from './resources/checkouts.js';
import { Customers } from './resources/customers.js';
import { Entitlements } from './resources/entitlements.js';
import { PaymentLinks } from './resources/payment-links.js';
import { PaymentMethods } from './resources/payment-methods.js';
import { Plans } from './resources/plans.js';
import { Subscriptions } from './resources/subscriptions.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { RevenueEvents } from './revenue-events/revenue-events.js';
import { memoryStore } from './store/memory.js';
import { scopeOf } from './store/scope.js';
import type { ChainbillStore } from './store/store.js';

// Visible ASCII only: a key pasted with a zero-width space or a non-Latin-1 letter cannot go in a
// header, and the platform's error for it would quote the whole key.
const keyPattern = /^sk_(live|test)_[\x21-\x7e]+$/;

// withOptions hands its copy the base URL it already warned about under this key, so a copy made
// per request does not repeat the line. A symbol no caller can name: it is not an option.
const warnedFor: unique symbol = Symbol('warnedFor');
type CopyOptions = ClientOptions & { [warnedFor]?: string };

/**
 * The Chainbill API client: one instance per API key, holding a resource namespace per endpoint
 * group of the spec.
 *
 * @example
 * ```ts
 * import { Chainbill } from 'chainbill';
 * const chainbill = new Chainbill({ apiKey: process.env.CHAINBILL_API_KEY, baseUrl: 'https://…/v1' });
 * const payout = await chainbill.payouts.create({
 *   recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 125.5, currency: 'USD',
 * });
 * ```
 */
export class Chainbill extends APIClient {
  /** The environment the key belongs to: `live` for `sk_live_`, `sandbox` for `sk_test_`. */
  readonly environment: Environment;
  /** The base URL requests go to, without a trailing slash. */
  readonly baseUrl: string;
  /** Payout intents and their settlement records (spec: Payouts). */
  readonly payouts: Payouts;
  /** Payment methods: list and update (spec: Payment methods). */
  readonly paymentMethods: PaymentMethods;
  /** Subscription plans: list (spec: GET /subscriptions/plans). */
  readonly plans: Plans;
  /** Feature entitlements of plans (spec: Entitlements). */
  readonly entitlements: Entitlements;
  /** Webhook endpoints: delete (spec: Webhooks). */
  readonly webhookEndpoints: WebhookEndpoints;
  /** Checkouts: list (spec: GET /checkouts). */
  readonly checkouts: Checkouts;
  /** Customers: create and list in offset pages (spec: Customers). */
  readonly customers: Customers;
  /** Subscriptions: create, cancel, pause, resume (spec: Subscriptions). */
  readonly subscriptions: Subscriptions;
  /** Payment links: create and list (spec: Payment links). */
  readonly paymentLinks: PaymentLinks;
  /** The revenue ledger: list (spec: GET /revenue/events). */
  readonly revenueEvents: RevenueEvents;
  /**
   * The scope of this client's state in a store: the `scope` option or the key's fingerprint.
   *
   * @internal
   */
  readonly stateScope: string;
  #defaultStore: ChainbillStore<null> | undefined;
  readonly #transport: Transport;
  /** The options as resolved (key, base URL and log level included), for `withOptions`. */
  readonly #options: ClientOptions;

  /**
   * Checks every option (nothing is sent). A base URL whose path does not end in a version
   * segment (`/v1`) is accepted with one `warn` line through `logger`, since every call would
   * likely be a 404.
   *
   * @param options - Key, base URL, timeouts, retries, fetch, logging; see {@link ClientOptions}.
   * @throws {AuthenticationError} when the key is missing, lacks the `sk_live_`/`sk_test_` prefix
   *   or holds anything but visible ASCII, such as whitespace (code `api_key_invalid`, no status);
   *   nothing is sent with it.
   * @throws {ConfigurationError} when the base URL is missing, not a URL, or `http:` to a
   *   non-loopback host; when `timeout`, `maxRetries` or `maxResponseBytes` is out of range,
   *   `hooks` is not lists of functions, `logLevel` is not a level, `fetch` is not a function,
   *   `logger` lacks a method, or `defaultHeaders` cannot be sent or sets `Authorization` or
   *   `Idempotency-Key`; when `payoutPolicy` cannot be checked (docs/money.md); in a browser
   *   without `dangerouslyAllowBrowser`. No message quotes a value.
   */
  constructor(options: ClientOptions = {}) {
    super();
    if (!options.dangerouslyAllowBrowser && isBrowser()) {
      throw new ConfigurationError(
        'Chainbill runs on servers: in a browser the secret API key would be exposed. ' +
          'Set dangerouslyAllowBrowser: true only if every user of the page may see the key.',
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
    this.stateScope = scopeOf(apiKey, options.scope);
    const { logger, logLevel, ...settings } = checkSettings(options);
    const log = levelLogger(logger, logLevel);
    if (this.baseUrl !== (options as CopyOptions)[warnedFor] && !hasVersionSegment(this.baseUrl)) {
      log.warn(
        "baseUrl does not end in a version such as /v1, as the API's base URL does: every call will likely be a 404.",
      );
    }
    // Checked once: the client keeps the checked copy, which withOptions passes on as it is.
    const payoutPolicy = options.payoutPolicy == null ? undefined : checkPayoutPolicy(options.payoutPolicy);
    // Resolved, so a copy made by withOptions never reads the environment again.
    this.#options = {
      ...options,
      apiKey,
      baseUrl: this.baseUrl,
      logLevel,
      defaultHeaders: settings.defaultHeaders,
      payoutPolicy,
    };
    this.#transport = new Transport({
      ...settings,
      baseUrl: this.baseUrl,
      apiKey,
      log,
      validateResponses: options.validateResponses ?? true,
      hooks: options.hooks,
    });
    if (options.checkAddresses !== undefined && typeof options.checkAddresses !== 'boolean') {
      throw new ConfigurationError('checkAddresses must be true or false.');
    }
    this.payouts = new Payouts(this, {
      checkAddresses: options.checkAddresses ?? true,
      payoutPolicy,
      redact: this.#transport.redact.value,
    });
    this.paymentMethods = new PaymentMethods(this);
    this.plans = new Plans(this);
    this.entitlements = new Entitlements(this);
    this.webhookEndpoints = new WebhookEndpoints(this);
    this.checkouts = new Checkouts(this);
    this.customers = new Customers(this);
    this.subscriptions = new Subscriptions(this);
    this.paymentLinks = new PaymentLinks(this);
    this.revenueEvents = new RevenueEvents(this);
  }

  /**
   * A new client with this one's settings except `overrides`, each checked as the constructor
   * checks it. For platforms that act for many organizations: one client per key, made per
   * request, without reading the environment again. An override that is `undefined` is not an
   * override (the setting is kept; pass `{}` to drop `defaultHeaders`, `payoutPolicy: null` to drop
   * the payout policy), except `apiKey`.
   *
   * @param overrides - Any {@link ClientOptions}: `apiKey`, `timeout`, `maxRetries`, `defaultHeaders`, …
   * @returns The new client; this one is unchanged.
   * @throws {AuthenticationError} when `apiKey` is malformed, or given as `undefined`: a tenant
   *   whose key is missing must not fall back to this client's key (code `api_key_invalid`).
   * @throws {ConfigurationError} when an override cannot work, as the constructor says (`baseUrl`,
   *   `timeout`, `maxRetries`, `maxResponseBytes`, `hooks`, `logLevel`, `fetch`, `logger`,
   *   `defaultHeaders`, `payoutPolicy`). A copy with this client's base URL does not repeat the constructor's
   *   warning about a missing version segment.
   * @example
   * ```ts
   * const acme = chainbill.withOptions({ apiKey: acmeKey, maxRetries: 5 });
   * await acme.payouts.list({ limit: 10 });
   * ```
   */
  withOptions(overrides: ClientOptions): Chainbill {
    if ('apiKey' in overrides && overrides.apiKey === undefined) {
      throw keyError(
        'No API key: withOptions was given apiKey: undefined; it does not fall back to another key.',
      );
    }
    const options: Record<string, unknown> = { ...this.#options };
    for (const [name, value] of Object.entries(overrides)) if (value !== undefined) options[name] = value;
    return new Chainbill({ ...options, [warnedFor]: this.baseUrl } as CopyOptions);
  }

  /**
   * The store of a consumer that names none: made on first use, one per client (and its copies
   * made by `withOptions` each have their own).
   *
   * @internal
   */
  get defaultStore(): ChainbillStore<null> {
    this.#defaultStore ??= memoryStore();
    return this.#defaultStore;
  }

  /**
   * Sends one call. Used by the resource classes; prefer their methods.
   *
   * @internal
   * @param build - Builds the call; a `RequestValidationError` thrown here rejects the promise.
   * @param options - Per-call options.
   * @returns The parsed result.
   */
  override request<T>(build: () => RequestSpec<T>, options?: RequestOptions): APIPromise<T> {
    return new APIPromise((async () => this.#transport.send(build(), options))());
  }

  /**
   * Sends a list call and wraps it for paging. Used by the resource classes; prefer their methods.
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
   * What `JSON.stringify(client)` writes: the base URL and the environment, never the key.
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

function keyError(message: string): AuthenticationError {
  return new AuthenticationError({
    error: { type: 'authentication_error', code: 'api_key_invalid', param: null, message },
  });
}

function isBrowser(): boolean {
  return 'window' in globalThis && 'document' in globalThis;
}
