import type { Incoming } from './body.js';
import { controlAnswer } from './control.js';
import { createFakeCore, type FakeChainbill, type FakeListenOptions } from './fake.js';
import type { FakeChainbillOptions } from './options.js';
import { type FakeServer, serve } from './server.js';
import { internalsOf } from './slot.js';

/**
 * Creates a fake Chainbill API with its own state.
 *
 * @param options - Organization id, base URL, renewal retry schedule, history limit.
 * @returns The fake: keys, `fetch`, `listen()`, `seed`, `simulate`, `clock`, `events`, `faults`, `requests`.
 * @example
 * ```ts
 * import { Chainbill } from 'chainbill';
 * import { createFakeChainbill } from 'chainbill/testing';
 * const fake = createFakeChainbill();
 * const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
 * ```
 */
export function createFakeChainbill(options: FakeChainbillOptions = {}): FakeChainbill {
  const core = createFakeCore(options);
  const fake: FakeChainbill = Object.assign(core, {
    listen: (listenOptions: FakeListenOptions = {}) => listen(fake, listenOptions),
  });
  return fake;
}

/** What `chainbill-fake` serves beyond `listen()`'s options. */
export interface ServeOptions extends FakeListenOptions {
  /** A seed file (parsed JSON) that `POST /_fake/reset` applies again: the one the server started with. */
  startupSeed?: unknown;
}

/**
 * Serves a fake over real HTTP: the edge where the server is built and, with a control token, the
 * control API wired beside the API (`/_fake/…`, docs/fake-server.md). The fake itself knows
 * neither the server nor the control API.
 *
 * @param fake - The fake.
 * @param options - `port`, `host`, `controlToken`, `startupSeed`.
 * @returns The running server.
 */
export function listen(fake: FakeChainbill, options: ServeOptions = {}): Promise<FakeServer> {
  const { port, host, controlToken, startupSeed } = options;
  const { answer, basePath } = internalsOf(fake);
  const handle =
    controlToken === undefined
      ? answer
      : (incoming: Incoming) =>
          incoming.url.pathname.startsWith('/_fake/') || incoming.url.pathname === '/_fake'
            ? controlAnswer(fake, controlToken, incoming, startupSeed)
            : answer(incoming);
  return serve(handle, basePath, port, host);
}
