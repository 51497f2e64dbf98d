import type { ChainbillStore } from '../store/store.js';
import type { CompiledPolicy } from './policy-rules.js';

/** The payout checks a client (`Chainbill`) sets for every payout sent through it. */
export interface ClientPayoutSettings {
  /** The client's `checkAddresses`. */
  readonly checkAddresses: boolean;
  /** The client's `payoutPolicy`, checked once at construction. */
  readonly policy: CompiledPolicy | undefined;
  /** The client's `budgetStore`, if given. */
  readonly budgetStore: ChainbillStore | undefined;
}

// One registry for every copy of the package in a process (its ESM and CJS builds, each entry's
// CJS bundle): a client made by one copy keeps its policy when another copy's function sends.
const registryKey = Symbol.for('chainbill.clientPayoutSettings');

/**
 * Each `Chainbill`'s payout settings, by client. A function of `chainbill/funcs` given a `Chainbill`
 * as its core applies them too, so no door onto a client sends a payout its policy refuses; a bare
 * `ChainbillCore` has none. Weak: a dropped client's settings go with it.
 *
 * @internal
 * @returns The registry.
 */
export function clientPayoutSettings(): WeakMap<object, ClientPayoutSettings> {
  const holder = globalThis as { [registryKey]?: WeakMap<object, ClientPayoutSettings> };
  holder[registryKey] ??= new WeakMap();
  return holder[registryKey];
}

const storesKey = Symbol.for('chainbill.budgetStores');

/**
 * The memory store of each core that sends a payout under a budget and was given no store, made on
 * first use; one registry for every copy of the package, as {@link clientPayoutSettings}.
 *
 * @internal
 * @returns The registry.
 */
export function budgetStores(): WeakMap<object, ChainbillStore> {
  const holder = globalThis as { [storesKey]?: WeakMap<object, ChainbillStore> };
  holder[storesKey] ??= new WeakMap();
  return holder[storesKey];
}
