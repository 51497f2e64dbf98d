import { randomBytes } from 'node:crypto';
import type { Environment } from '../core/types.js';
import type { Transfer } from './chain.js';
import type { InternalClock } from './clock.js';
import { notFound } from './errors.js';
import { EventLog, type FakeEvent, type FakeEventType } from './events.js';
import { type FakeRequest, History, IdempotencyStore, type Replay } from './history.js';
import { type CollectionName, Scope, type ScopeData } from './scope.js';

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

/** Everything a {@link FakeState.fork} copies: enough to build the same state again. */
interface Snapshot {
  scopes: { org_id: string; environment: Environment; data: ScopeData }[];
  keys: [key: string, org_id: string, environment: Environment][];
  events: FakeEvent[];
  eventsDropped: number;
  idempotency: [string, Replay][];
  failingPaymentMethods: string[];
  dunning: [string, Dunning][];
  organizations: [string, OrganizationKeys][];
  transfers: [string, Transfer][];
}

/**
 * Everything the fake holds, and nothing anywhere else (`reset()` clears all of it): keys and
 * scopes, the request and event logs and the idempotency store (each its last `historyLimit`
 * entries), billing state, the organizations seed files named. Shared by the routes, seeds,
 * simulations and the clock.
 */
export class FakeState {
  readonly clock: InternalClock;
  /** How many requests, events and idempotency keys are kept. */
  readonly historyLimit: number;
  /** The last changes, in order (`fake.events`). */
  readonly events: EventLog;
  /** The last requests answered under the base path, in order (`fake.requests`). */
  readonly requests: History<FakeRequest>;
  /** Answers already given per scope and `Idempotency-Key`, replayed for a repeat. */
  readonly idempotency: IdempotencyStore;
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
   * @param historyLimit - How many requests, events and idempotency keys to keep.
   */
  constructor(clock: InternalClock, renewalRetries: RenewalRetries, historyLimit: number) {
    this.clock = clock;
    this.renewalRetries = renewalRetries;
    this.historyLimit = historyLimit;
    this.events = new EventLog(historyLimit);
    this.requests = new History(historyLimit);
    this.idempotency = new IdempotencyStore(historyLimit);
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
   * Forgets every record, request, idempotency key and event, and the billing state; keys stay
   * valid (each opens an empty scope of its organization and environment), as do the organizations.
   */
  reset(): void {
    this.#scopes = new Map();
    for (const [key, scope] of this.#keys) this.#keys.set(key, this.scope(scope.org_id, scope.environment));
    this.events.clear();
    this.requests.clear();
    this.idempotency.load();
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
    const held = this.#keys.get(key);
    if (held !== undefined && (held.org_id !== org_id || held.environment !== environment))
      throw new RangeError(`key ${key.slice(0, 12)}… is already another organization's`);
    this.#keys.set(key, this.scope(org_id, environment));
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
   * A copy of the state to change apart (seeds apply to one, then {@link FakeState.adopt} swaps it
   * in): every record, key, event, idempotency key and billing state, deep-copied; the same clock;
   * an empty request log (only the API writes one).
   *
   * @returns The copy.
   */
  fork(): FakeState {
    const copy = new FakeState(this.clock, this.renewalRetries, this.historyLimit);
    copy.#load(this.#snapshot());
    return copy;
  }

  /**
   * Takes everything a {@link FakeState.fork} holds, as it is now, in place of its own (the
   * request log stays): the swap that makes a seed apply whole. Nothing in it can throw.
   *
   * @param fork - A fork of this state.
   */
  adopt(fork: FakeState): void {
    this.#scopes = fork.#scopes;
    replaceAll(this.#keys, [...fork.#keys]);
    this.events.replace(fork.events.list, fork.events.dropped);
    this.idempotency.load(fork.idempotency.entries());
    replaceAll(this.failingPaymentMethods, [...fork.failingPaymentMethods]);
    replaceAll(this.dunning, [...fork.dunning]);
    replaceAll(this.organizations, [...fork.organizations]);
    replaceAll(this.transfers, [...fork.transfers]);
  }

  /**
   * Runs `work` whole or not at all: if it throws, every record, key, event and billing state is
   * put back as it was before (a fork taken first is adopted again), and the error is rethrown.
   *
   * @returns What `work` returns.
   */
  atomically<T>(work: () => T): T {
    const before = this.fork();
    try {
      return work();
    } catch (error) {
      this.adopt(before);
      throw error;
    }
  }

  #snapshot(): Snapshot {
    // One structuredClone for everything, so that records pointing at each other (a subscription
    // embeds its customer and plan) point at each other's copies.
    return structuredClone({
      scopes: [...this.#scopes.values()].map((scope) => ({
        org_id: scope.org_id,
        environment: scope.environment,
        data: scope.data(),
      })),
      keys: [...this.#keys].map(([key, scope]): Snapshot['keys'][number] => [
        key,
        scope.org_id,
        scope.environment,
      ]),
      events: this.events.list,
      eventsDropped: this.events.dropped,
      idempotency: this.idempotency.entries(),
      failingPaymentMethods: [...this.failingPaymentMethods],
      dunning: [...this.dunning],
      organizations: [...this.organizations],
      transfers: [...this.transfers],
    });
  }

  #load(snapshot: Snapshot): void {
    for (const { org_id, environment, data } of snapshot.scopes)
      this.#scopes.set(`${org_id}:${environment}`, Scope.from(org_id, environment, data));
    for (const [key, org_id, environment] of snapshot.keys)
      this.#keys.set(key, this.scope(org_id, environment));
    this.events.replace(snapshot.events, snapshot.eventsDropped);
    this.idempotency.load(snapshot.idempotency);
    replaceAll(this.failingPaymentMethods, snapshot.failingPaymentMethods);
    replaceAll(this.dunning, snapshot.dunning);
    replaceAll(this.organizations, snapshot.organizations);
    replaceAll(this.transfers, snapshot.transfers);
  }
}

function replaceAll<T>(target: Set<T> | Map<T, unknown>, entries: readonly unknown[]): void {
  target.clear();
  if (target instanceof Set) for (const item of entries as T[]) target.add(item);
  else for (const [key, value] of entries as [T, unknown][]) target.set(key, value);
}

export { newId, randomHash } from './ids.js';
