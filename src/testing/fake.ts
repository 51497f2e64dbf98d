import { http, type RequestHandler } from 'msw';
import { fromRequest, type Incoming } from './body.js';
import { createClock, type FakeClock } from './clock.js';
import { basePathOf } from './refusals.js';
import { answer, compile, type FakeRequest, type Route } from './router.js';
import {
  type CheckoutSeeds,
  type CheckoutSimulations,
  checkoutRoutes,
  checkoutSeeds,
  checkoutSimulations,
} from './routes/checkouts.js';
import { type CustomerSeeds, customerRoutes, customerSeeds } from './routes/customers.js';
import { entitlementRoutes } from './routes/entitlements.js';
import { paymentLinkRoutes } from './routes/payment-links.js';
import {
  type PaymentMethodSeeds,
  paymentMethodRoutes,
  paymentMethodSeeds,
} from './routes/payment-methods.js';
import { type PayoutSimulations, payoutSimulations } from './routes/payout-execution.js';
import { type PayoutSeeds, payoutRoutes, payoutSeeds } from './routes/payouts.js';
import { type PlanSeeds, planRoutes, planSeeds } from './routes/plans.js';
import { type RevenueEventSeeds, revenueEventRoutes, revenueEventSeeds } from './routes/revenue-events.js';
import {
  type SubscriptionSimulations,
  subscriptionRoutes,
  subscriptionSimulations,
} from './routes/subscriptions.js';
import {
  type WebhookEndpointSeeds,
  webhookEndpointRoutes,
  webhookEndpointSeeds,
} from './routes/webhook-endpoints.js';
import { type FakeServer, serve } from './server.js';
import { type FakeEnvironment, FakeState, type Scope } from './state.js';

/** Options of {@link createFakeChainbill}. */
export interface FakeChainbillOptions {
  /** Organization of the fake's keys. @default 'org_fake' */
  orgId?: string;
  /** Base URL answered by `fetch` and `handlers`. @default 'https://api.chainbill.test/v1' */
  baseUrl?: string;
}

/** What `seed` can create directly, without the API. One `&` term per resource module. */
export type FakeSeeds = PayoutSeeds &
  CustomerSeeds &
  RevenueEventSeeds &
  PaymentMethodSeeds &
  PlanSeeds &
  WebhookEndpointSeeds &
  CheckoutSeeds;
/** What `simulate` can move, as the chain or the billing engine would. One `&` term per resource module. */
export type FakeSimulations = PayoutSimulations & SubscriptionSimulations & CheckoutSimulations;

/** A stateful, in-memory Chainbill API (DESIGN.md: The fake API). */
export interface FakeChainbill {
  /** A sandbox key (`sk_test_…`) of `orgId` the fake accepts. */
  readonly apiKey: string;
  /** A live key (`sk_live_…`) of `orgId`; its resources are apart from the sandbox ones. */
  readonly liveApiKey: string;
  /** The base URL answered by {@link FakeChainbill.fetch} and {@link FakeChainbill.handlers}. */
  readonly baseUrl: string;
  /**
   * msw request handlers for the origin of `baseUrl`: `setupServer(...fake.handlers)`. Requests
   * outside `baseUrl`'s path get 404 `route_not_found`.
   */
  readonly handlers: RequestHandler[];
  /**
   * A `fetch` that answers from the fake without a network: `new Chainbill({ fetch: fake.fetch })`.
   * Only URLs under `baseUrl` reach the API; any other (another host or path) gets 404.
   */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /**
   * Serves the fake over real HTTP on 127.0.0.1 (loopback only), for a client in another process
   * or code that builds its own HTTP stack. Close it when done.
   *
   * @param options - `port`: the port to listen on; default 0, a free one.
   * @returns The running server: `url` (ends in the base URL's path, `/v1`), `port`, `close()`.
   * @example
   * ```ts
   * const server = await fake.listen();
   * const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
   * // …
   * await server.close();
   * ```
   */
  listen(options?: { port?: number }): Promise<FakeServer>;
  /** Creates resources the API cannot create (and payouts in any state). */
  readonly seed: FakeSeeds;
  /** Moves resources as the chain would. */
  readonly simulate: FakeSimulations;
  /** The fake's clock: real time until set. */
  readonly clock: FakeClock;
  /** Every request the fake answered under its base path, oldest first. */
  readonly requests: FakeRequest[];
  /**
   * Issues a key for another organization or environment, to test isolation.
   *
   * @param options - `orgId` (default: the fake's) and `environment` (default `sandbox`).
   * @returns A new secret key, `sk_test_…` or `sk_live_…`.
   */
  createApiKey(options?: { orgId?: string; environment?: FakeEnvironment }): string;
}

