import { createClock, type FakeClock } from './clock/clock.js';
import { type AdvanceReports, moveClock } from './clock/clock-moves.js';
import { type Answering, answer } from './http/answer.js';
import { fromRequest } from './http/body.js';
import { Delays } from './http/delays.js';
import { compile } from './http/dispatch.js';
import { invalid } from './http/errors.js';
import { type FakeFaults, FaultQueue } from './http/faults.js';
import { basePathOf } from './http/refusals.js';
import type { FakeServer } from './http/server.js';
import { type FakeChainbillOptions, historyLimitOf, renewalRetriesOf } from './options.js';
import type { FakeEnvironment } from './resource.js';
import { apiRoutes, type FakeSeeds, type FakeSimulations, modules } from './router.js';
import { gateSeeds } from './seed/seed-gate.js';
import type { FakeEvent, FakeEventCause } from './state/events.js';
import type { FakeRequest } from './state/history.js';
import { IdSource, idSeedOf } from './state/ids.js';
import type { Scope } from './state/scope.js';
import { type FakeInternals, internals } from './state/slot.js';
import { FakeState } from './state/state.js';

export type { FakeSeeds, FakeSimulations } from './router.js';

/** Options of {@link FakeChainbill.listen}. */
export interface FakeListenOptions {
  /** Port to listen on; default 0, a free one. */
  port?: number;
  /**
   * Address to bind. Default `127.0.0.1`: the fake has no real security, so anything but
   * loopback is for a container network you trust (the `chainbill-fake` CLI asks for a flag).
   */
  host?: string;
  /**
   * Serves the control API under `/_fake/` too (docs/fake-server.md), accepted only with
   * `Authorization: Bearer <controlToken>`; API keys are refused there.
   */
  controlToken?: string;
  /**
   * Host names a request's `Host` header may give beside loopback names (`localhost`,
   * `*.localhost`), IP addresses and `host`: any other is refused with 403 `host_not_allowed`, so
   * a web page whose name was made to resolve to 127.0.0.1 (DNS rebinding) cannot reach the fake.
   * `'chainbill'` matches that name; `'.example.test'` also every name under it
   * (docs/security.md: The fake).
   * @default []
   */
  allowedHosts?: readonly string[];
}

/** A stateful, in-memory Chainbill API (docs/testing.md). */
export interface FakeChainbill {
  /** A sandbox key (`sk_test_…`) of `orgId` the fake accepts. */
  readonly apiKey: string;
  /** A live key (`sk_live_…`) of `orgId`; its resources are apart from the sandbox ones. */
  readonly liveApiKey: string;
  /**
   * The base URL answered by {@link FakeChainbill.fetch} and by msw's `handlers(fake)` from
   * `chainbill/testing/msw`.
   */
  readonly baseUrl: string;
  /**
   * A `fetch` that answers from the fake without a network: `new Chainbill({ fetch: fake.fetch })`.
   * Only URLs under `baseUrl` reach the API; any other (another host or path) gets 404.
   */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /**
   * Serves the fake over real HTTP on 127.0.0.1 (by default), for a client in another process
   * or code that builds its own HTTP stack. Close it when done.
   *
   * @param options - `port` (default 0, a free one), `host` (default `127.0.0.1`),
   *   `controlToken` to serve the control API under `/_fake/` as well, and `allowedHosts`, the
   *   `Host` names answered beside loopback names and IP addresses.
   * @returns The running server: `url` (ends in the base URL's path, `/v1`), `port`, `close()`.
   * @throws {RangeError} For an entry of `allowedHosts` that is not a host name.
   * @example
   * ```ts
   * const server = await fake.listen();
   * const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
   * // …
   * await server.close();
   * ```
   */
  listen(options?: FakeListenOptions): Promise<FakeServer>;
  /** Creates resources the API cannot create (and payouts in any state). */
  readonly seed: FakeSeeds;
  /** Moves resources as the chain would. */
  readonly simulate: FakeSimulations;
  /**
   * The fake's test clock: real time until set; `advance()` makes renewals, retries, trial ends
   * and expiries happen (docs/testing.md: Test clocks).
   */
  readonly clock: FakeClock;
  /**
   * The requests the fake answered under its base path, oldest first: the last `historyLimit`
   * (10 000 by default); each has its `sequence` among all of them.
   */
  readonly requests: FakeRequest[];
  /**
   * The changes the fake made, oldest first: through the API, `simulate`, `seed` and the clock
   * ({@link FakeEvent}); the last `historyLimit` (10 000 by default). Emptied by
   * {@link FakeChainbill.reset}.
   */
  readonly events: readonly FakeEvent[];
  /** Injected failures: the next matching requests fail as the network or the service can. */
  readonly faults: FakeFaults;
  /**
   * Forgets every record, request, event, fault and idempotency key, ends every request held by
   * an injected delay (as a reset connection), and returns the clock to real time. Keys stay
   * valid, each opening an empty organization.
   */
  reset(): void;
  /**
   * Issues a key for another organization or environment, to test isolation.
   *
   * @param options - `orgId` (default: the fake's), `environment` (default `sandbox`), and `key`
   *   to choose the key itself (a fixed key for a seed file or a docker-compose setup).
   * @returns The secret key, `sk_test_…` or `sk_live_…`.
   * @throws {RangeError} For a chosen `key` of the wrong prefix or characters, or one already
   *   issued to another organization.
   */
  createApiKey(options?: { orgId?: string; environment?: FakeEnvironment; key?: string }): string;
}

