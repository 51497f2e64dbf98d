/**
 * `chainbill/testing/msw`: msw request handlers that answer from a fake, for tests that already
 * use msw. The only entry that imports msw, an optional peer.
 *
 * @module chainbill/testing/msw
 */
import { http, type RequestHandler } from 'msw';
import type { FakeChainbill } from './fake.js';

/**
 * msw request handlers that answer from a fake: `setupServer(...handlers(fake))`. They take the
 * whole origin of `fake.baseUrl`, so a client configured with a wrong base path gets the API's
 * 404 `route_not_found` rather than msw's unhandled-request error; the fake answers only under
 * its base path. A fault of `fake.faults` that resets the connection, or drops a response, is
 * msw's network error (`Response.error()`).
 *
 * This is the only module of the package that imports `msw` (an optional peer): a test that
 * uses `fake.fetch` or `fake.listen()` loads `chainbill/testing` without it, under Jest's
 * CommonJS module system too (docs/testing.md: Jest).
 *
 * @param fake - A fake from `createFakeChainbill()`.
 * @returns One handler, for every method under the origin of `fake.baseUrl`.
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createFakeChainbill } from 'chainbill/testing';
 * import { handlers } from 'chainbill/testing/msw';
 * const fake = createFakeChainbill();
 * const server = setupServer(...handlers(fake));
 * ```
 */
export function handlers(fake: FakeChainbill): RequestHandler[] {
  const origin = new URL(fake.baseUrl).origin;
  return [
    http.all(`${origin}/*`, async ({ request }) => {
      try {
        return await fake.fetch(request);
      } catch {
        return Response.error(); // a reset or a dropped response (fake.faults): a network error
      }
    }),
  ];
}
