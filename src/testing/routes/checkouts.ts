import { checkoutOperations } from '../../resources/checkouts.js';
import { type Route, route } from '../http/route.js';
import { checkouts, strip } from '../resources/checkout-lifecycle.js';

/** The checkout endpoints (spec: GET /checkouts): list items carry no `id`, only `checkout_id`. */
export const checkoutRoutes: Route[] = [
  route(checkoutOperations.list, ({ scope, params: { status }, page }) => {
    const found = page(scope.of(checkouts), (checkout) => status === undefined || checkout.status === status);
    return { status: 200, body: { ...found, data: found.data.map(strip) } };
  }),
];
