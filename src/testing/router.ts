/**
 * The fake's registry: every stored resource's module (resources/<name>.ts) and
 * every route (routes/<name>.ts), in order. The fake, its state, the clock, the seed gate and seed
 * files iterate these lists and name no resource; this is the only module that imports a route
 * module. Adding a resource is a line in each list and a term in the types below.
 */

import type { Route } from './http/route.js';
import type { ResourceModule } from './resource.js';
import type { CheckoutSimulations } from './resources/checkout-simulations.js';
import { type CheckoutSeeds, checkoutModule } from './resources/checkouts.js';
import { type CustomerSeeds, customerModule } from './resources/customers.js';
import { entitlementModule } from './resources/entitlements.js';
import { type PaymentLinkSimulations, paymentLinkModule } from './resources/payment-links.js';
import { type PaymentMethodSeeds, paymentMethodModule } from './resources/payment-methods.js';
import { payoutSettlementModule } from './resources/payout-settlements.js';
import type { PayoutSimulations } from './resources/payout-simulations.js';
import { type PayoutSeeds, payoutModule } from './resources/payouts.js';
import { type PlanSeeds, planModule } from './resources/plans.js';
import { type RevenueEventSeeds, revenueEventModule } from './resources/revenue-events.js';
import type { SubscriptionSimulations } from './resources/subscription-simulations.js';
import { subscriptionModule } from './resources/subscriptions.js';
import { type WebhookEndpointSeeds, webhookEndpointModule } from './resources/webhook-endpoints.js';
import { checkoutRoutes } from './routes/checkouts.js';
import { customerRoutes } from './routes/customers.js';
import { entitlementRoutes } from './routes/entitlements.js';
import { paymentLinkRoutes } from './routes/payment-links.js';
import { paymentMethodRoutes } from './routes/payment-methods.js';
import { payoutSettlementRoutes } from './routes/payout-settlements.js';
import { payoutRoutes } from './routes/payouts.js';
import { planRoutes } from './routes/plans.js';
import { revenueEventRoutes } from './routes/revenue-events.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { webhookEndpointRoutes } from './routes/webhook-endpoints.js';

/**
 * Every resource module. The order is the order of a seed file's lists (each record may point at
 * one made before it) and of the clock's work due at the same time.
 */
export const modules: readonly ResourceModule[] = [
  subscriptionModule,
  customerModule,
  planModule,
  entitlementModule,
  paymentMethodModule,
  webhookEndpointModule,
  checkoutModule,
  paymentLinkModule,
  payoutSettlementModule,
  payoutModule,
  revenueEventModule,
];

/** The API's routes, one spread per resource's route module. Order matters only for equal paths. */
export const apiRoutes: readonly Route[] = [
  ...payoutSettlementRoutes,
  ...payoutRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...paymentLinkRoutes,
  ...revenueEventRoutes,
  ...paymentMethodRoutes,
  ...planRoutes,
  ...entitlementRoutes,
  ...webhookEndpointRoutes,
  ...checkoutRoutes,
];

/** What `seed` can create directly, without the API. One `&` term per resource module with seeds. */
export type FakeSeeds = PayoutSeeds &
  CustomerSeeds &
  RevenueEventSeeds &
  PaymentMethodSeeds &
  PlanSeeds &
  WebhookEndpointSeeds &
  CheckoutSeeds;

/** What `simulate` can move, as the chain or the billing engine would. One `&` term per resource module with simulations. */
export type FakeSimulations = PayoutSimulations &
  SubscriptionSimulations &
  CheckoutSimulations &
  PaymentLinkSimulations;

/** A list of records in a seed file, by the API's name for it; each maps to one `fake.seed` function. */
export type SeedCollection =
  | 'customers'
  | 'plans'
  | 'payment_methods'
  | 'webhook_endpoints'
  | 'checkouts'
  | 'payouts'
  | 'revenue_events';
