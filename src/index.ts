/**
 * `chainbill`: the typed client of the Chainbill API ({@link Chainbill}), its errors, and the money
 * helpers. Start with the [quickstart](../docs/quickstart.md); every method is in the
 * [API tour](../docs/api-tour.md).
 *
 * @module chainbill
 */
export { Chainbill } from './client.js';
export type { ClientOptions } from './client-options.js';
// The core and the errors, as `chainbill/core` has them.
export * from './core/index.js';
export * from './payouts/index.js';
// Every type a resource file exports is public (its models, params, enums): a new one needs no line here.
export type * from './resources/checkouts.js';
export { Checkouts } from './resources/checkouts.js';
export type * from './resources/customers.js';
export { Customers } from './resources/customers.js';
export { Entitlements } from './resources/entitlements/entitlements.js';
export type * from './resources/entitlements/model.js';
export type * from './resources/payment-links.js';
export { PaymentLinks } from './resources/payment-links.js';
export type * from './resources/payment-methods.js';
export { PaymentMethods } from './resources/payment-methods.js';
export type * from './resources/plans.js';
export { Plans } from './resources/plans.js';
export type * from './resources/subscriptions/model.js';
export { Subscriptions } from './resources/subscriptions/subscriptions.js';
export type * from './resources/webhook-endpoints.js';
export { WebhookEndpoints } from './resources/webhook-endpoints.js';
export * from './revenue-events/index.js';
export { memoryStore } from './store/memory.js';
export type { ChainbillStore } from './store/store.js';
export { VERSION } from './version.js';
