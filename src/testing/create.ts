import { controlAnswer } from './control/control.js';
import { inspectorAnswer, inspectorPath, isInspectorPath } from './control/inspector.js';
import { createFakeCore, type FakeChainbill, type FakeListenOptions } from './fake.js';
import type { Incoming } from './http/body.js';
import { allowedHostsOf } from './http/hosts.js';
import { type FakeServer, serve } from './http/server.js';
import type { FakeChainbillOptions } from './options.js';
import { internalsOf } from './state/slot.js';

/**
 * Creates a fake Chainbill API with its own state.
 *
 * @param options - Organization id, base URL, renewal retry schedule, history limit, id seed.
 * @returns The fake: keys, `fetch`, `listen()`, `seed`, `simulate`, `clock`, `events`, `faults`, `requests`.
 * @throws {RangeError} For an option out of its range (a `historyLimit` below 1, an `idSeed` that
 *   is not a whole number from 0 to 2^53 − 1, retry days not ascending).
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
 * control API wired beside the API (`/_fake/…`) and the inspector's page (`/_fake/ui`,
 * docs/fake-server.md). The fake itself knows neither the server nor the control API.
 *
 * @param fake - The fake.
 * @param options - `port`, `host`, `controlToken`, `allowedHosts`, `startupSeed`.
 * @returns The running server, with `inspectorUrl` when there is a control token.
 * @throws {RangeError} For an entry of `allowedHosts` that is not a host name.
 */
export async function listen(fake: FakeChainbill, options: ServeOptions = {}): Promise<FakeServer> {
  const { port, host, controlToken, startupSeed } = options;
  const allowedHosts = allowedHostsOf(options.allowedHosts);
  const { answer, basePath } = internalsOf(fake);
  if (controlToken === undefined) return serve(answer, basePath, port, host, allowedHosts);
  const handle = (incoming: Incoming): Promise<Response> => {
    const path = incoming.url.pathname;
    if (isInspectorPath(path)) return inspectorAnswer(incoming);
    if (path.startsWith('/_fake/') || path === '/_fake')
      return controlAnswer(fake, controlToken, incoming, startupSeed);
    return answer(incoming);
  };
  const server = await serve(handle, basePath, port, host, allowedHosts);
  const origin = new URL(server.url).origin;
  server.inspectorUrl = `${origin}${inspectorPath}#token=${encodeURIComponent(controlToken)}`;
  return server;
}
