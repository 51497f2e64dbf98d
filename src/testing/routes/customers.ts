import type { Wire } from '../../internal/tie.js';
import { type Customer, type CustomerCreateParams, customerOperations } from '../../resources/customers.js';
import type { FakeCustomer } from '../records.js';
import { type Route, route } from '../route.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';
import { readBody } from '../validate.js';

function createCustomer(state: FakeState, scope: Scope, params: Wire<CustomerCreateParams>): FakeCustomer {
  const now = state.now();
  return scope.customers.insert({
    id: newId('customer'),
    org_id: scope.org_id,
    email: params.email,
    name: params.name ?? null,
    external_id: params.external_id ?? null,
    metadata: params.metadata ?? {},
    environment: scope.environment,
    created_at: now,
    updated_at: now,
  });
}

/** The customer endpoints (spec: Customers). */
export const customerRoutes: Route[] = [
  route(customerOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createCustomer(state, scope, params),
  })),
  route(customerOperations.list, ({ scope, offsetPage }) => ({
    status: 200,
    body: offsetPage(scope.customers),
  })),
];

/** Creates customers directly (`fake.seed`), for tests. */
export interface CustomerSeeds {
  /**
   * Adds a customer to the key's organization (default: the fake's sandbox key) without a request.
   * Fields not given get the values `POST /customers` would give; the email defaults to a unique
   * `customer-<n>@example.com`.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored customer, in its wire shape.
   */
  customer(fields?: Partial<Customer>, options?: { apiKey?: string }): Customer;
}

/** @returns The customer seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function customerSeeds(state: FakeState, scopeOf: (apiKey?: string) => Scope): CustomerSeeds {
  return {
    customer: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      const { email = `customer-${scope.customers.size + 1}@example.com`, ...rest } = fields;
      // What POST /customers takes is checked by its own params schema (limits included).
      const sent = Object.fromEntries(
        Object.entries({
          email,
          name: rest.name,
          external_id: rest.external_id,
          metadata: rest.metadata,
        }).filter(([, value]) => value !== undefined && value !== null),
      );
      const base = createCustomer(state, scope, readBody(customerOperations.create, sent));
      return Object.assign(base, rest, { id: base.id, org_id: base.org_id, environment: base.environment });
    },
  };
}