// One spread per resource module (src/testing/routes/*.ts); order matters only for equal paths.
const routes: readonly Route[] = [
  ...payoutRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...paymentLinkRoutes,
  ...revenueEventRoutes,
  ...paymentMethodRoutes,
  ...planRoutes,
  ...entitlementRoutes,
  ...webhookEndpointRoutes,
  ...checkoutRoutes,
];

/**
 * Creates a fake Chainbill API with its own state.
 *
 * @param options - Organization id and base URL.
 * @returns The fake: keys, `fetch`, msw `handlers`, `listen()`, `seed`, `simulate`, `clock`, `requests`.
 * @example
 * ```ts
 * import { Chainbill } from 'chainbill';
 * import { createFakeChainbill } from 'chainbill/testing';
 * const fake = createFakeChainbill();
 * const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
 * ```
 */
export function createFakeChainbill(options: FakeChainbillOptions = {}): FakeChainbill {
  const orgId = options.orgId ?? 'org_fake';
  const baseUrl = (options.baseUrl ?? 'https://api.chainbill.test/v1').replace(/\/+$/, '');
  const clock = createClock();
  const state = new FakeState(clock);
  const apiKey = state.issueKey(orgId, 'sandbox');
  const liveApiKey = state.issueKey(orgId, 'live');
  const requests: FakeRequest[] = [];
  const compiled = compile(routes);
  const base = basePathOf(baseUrl);
  // fetch and msw answer at the base URL's origin only; listen() answers whatever Host is sent.
  const handle = (incoming: Incoming): Promise<Response> => answer(state, compiled, incoming, requests, base);
  const handleLocal = (incoming: Incoming): Promise<Response> =>
    answer(state, compiled, incoming, requests, { origin: null, path: base.path });
  const scopeOf = (key: string = apiKey): Scope => {
    const scope = state.scopeOfKey(key);
    if (!scope)
      throw new Error('seed: unknown apiKey; use fake.apiKey, fake.liveApiKey or fake.createApiKey()');
    return scope;
  };
  return {
    apiKey,
    liveApiKey,
    baseUrl,
    // The whole origin, so that a client with a wrong base path gets the API's 404, not msw's error.
    handlers: [http.all(`${base.origin}/*`, ({ request }) => handle(fromRequest(request)))],
    fetch: async (input, init) => handle(fromRequest(new Request(input, init))),
    listen: (listenOptions = {}) => serve(handleLocal, base.path, listenOptions.port),
    seed: {
      ...payoutSeeds(state, scopeOf),
      ...customerSeeds(state, scopeOf),
      ...revenueEventSeeds(state, scopeOf),
      ...paymentMethodSeeds(state, scopeOf),
      ...planSeeds(state, scopeOf),
      ...webhookEndpointSeeds(state, scopeOf),
      ...checkoutSeeds(state, scopeOf),
    },
    simulate: {
      ...payoutSimulations(state),
      ...subscriptionSimulations(state),
      ...checkoutSimulations(state),
    },
    clock,
    requests,
    createApiKey: (keyOptions = {}) =>
      state.issueKey(keyOptions.orgId ?? orgId, keyOptions.environment ?? 'sandbox'),
  };
}
