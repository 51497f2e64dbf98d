import type { Chainbill } from '../client.js';

/** Base of every resource namespace (`payouts`, `customers`, …): holds the client it calls through. */
export abstract class APIResource {
  /** The client whose `request` and `requestList` the resource's methods call. */
  protected _client: Chainbill;

  /** @param client - The client whose transport, options and key the resource uses. */
  constructor(client: Chainbill) {
    this._client = client;
  }
}
