/**
 * The fake's internals, kept on the fake object itself under a symbol, for the modules wired
 * around it at the edge (`chainbill-fake`, the control API, seed files), which take the public
 * `FakeChainbill` and must reach its state. A leaf module: it imports types only.
 */
import type { Incoming } from '../http/body.js';
import type { FakeSeeds } from '../router.js';
import type { FakeState } from './state.js';

/** What the edge needs of a fake beyond its public surface. */
export interface FakeInternals {
  /** Everything the fake holds. */
  state: FakeState;
  /** The organization of the fake's own keys. */
  orgId: string;
  /** The path the API is served under, for example `/v1`. */
  basePath: string;
  /** Answers a request to the API (anything outside the base path gets its 404). */
  answer(incoming: Incoming): Promise<Response>;
  /** The seeds bound to a state: a fork of the fake's, for a seed file to apply to whole. */
  seedsOf(state: FakeState): FakeSeeds;
}

/** The key of a fake's internals: a symbol, so they stay out of `JSON.stringify` and `Object.keys`. */
export const internals: unique symbol = Symbol('chainbill.fake.internals');

/**
 * @param fake - A fake made by `createFakeChainbill`.
 * @returns Its internals.
 * @throws {TypeError} for anything else.
 */
export function internalsOf(fake: object): FakeInternals {
  const found = (fake as { [internals]?: FakeInternals })[internals];
  if (found === undefined) throw new TypeError('expected a fake made by createFakeChainbill()');
  return found;
}
