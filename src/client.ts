import type { ClientOptions } from './client-options.js';
import { ChainbillCore } from './core/chainbill-core.js';
import { ConfigurationError } from './core/error.js';
import type { RequestOptions } from './core/request-options.js';
import { payoutWriteOf } from './internal/money-routes.js';
import type { RequestSpec } from './internal/types.js';
import { withRefund } from './payouts/cancel.js';
import { clientPayoutSettings } from './payouts/client-settings.js';
import { payoutCheckSetup, withBudgets } from './payouts/create.js';
import { Payouts } from './payouts/payouts.js';
import type { PayoutPolicy } from './payouts/policy.js';
import { compilePolicy } from './payouts/policy-rules.js';
import { checkRawPayoutWrite } from './payouts/raw-writes.js';
import { Checkouts } from './resources/checkouts.js';
import { Customers } from './resources/customers.js';
import { Entitlements } from './resources/entitlements/entitlements.js';
import { PaymentLinks } from './resources/payment-links.js';
import { PaymentMethods } from './resources/payment-methods.js';
import { Plans } from './resources/plans.js';
import { Subscriptions } from './resources/subscriptions/subscriptions.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { RevenueEvents } from './revenue-events/revenue-events.js';
import type { ChainbillStore } from './store/store.js';

/**
 * The Chainbill API client: a {@link ChainbillCore} with a resource namespace per endpoint group
 * of the spec, and the payout checks of its options on every payout sent through it. Each method
 * is the function of `chainbill/funcs` of the same operation, bound to this client.
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
export class Chainbill extends ChainbillCore {
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
  /** The revenue ledger: list, and its change feed (spec: GET /revenue/events). */
  readonly revenueEvents: RevenueEvents;
  /** The payout options as checked, for `withOptions`. */
  readonly #payout: {
    checkAddresses: boolean;
    payoutPolicy: PayoutPolicy | undefined;
    budgetStore: ChainbillStore | undefined;
  };

  /**
   * Checks every option (nothing is sent). A base URL whose path does not end in a version
   * segment (`/v1`) is accepted with one `warn` line through `logger`, since every call would
   * likely be a 404.
   *
   * @param options - Key, base URL, timeouts, retries, fetch, logging, and the payout checks; see
   *   {@link ClientOptions}.
   * @throws {AuthenticationError} when the key is missing, lacks the `sk_live_`/`sk_test_` prefix
   *   or holds anything but visible ASCII, such as whitespace (code `api_key_invalid`, no status);
   *   nothing is sent with it.
   * @throws {ConfigurationError} when the base URL is missing, not a URL, or `http:` to a
   *   non-loopback host; when `timeout`, `maxRetries` or `maxResponseBytes` is out of range,
   *   `hooks` is not lists of functions, `logLevel` is not a level, `fetch` is not a function,
   *   `logger` lacks a method, or `defaultHeaders` cannot be sent or sets `Authorization` or
   *   `Idempotency-Key`; when `payoutPolicy` cannot be checked, `checkAddresses` is not a
   *   boolean or `budgetStore` is not a store (docs/money.md); in a browser without `dangerouslyAllowBrowser`. No message quotes a
   *   value.
   */
  constructor(options: ClientOptions = {}) {
    super(options);
    const { checkAddresses = true, payoutPolicy, budgetStore } = options;
    // Checked once: the client keeps the checked copy, which withOptions passes on as it is.
    const policy = payoutPolicy == null ? undefined : compilePolicy(payoutPolicy);
    if (typeof checkAddresses !== 'boolean')
      throw new ConfigurationError('checkAddresses must be true or false.');
    if (budgetStore !== undefined && typeof (budgetStore as { driver?: unknown } | null)?.driver !== 'object')
      throw new ConfigurationError(
        'budgetStore must be a store: memoryStore() or postgresStore(db) from chainbill/postgres.',
      );
    this.#payout = { checkAddresses, payoutPolicy: policy?.policy, budgetStore };
    clientPayoutSettings().set(this, { checkAddresses, policy, budgetStore });
    this.payouts = new Payouts(this);
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
   * Checks a raw call that writes payouts as `payouts.create` and `payouts.update` check theirs,
   * the client's payout policy included (docs/raw-calls.md, "Payouts through raw calls").
   *
   * @internal
   * @param spec - The raw call.
   * @param options - Its per-call options.
   * @returns The call to send.
   */
  protected override async _checkRawCall(
    spec: RequestSpec<unknown>,
    options: RequestOptions,
  ): Promise<RequestSpec<unknown>> {
    const setup = payoutCheckSetup(this, {});
    const checked = checkRawPayoutWrite(spec, options, setup);
    // A create reserves its budgets as `payouts.create` does; a cancel gives back what it spent.
    if (checked.method === 'POST') return withBudgets(this, setup, checked);
    const write = payoutWriteOf(checked.method, checked.path);
    const status = (checked.body as { status?: unknown } | undefined)?.status;
    return write?.kind === 'update' && status === 'canceled' ? withRefund(this, write.id, checked) : checked;
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
  override withOptions(overrides: ClientOptions): Chainbill {
    return new Chainbill(this._copyOptions(overrides, this.#payout));
  }
}
