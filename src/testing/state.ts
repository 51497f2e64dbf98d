import { randomBytes } from 'node:crypto';
import type { Environment } from '../core/types.js';
import { type IdKind, idPrefixes } from '../internal/ids.js';
import type { Transfer } from './chain.js';
import type { InternalClock } from './clock.js';
import { Collection, type CollectionData } from './collection.js';
import { notFound } from './errors.js';
import { EventLog, type FakeEvent, type FakeEventType } from './events.js';
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

/** An answer kept for an `Idempotency-Key`, replayed for a repeat of the same request. */
export interface Replay {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** The collections of a scope, one typed collection per resource. */
const collectionNames = [
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
type CollectionName = (typeof collectionNames)[number];

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
  /** Answers already given per `Idempotency-Key`, replayed for a repeat. */
  readonly idempotency: Map<string, Replay> = new Map();

  /**
   * @param org_id - Organization id.
   * @param environment - Environment.
   */
  constructor(org_id: string, environment: Environment) {
    this.org_id = org_id;
    this.environment = environment;
  }
}

/**
 * How the fake's billing engine retries a failed renewal (docs/testing.md: Test clocks): a retry
 * `retryDays[i]` days after the renewal date, and `finalStatus` when the last one fails.
 */
export interface RenewalRetries {
  /** Days after the failed renewal date of each retry, ascending. @default [1, 3, 5] */
  retryDays: readonly number[];
  /** What a subscription becomes when every retry failed. @default 'canceled' */
  finalStatus: 'canceled' | 'expired';
}

/** What billing needs to know of a subscription beyond its wire fields. */
export interface Dunning {
  /** Failed attempts at the current renewal (0 when it is not `past_due`). */
  failedAttempts: number;
  /** How many of the next charge attempts must fail (`simulate.failNextRenewal`). */
  failNext: number;
}

/** The keys of an organization, by environment (seed files list them; `chainbill-fake` prints them). */
export interface OrganizationKeys {
  /** Sandbox keys, `sk_test_…`. */
  sandbox: string[];
  /** Live keys, `sk_live_…`. */
  live: string[];
}

/** Everything a {@link FakeState.capture} holds: enough to put the state back as it was. */
interface Captured {
  scopes: {
    org_id: string;
    environment: Environment;
    data: Record<CollectionName, CollectionData<never>>;
    idempotency: [string, Replay][];
  }[];
  keys: [string, number][];
  events: FakeEvent[];
  failingPaymentMethods: string[];
  dunning: [string, Dunning][];
  organizations: [string, OrganizationKeys][];
  transfers: [string, Transfer][];
}

/**
 * Everything the fake holds, and nothing anywhere else (`reset()` clears all of it): keys and
 * scopes, the events, billing state, the organizations seed files named. Shared by the routes,
 * seeds, simulations and the clock.
 */
export class FakeState {
  readonly clock: InternalClock;
  /** Every change, in order (`fake.events`). */
  readonly events: EventLog = new EventLog();
  /** The retry schedule of failed renewals. */
  readonly renewalRetries: RenewalRetries;
  /** Payment methods whose charges fail (`simulate.failPaymentMethod`), by id. */
  readonly failingPaymentMethods: Set<string> = new Set();
  /** Billing state by subscription id. */
  readonly dunning: Map<string, Dunning> = new Map();
  /** Organizations named by seed files (and the fake's own, once remembered), with their keys. */
  readonly organizations: Map<string, OrganizationKeys> = new Map();
  /**
   * Checkouts and payouts on the chain (`simulate.payCheckout`, `simulate.executePayout`), by id:
   * their blocks come with the clock. A record moved by the one-step helpers is not here.
   */
  readonly transfers: Map<string, Transfer> = new Map();
  readonly #keys = new Map<string, Scope>();
  #scopes = new Map<string, Scope>();

  /**
   * @param clock - The fake's clock.
   * @param renewalRetries - The retry schedule of failed renewals.
   */
  constructor(clock: InternalClock, renewalRetries: RenewalRetries) {
    this.clock = clock;
    this.renewalRetries = renewalRetries;
  }

  /** Every scope that holds anything, in order of first use. */
  scopes(): IterableIterator<Scope> {
    return this.#scopes.values();
  }

  /** The billing state of a subscription, created on first use. */
  dunningOf(subscriptionId: string): Dunning {
    let found = this.dunning.get(subscriptionId);
    if (!found) {
      found = { failedAttempts: 0, failNext: 0 };
      this.dunning.set(subscriptionId, found);
    }
    return found;
  }

