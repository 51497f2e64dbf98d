import { randomBytes } from 'node:crypto';
import type { Environment } from '../core/types.js';
import { type IdKind, idPrefixes } from '../internal/ids.js';
import type { InternalClock } from './clock.js';
import { Collection } from './collection.js';
import { notFound } from './errors.js';
import { EventLog, type FakeEvent, type FakeEventType } from './events.js';

/** `live` or `sandbox`: the SDK's {@link Environment}. */
export type FakeEnvironment = Environment;

/** The data of one organization in one environment: collections by name, created on first use. */
export class Scope {
  readonly org_id: string;
  readonly environment: FakeEnvironment;
  readonly #collections = new Map<string, Collection<{ id: string }>>();
  /** Responses already given per `Idempotency-Key`, replayed for a repeat. */
  readonly idempotency: Map<string, { fingerprint: string; status: number; body: unknown }> = new Map();

  /**
   * @param org_id - Organization id.
   * @param environment - Environment.
   */
  constructor(org_id: string, environment: FakeEnvironment) {
    this.org_id = org_id;
    this.environment = environment;
  }

  /** The collection called `name` (`payouts`, `customers`, …). */
  collection<T extends { id: string }>(name: string): Collection<T> {
    let found = this.#collections.get(name);
    if (!found) {
      found = new Collection();
      this.#collections.set(name, found);
    }
    return found as Collection<T>; // each name is only ever used with one record type
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

/** Everything the fake holds: keys, scopes, the clock. Shared by routes, seeds and simulations. */
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
   * (each opens an empty scope of its organization and environment).
   */
  reset(): void {
    this.#scopes = new Map();
    for (const [key, scope] of this.#keys) this.#keys.set(key, this.scope(scope.org_id, scope.environment));
    this.events.list.length = 0;
    this.failingPaymentMethods.clear();
    this.dunning.clear();
  }

  /** The scope of an organization and environment, created on first use. */
  scope(org_id: string, environment: FakeEnvironment): Scope {
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
  issueKey(org_id: string, environment: FakeEnvironment, key?: string): string {
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
  locate<T extends { id: string }>(
    collection: string,
    id: string,
    kind: string,
  ): { scope: Scope; record: T } {
    for (const scope of this.#scopes.values()) {
      const record = scope.collection<T>(collection).get(id);
      if (record) return { scope, record };
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
}

/** A new id of a kind, with its prefix from the one table (spec: Identifier prefixes): `po_3f9a…`. */
export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}${randomBytes(12).toString('hex')}`;
}

/** A random hex string of `bytes` bytes with `0x`, for transaction and block hashes. */
export function randomHash(bytes = 32): string {
  return `0x${randomBytes(bytes).toString('hex')}`;
}
