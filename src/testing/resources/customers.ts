import type { Wire } from '../../internal/tie.js';
import {
  type Customer,
  type CustomerCreateParams,
  customerOperations,
  customerSchema,
  customerSpec,
} from '../../resources/customers.js';
import { type FakeEnvironment, type Known, type ResourceModule, seedsFrom } from '../resource.js';
import { readBody } from '../seed/validate.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

/** The fake's customer record: the wire shape (spec: Customer). */
export type FakeCustomer = Known<Customer, { environment: FakeEnvironment }>;

/** The customers of a scope. */
export const customers: CollectionKey<FakeCustomer> = collectionKey('customers');

/** Stores a customer as `POST /customers` creates it, from params its schema has read. */
export function createCustomer(
  state: FakeState,
  scope: Scope,
  params: Wire<CustomerCreateParams>,
): FakeCustomer {
  const now = state.now();
  return state.insert(customers, scope, {
    id: state.ids.id('customer'),
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

const customerSeeds = seedsFrom<CustomerSeeds>({
  customer: (state, scope, fields) => {
    const { email = `customer-${scope.of(customers).size + 1}@example.com`, ...rest } = fields;
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
});

/** Customers: created by the API, or seeded. */
export const customerModule: ResourceModule = {
  collection: customers,
  columns: customerSpec.columns,
  seeds: customerSeeds,
  seedFile: { list: 'customers', seed: 'customer', schema: customerSchema },
};