  /**
   * Forgets every record, idempotency key and event, and the billing state; keys stay valid
   * (each opens an empty scope of its organization and environment), as do the organizations.
   */
  reset(): void {
    this.#scopes = new Map();
    for (const [key, scope] of this.#keys) this.#keys.set(key, this.scope(scope.org_id, scope.environment));
    this.events.clear();
    this.failingPaymentMethods.clear();
    this.dunning.clear();
    this.transfers.clear();
  }

  /** The scope of an organization and environment, created on first use. */
  scope(org_id: string, environment: Environment): Scope {
    const name = `${org_id}:${environment}`;
    let found = this.#scopes.get(name);
    if (!found) {
      found = new Scope(org_id, environment);
      this.#scopes.set(name, found);
    }
    return found;
  }

  /**
   * Issues a secret key for an organization and environment: `key` as given (a seed file's fixed
   * key), or a new random one.
   *
   * @throws {RangeError} For a given key of the wrong prefix (`sk_test_` for sandbox, `sk_live_`
   *   for live), with characters outside `[A-Za-z0-9_]`, or already issued to another organization.
   */
  issueKey(org_id: string, environment: Environment, key?: string): string {
    const prefix = environment === 'live' ? 'sk_live_' : 'sk_test_';
    if (key === undefined) key = `${prefix}fake_${randomBytes(12).toString('hex')}`;
    else if (!key.startsWith(prefix) || !/^\w{9,200}$/.test(key))
      throw new RangeError(`a ${environment} key must be ${prefix} followed by letters, digits or _`);
    const scope = this.scope(org_id, environment);
    const held = this.#keys.get(key);
    if (held !== undefined && held !== scope)
      throw new RangeError(`key ${key.slice(0, 12)}… is already another organization's`);
    this.#keys.set(key, scope);
    return key;
  }

  /** The scope a key opens, or `undefined` for an unknown key. */
  scopeOfKey(key: string): Scope | undefined {
    return this.#keys.get(key);
  }

  /** Finds a record by id in any scope (seeds and simulations act across organizations). */
  locate<N extends CollectionName>(
    collection: N,
    id: string,
    kind: string,
  ): { scope: Scope; record: NonNullable<ReturnType<Scope[N]['get']>> } {
    for (const scope of this.#scopes.values()) {
      const record = scope[collection].get(id);
      if (record) return { scope, record: record as NonNullable<ReturnType<Scope[N]['get']>> };
    }
    throw notFound(kind, id);
  }

  /**
   * Records a change in `fake.events`, at the clock's time.
   *
   * @param status - The object's status after the change, or `null` for one without a status.
   */
  emit(
    scope: Scope,
    type: FakeEventType,
    objectId: string,
    status: string | null,
    extra?: Pick<FakeEvent, 'revenueEventId' | 'attempt'>,
  ): void {
    this.events.emit(scope, type, objectId, status, this.now(), extra);
  }

  /** The current time as an ISO string. */
  now(): string {
    return this.clock.now().toISOString();
  }

  /**
   * Runs `work` whole or not at all: if it throws, every record, key, event and billing state it
   * changed is put back as it was, and the error is rethrown (seed files, `fake.seed.*`).
   *
   * @returns What `work` returns.
   */
  atomically<T>(work: () => T): T {
    const captured = this.#capture();
    try {
      return work();
    } catch (error) {
      this.#restore(captured);
      throw error;
    }
  }

  #capture(): Captured {
    const scopes = [...this.#scopes.values()];
    // One structuredClone for everything, so that records pointing at each other (a subscription
    // embeds its customer and plan) point at each other's copies.
    return structuredClone({
      scopes: scopes.map((scope) => ({
        org_id: scope.org_id,
        environment: scope.environment,
        data: Object.fromEntries(
          collectionNames.map((name) => [name, scope[name].data()]),
        ) as Captured['scopes'][number]['data'],
        idempotency: [...scope.idempotency],
      })),
      keys: [...this.#keys].map(([key, scope]): [string, number] => [key, scopes.indexOf(scope)]),
      events: [...this.events.list],
      failingPaymentMethods: [...this.failingPaymentMethods],
      dunning: [...this.dunning],
      organizations: [...this.organizations],
      transfers: [...this.transfers],
    });
  }

  #restore(captured: Captured): void {
    const scopes = captured.scopes.map(({ org_id, environment, data, idempotency }) => {
      const scope = new Scope(org_id, environment);
      for (const name of collectionNames) scope[name].load(data[name]);
      for (const [key, replay] of idempotency) scope.idempotency.set(key, replay);
      return scope;
    });
    this.#scopes = new Map(scopes.map((scope) => [`${scope.org_id}:${scope.environment}`, scope]));
    this.#keys.clear();
    for (const [key, index] of captured.keys) this.#keys.set(key, scopes[index] as Scope);
    this.events.replace(captured.events);
    replaceAll(this.failingPaymentMethods, captured.failingPaymentMethods);
    replaceAll(this.dunning, captured.dunning);
    replaceAll(this.organizations, captured.organizations);
    replaceAll(this.transfers, captured.transfers);
  }
}

function replaceAll<T>(target: Set<T> | Map<T, unknown>, entries: readonly unknown[]): void {
  target.clear();
  if (target instanceof Set) for (const item of entries as T[]) target.add(item);
  else for (const [key, value] of entries as [T, unknown][]) target.set(key, value);
}

/** A new id of a kind, with its prefix from the one table (spec: Identifier prefixes): `po_3f9a…`. */
export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}${randomBytes(12).toString('hex')}`;
}

/** A random hex string of `bytes` bytes with `0x`, for transaction and block hashes. */
export function randomHash(bytes = 32): string {
  return `0x${randomBytes(bytes).toString('hex')}`;
}
