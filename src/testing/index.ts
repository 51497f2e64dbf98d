/**
 * `chainbill/testing`: a stateful fake of the Chainbill API for your tests
 * ({@link createFakeChainbill}), with seeds, simulations, a test clock and fault injection.
 * The [testing guide](../../docs/testing.md) shows each;
 * [the fake as a server](../../docs/fake-server.md) runs it over HTTP.
 *
 * @module chainbill/testing
 */

export type { FakeAdvance, FakeClock, FakeDuration } from './clock/clock.js';
export { createFakeChainbill } from './create.js';
export type { FakeChainbill, FakeListenOptions } from './fake.js';
export { FakeApiError } from './http/errors.js';
export type { FakeFault, FakeFaultMatch, FakeFaults, FakePendingFault } from './http/faults.js';
export type { FakeServer } from './http/server.js';
export type { FakeChainbillOptions } from './options.js';
export type { FakeEnvironment } from './resource.js';
export type { CheckoutSimulations } from './resources/checkout-simulations.js';
export type { CheckoutSeeds } from './resources/checkouts.js';
export type { CustomerSeeds } from './resources/customers.js';
export type { PaymentLinkSimulations } from './resources/payment-links.js';
export type { PaymentMethodSeeds } from './resources/payment-methods.js';
export type { PayoutSimulations } from './resources/payout-simulations.js';
export type { PayoutSeeds } from './resources/payouts.js';
export type { PlanSeeds } from './resources/plans.js';
export type {
  FakeRevenueEvent,
  FakeRevenueEventType,
  RevenueEventSeeds,
} from './resources/revenue-events.js';
export type { SubscriptionSimulations } from './resources/subscription-simulations.js';
export type { FakeWebhookEndpoint, WebhookEndpointSeeds } from './resources/webhook-endpoints.js';
export type { FakeSeeds, FakeSimulations } from './router.js';
export type {
  FakeOrganization,
  SeedCollection,
  SeededOrganization,
  SeedFile,
  SeedFileOrganization,
  SeedKeys,
  SeedRecord,
  SeedSummary,
} from './seed/seed-file.js';
export { applySeedFile, parseSeedFile, SeedFileError } from './seed/seed-file.js';
export { addressOf, randomAddress } from './state/addresses.js';
export type { FakeEvent, FakeEventCause, FakeEventType } from './state/events.js';
export type { FakeRequest } from './state/history.js';
export type { FakeSnapshot } from './state/snapshot.js';