// The clock's work and what a move reports, gathered from the resource modules once.
const dueSources = modules.flatMap((module) => (module.due === undefined ? [] : [module.due]));
const reports: AdvanceReports = Object.assign({}, ...modules.map((module) => module.reports));

/**
 * The fake without its HTTP server: keys, `fetch`, `seed`, `simulate`, `clock`, `events`, `faults`,
 * `requests`, its internals under a symbol. `createFakeChainbill` (create.ts) adds `listen()`, where
 * the server and the control API are wired.
 *
 * @param options - Organization id, base URL, renewal retry schedule.
 * @returns The fake, but `listen`.
 */
export function createFakeCore(options: FakeChainbillOptions = {}): Omit<FakeChainbill, 'listen'> {
  const orgId = options.orgId ?? 'org_fake';
  const baseUrl = (options.baseUrl ?? 'https://api.chainbill.test/v1').replace(/\/+$/, '');
  const clock = createClock((from, to, move) => moveClock(state, reports, from, to, move));
  const state: FakeState = new FakeState(
    clock,
    renewalRetriesOf(options.renewalRetries),
    historyLimitOf(options.historyLimit),
    dueSources,
    new IdSource(idSeedOf(options.idSeed)),
  );
  const apiKey = state.issueKey(orgId, 'sandbox');
  const liveApiKey = state.issueKey(orgId, 'live');
  const answering: Answering = {
    state,
    routes: compile(apiRoutes, (route) => route.operation),
    faults: new FaultQueue(apiRoutes.map((route) => route.operation.path)),
    delays: new Delays(),
  };
  const base = basePathOf(baseUrl);
  // fetch and msw answer at the base URL's origin only; listen() answers whatever Host is sent.
  const inside: FakeInternals = {
    state,
    orgId,
    basePath: base.path,
    answer: (incoming) => answer(answering, incoming, { origin: null, path: base.path }),
    seedsOf: (target) => seedsOf(target, apiKey),
  };
  const fake: Omit<FakeChainbill, 'listen'> = {
    apiKey,
    liveApiKey,
    baseUrl,
    fetch: async (input, init) => {
      // A request given alone is answered as it is: wrapping it again would make a second signal
      // that follows the caller's, which undici holds until the task ends.
      const alone = input instanceof Request && !input.bodyUsed && (init === undefined || isEmpty(init));
      const request = alone ? input : new Request(input, init);
      // As undici does: an aborted signal rejects with its reason, before or while answering.
      request.signal.throwIfAborted();
      const response = await answer(answering, fromRequest(request), base);
      request.signal.throwIfAborted();
      // As undici does when the connection is reset (an injected reset or a dropped response).
      if (response.type === 'error') throw new TypeError('fetch failed', { cause: connectionReset() });
      return response;
    },
    seed: seedsOf(state, apiKey),
    simulate: causedBy(
      state,
      'simulate',
      Object.assign({}, ...modules.map((module) => module.simulations?.(state))) as FakeSimulations,
    ),
    clock,
    requests: state.requests.list,
    events: state.events.list,
    faults: answering.faults,
    reset: () => {
      state.reset();
      answering.faults.clear();
      answering.delays.clear();
      clock.useRealTime();
    },
    createApiKey: (keyOptions = {}) =>
      state.issueKey(keyOptions.orgId ?? orgId, keyOptions.environment ?? 'sandbox', keyOptions.key),
  };
  Object.defineProperty(fake, internals, { value: inside });
  return fake;
}

/**
 * The seeds, bound to a state (the fake's own, or a fork a seed file applies to before the swap),
 * each behind the one seed gate (seed-gate.ts).
 *
 * @param state - The state they create records in.
 * @param defaultKey - The key whose scope gets a record when none is given (`fake.apiKey`).
 */
function seedsOf(state: FakeState, defaultKey: string): FakeSeeds {
  const scopeOf = (key: string = defaultKey): Scope => {
    const scope = state.scopeOfKey(key);
    if (!scope)
      throw invalid(
        'apiKey',
        'is not a key of this fake: use fake.apiKey, fake.liveApiKey or fake.createApiKey()',
      );
    return scope;
  };
  const seeds = Object.assign({}, ...modules.map((module) => module.seeds?.(state, scopeOf))) as FakeSeeds;
  return gateSeeds(causedBy(state, 'seed', seeds));
}

/** The same functions, each recording `cause` as the cause of the changes it makes. */
function causedBy<T extends object>(state: FakeState, cause: FakeEventCause, functions: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(functions) as [string, (...args: unknown[]) => unknown][])
    wrapped[name] = (...args: unknown[]) => state.events.as(cause, () => run(...args));
  return wrapped as T; // the same keys, each a function of the same signature
}

/** Whether an init sets nothing. */
function isEmpty(init: RequestInit): boolean {
  for (const _ in init) return false;
  return true;
}

/** The cause undici gives a reset connection. */
function connectionReset(): Error {
  return Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });
}
