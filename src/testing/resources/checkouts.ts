import { type Checkout, checkoutSchema, checkoutSpec } from '../../resources/checkouts.js';
import { type ResourceModule, seedsFrom } from '../resource.js';
import { lifecycleDue } from '../state/lifecycle.js';
import {
  checkoutLifecycle,
  checkouts,
  type FakeCheckout,
  insertCheckout,
  strip,
} from './checkout-lifecycle.js';
import { checkoutSimulations } from './checkout-simulations.js';

/** Creates checkouts directly (`fake.seed`): the API does not create them (payment links do). */
export interface CheckoutSeeds {
  /**
   * Adds a checkout to the key's organization (default: the fake's sandbox key). Defaults:
   * `pending`, 25 USD on `tron` / `USDT`, a new deposit address of the chain, 0 of 20
   * confirmations, expiring 30 minutes after creation, empty metadata, no `tx_hash` /
   * `detected_at` / `confirmed_at` (all `null`). A checkout seeded in a later state is walked
   * there, so it carries what a real one would (a `confirmed` one has its hash, times and revenue
   * event). Other fields are taken as given, and must fit the checkout's response schema.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored checkout, in its wire shape.
   * @throws {FakeApiError} 400 naming a field of the wrong type or out of the spec's range.
   */
  checkout(fields?: Partial<Checkout>, options?: { apiKey?: string }): Checkout;
}

const checkoutSeeds = seedsFrom<CheckoutSeeds>({
  checkout: (state, scope, fields) => strip(insertCheckout(state, scope, fields as Partial<FakeCheckout>)),
});

/** Checkouts: made by payment links and seeds, paid and confirmed on the chain, expired by the clock. */
export const checkoutModule: ResourceModule = {
  collection: checkouts,
  columns: checkoutSpec.columns,
  due: lifecycleDue(checkoutLifecycle),
  seeds: checkoutSeeds,
  seedFile: { list: 'checkouts', seed: 'checkout', schema: checkoutSchema },
  simulations: checkoutSimulations,
  reports: { 'checkout.expired': 'expired' },
};
