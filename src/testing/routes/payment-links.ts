import { paymentLinkOperations } from '../../resources/payment-links.js';
import { type Route, route } from '../http/route.js';
import { createLink, paymentLinks, served } from '../resources/payment-links.js';

/** The payment link endpoints (spec: Payment links). */
export const paymentLinkRoutes: Route[] = [
  route(paymentLinkOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: served(createLink(state, scope, params)),
  })),
  route(paymentLinkOperations.list, ({ scope, page }) => {
    const found = page(scope.of(paymentLinks));
    return { status: 200, body: { ...found, data: found.data.map(served) } };
  }),
];
