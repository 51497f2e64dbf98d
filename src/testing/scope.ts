import type { Environment } from '../core/types.js';
import { Collection, type CollectionData } from './collection.js';
import type {
  FakeCheckout,
  FakeCustomer,
  FakeEntitlement,
  FakePaymentLink,
  FakePaymentMethod,
  FakePayout,
  FakePlan,
  FakeRevenueEvent,
  FakeSettlement,
  FakeSubscription,
  FakeWebhookEndpoint,
} from './records.js';

/** The collections of a scope, one typed collection per resource. */
export const collectionNames = [
  'payouts',
  'payoutSettlements',
  'checkouts',
  'customers',
  'plans',
  'paymentMethods',
  'subscriptions',
  'entitlements',
  'paymentLinks',
  'revenueEvents',
  'webhookEndpoints',
] as const;

/** The name of one of a scope's collections. */
export type CollectionName = (typeof collectionNames)[number];

/** A scope's collections as plain data, for a snapshot of the state. */
export type ScopeData = Record<CollectionName, CollectionData<never>>;

/** The data of one organization in one environment: a typed collection per resource. */
export class Scope {
  readonly org_id: string;
  readonly environment: Environment;
  readonly payouts: Collection<FakePayout> = new Collection();
  readonly payoutSettlements: Collection<FakeSettlement> = new Collection();
  readonly checkouts: Collection<FakeCheckout> = new Collection();
  readonly customers: Collection<FakeCustomer> = new Collection();
  readonly plans: Collection<FakePlan> = new Collection();
  readonly paymentMethods: Collection<FakePaymentMethod> = new Collection();
  readonly subscriptions: Collection<FakeSubscription> = new Collection();
  readonly entitlements: Collection<FakeEntitlement> = new Collection();
  readonly paymentLinks: Collection<FakePaymentLink> = new Collection();
  readonly revenueEvents: Collection<FakeRevenueEvent> = new Collection();
  readonly webhookEndpoints: Collection<FakeWebhookEndpoint> = new Collection();

  /**
   * @param org_id - Organization id.
   * @param environment - Environment.
   */
  constructor(org_id: string, environment: Environment) {
    this.org_id = org_id;
    this.environment = environment;
  }

  /** Its name among the state's scopes: `org_acme:sandbox`. */
  get name(): string {
    return `${this.org_id}:${this.environment}`;
  }

  /** Every collection as plain data (the records themselves, not copies): for a snapshot. */
  data(): ScopeData {
    return Object.fromEntries(collectionNames.map((name) => [name, this[name].data()])) as ScopeData;
  }

  /**
   * A scope holding what {@link Scope.data} gave (from a copy).
   *
   * @returns The new scope.
   */
  static from(org_id: string, environment: Environment, data: ScopeData): Scope {
    const scope = new Scope(org_id, environment);
    for (const name of collectionNames) scope[name].load(data[name]);
    return scope;
  }
}
