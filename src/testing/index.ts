/**
 * `chainbill/testing`: a stateful fake of the Chainbill API for your tests
 * ({@link createFakeChainbill}), with seeds, simulations, a test clock and fault injection.
 * The [testing guide](../../docs/testing.md) shows each;
 * [the fake as a server](../../docs/fake-server.md) runs it over HTTP.
 *
 * @module chainbill/testing
 */
export { addressOf, randomAddress } from './addresses.js';
export type { FakeAdvance, FakeClock, FakeDuration } from './clock.js';
export { createFakeChainbill } from './create.js';
export { FakeApiError } from './errors.js';
export type { FakeEvent, FakeEventCause, FakeEventType } from './events.js';
export type { FakeChainbill, FakeListenOptions, FakeSeeds, FakeSimulations } from './fake.js';
export type { FakeFault, FakeFaultMatch, FakeFaults, FakePendingFault } from './faults.js';
export type { FakeRequest } from './history.js';
export type { FakeChainbillOptions } from './options.js';
export type {
  FakeEnvironment,
  FakeRevenueEvent,
  FakeRevenueEventType,
  FakeWebhookEndpoint,
} from './records.js';
export type { CheckoutSimulations } from './routes/checkout-simulations.js';
export type { CheckoutSeeds } from './routes/checkouts.js';
export type { CustomerSeeds } from './routes/customers.js';
export type { PaymentLinkSimulations } from './routes/payment-links.js';
export type { PaymentMethodSeeds } from './routes/payment-methods.js';
export type { PayoutSimulations } from './routes/payout-execution.js';
export type { PayoutSeeds } from './routes/payouts.js';
export type { PlanSeeds } from './routes/plans.js';
export type { RevenueEventSeeds } from './routes/revenue-events.js';
export type { SubscriptionSimulations } from './routes/subscription-simulations.js';
export type { WebhookEndpointSeeds } from './routes/webhook-endpoints.js';
export type {
  FakeOrganization,
  SeedCollection,
  SeededOrganization,
  SeedFile,
  SeedFileOrganization,
  SeedKeys,
  SeedRecord,
  SeedSummary,
} from './seed-file.js';
export { applySeedFile, parseSeedFile, SeedFileError } from './seed-file.js';
export type { FakeServer } from './server.js';
