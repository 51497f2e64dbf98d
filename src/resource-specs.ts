/**
 * Every resource of the API as data, in the order the catalog, the CLI's help and the inspector
 * list them: the one array that the catalog (and so the CLI and the MCP server) and the fake's
 * inspector are built from. A resource nested in another (`payouts.settlements`) follows it.
 */
import type { ResourceSpec } from './internal/resource-spec.js';
import { payoutSettlementSpec } from './payouts/settlements.js';
import { payoutSpec } from './payouts/spec.js';
import { checkoutSpec } from './resources/checkouts.js';
import { customerSpec } from './resources/customers.js';
import { entitlementSpec } from './resources/entitlements/operations.js';
import { paymentLinkSpec } from './resources/payment-links.js';
import { paymentMethodSpec } from './resources/payment-methods.js';
import { planSpec } from './resources/plans.js';
import { subscriptionSpec } from './resources/subscriptions/operations.js';
import { webhookEndpointSpec } from './resources/webhook-endpoints.js';
import { revenueEventSpec } from './revenue-events/event.js';

/** Every resource, nested ones included. */
export const resourceSpecs: readonly ResourceSpec[] = [
  payoutSpec,
  payoutSettlementSpec,
  checkoutSpec,
  customerSpec,
  entitlementSpec,
  paymentLinkSpec,
  paymentMethodSpec,
  planSpec,
  revenueEventSpec,
  subscriptionSpec,
  webhookEndpointSpec,
];
