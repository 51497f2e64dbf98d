import type { ChainbillCore } from './chainbill-core.js';

/**
 * Base of every resource namespace (`payouts`, `customers`, …): holds the core its methods send
 * through. Each method is the function of `chainbill/funcs` of the same operation, bound to it.
 */
export abstract class APIResource {
  /** The core whose transport, options and key the resource's methods use. */
  protected _core: ChainbillCore;

  /** @param core - The core (a `Chainbill`) to send through. */
  constructor(core: ChainbillCore) {
    this._core = core;
  }
}
