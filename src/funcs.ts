/**
 * `chainbill/funcs`: one function per operation of the API, `<resource><Operation>(core, …)`, each
 * importing only what it runs, so an app bundles only the operations it calls. Every method of
 * `Chainbill` is one of these bound to the client: `chainbill.payouts.list(params)` is
 * `payoutsList(chainbill, params)`. The first argument is a `ChainbillCore` (from `chainbill/core`)
 * or a `Chainbill`, whose payout policy then applies too.
 *
 * @example
 * ```ts
 * import { ChainbillCore } from 'chainbill/core';
 * import { payoutsCreate, payoutsList } from 'chainbill/funcs';
 * const core = new ChainbillCore({ apiKey: process.env.CHAINBILL_API_KEY, baseUrl: 'https://…/v1' });
 * for await (const payout of payoutsList(core, { status: 'approved' })) console.log(payout.id);
 * ```
 *
 * @module chainbill/funcs
 */
export type { PayoutCheckOptions, PayoutCreateOptions } from './payouts/create.js';
export { payoutsCreate, payoutsPreview } from './payouts/create.js';
export { payoutsList } from './payouts/list.js';
export { payoutsSettlementsList } from './payouts/settlements.js';
export { payoutsApprove, payoutsCancel, payoutsUpdate } from './payouts/update.js';
export { payoutsWaitForSettlement } from './payouts/wait.js';
export { checkoutsList } from './resources/checkouts.js';
export { customersCreate, customersList } from './resources/customers.js';
export {
  entitlementsCreate,
  entitlementsDelete,
  entitlementsList,
  entitlementsUpdate,
} from './resources/entitlements/functions.js';
export { paymentLinksCreate, paymentLinksList } from './resources/payment-links.js';
export { paymentMethodsList, paymentMethodsUpdate } from './resources/payment-methods.js';
export { plansList } from './resources/plans.js';
export {
  subscriptionsCancel,
  subscriptionsCancelImmediately,
  subscriptionsCreate,
  subscriptionsPause,
  subscriptionsResume,
  subscriptionsUpdate,
} from './resources/subscriptions/functions.js';
export { webhookEndpointsDelete } from './resources/webhook-endpoints.js';
export { revenueEventsConsume } from './revenue-events/consume.js';
export { revenueEventsList, revenueEventsWatch } from './revenue-events/revenue-events.js';
