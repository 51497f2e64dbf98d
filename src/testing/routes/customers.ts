import { customerOperations } from '../../resources/customers.js';
import { type Route, route } from '../http/route.js';
import { createCustomer, customers } from '../resources/customers.js';

/** The customer endpoints (spec: Customers). */
export const customerRoutes: Route[] = [
  route(customerOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createCustomer(state, scope, params),
  })),
  route(customerOperations.list, ({ scope, offsetPage }) => ({
    status: 200,
    body: offsetPage(scope.of(customers)),
  })),
];
