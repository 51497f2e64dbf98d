import type { CompiledPolicy } from './policy-rules.js';

/** The payout checks a client (`Chainbill`) sets for every payout sent through it. */
export interface ClientPayoutSettings {
  /** The client's `checkAddresses`. */
  readonly checkAddresses: boolean;
  /** The client's `payoutPolicy`, checked once at construction. */
  readonly policy: CompiledPolicy | undefined;
}

/**
 * Each `Chainbill`'s payout settings, by client. A function of `chainbill/funcs` given a `Chainbill`
 * as its core applies them too, so no door onto a client sends a payout its policy refuses; a bare
 * `ChainbillCore` has none. Weak: a dropped client's settings go with it.
 *
 * @internal
 */
export const clientPayoutSettings: WeakMap<object, ClientPayoutSettings> = /*@__PURE__*/ new WeakMap();
