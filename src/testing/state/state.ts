import type { Environment } from '../../core/types.js';
import type { InternalClock } from '../clock/clock.js';
import { type DueSource, Scheduler } from '../clock/scheduler.js';
import { notFound, stringArgument } from '../http/errors.js';
import type { RenewalRetries } from '../options.js';
import { EventLog, type FakeEvent, type FakeEventType } from './events.js';
import { type FakeRequest, History, IdempotencyStore } from './history.js';
import type { IdSource } from './ids.js';
import { ResponseLog } from './responses.js';
import { type CollectionKey, Scope } from './scope.js';
import type { OrganizationKeys, SideKey, StateData } from './state-data.js';

export type { OrganizationKeys, SideKey, StateData } from './state-data.js';

/** The id source's stream of keys. */
const keyStream = 'key';

/**
 * Everything the fake holds, and nothing anywhere else (`reset()` clears all of it): keys and
 * scopes, the request and event logs and the idempotency store (each its last `historyLimit`
 * entries), the resource modules' side state, the clock's queue, the organizations seed files
 * named. Shared by the routes, seeds, simulations and the clock; it names no resource.
 */
export class FakeState {
  readonly clock: InternalClock;
  /** How many requests, events and idempotency keys are kept. */
  readonly historyLimit: number;
  /** The last changes, in order (`fake.events`). */
  readonly events: EventLog;
  /** The last requests answered under the base path, in order (`fake.requests`). */
  readonly requests: History<FakeRequest>;
  /** The answers to the latest requests, as sent (the inspector's request detail). */
  readonly responses: ResponseLog = new ResponseLog();
  /** Answers already given per scope and `Idempotency-Key`, replayed for a repeat. */
  readonly idempotency: IdempotencyStore;
  /** The retry schedule of failed renewals. */
  readonly renewalRetries: RenewalRetries;
  /** Where ids, hashes, addresses and keys come from: random, or the same on every run. */
  readonly ids: IdSource;
  /** Organizations named by seed files (and the fake's own, once remembered), with their keys. */
  readonly organizations: Map<string, OrganizationKeys> = new Map();
  /** What falls due on the clock, by time (scheduler.ts). */
  #queue: Scheduler<FakeState>;
  readonly #keys = new Map<string, Scope>();
  #scopes = new Map<string, Scope>();
  #sides = new Map<string, unknown>();
  #nowMs = Number.NaN;
  #nowIso = '';

  /**
   * @param clock - The fake's clock.
   * @param renewalRetries - The retry schedule of failed renewals.
   * @param historyLimit - How many requests, events and idempotency keys to keep.
   * @param due - The resource modules' work on the clock, in the order ties run.
   * @param ids - Where ids come from (a fork shares its state's).
   */
  constructor(
    clock: InternalClock,
    renewalRetries: RenewalRetries,
    historyLimit: number,
    due: readonly DueSource<FakeState>[],
    ids: IdSource,
  ) {
    this.clock = clock;
    this.ids = ids;
    this.renewalRetries = renewalRetries;
    this.historyLimit = historyLimit;
    this.events = new EventLog(historyLimit);
    this.requests = new History(historyLimit);
    this.idempotency = new IdempotencyStore(historyLimit);
    this.#queue = new Scheduler(due);
  }

  /** The clock's queue: what falls due, and what a move may cost. */
  get queue(): Scheduler<FakeState> {
    return this.#queue;
  }

  /** Every scope that holds anything, in order of first use. */
  scopes(): IterableIterator<Scope> {
    return this.#scopes.values();
  }

  /** A module's side state, made on first use. */
  side<T>(key: SideKey<T>): T {
    if (!this.#sides.has(key.name)) this.#sides.set(key.name, key.create());
    return this.#sides.get(key.name) as T; // one name, one type: the key's
  }

  /** Stores a new record in a scope's collection, and queues what it has due on the clock. */
  insert<R extends { id: string }>(collection: CollectionKey<R>, scope: Scope, record: R): R {
    scope.of(collection).insert(record);
    this.#queue.touch(this, collection, scope, record);
    return record;
  }

  /**
   * Queues a record's next due work again, after a change that moves it: every `transition()`
   * does; so does anything else that changes when its work falls due (a transfer on the chain).
   */
  schedule<R extends { id: string }>(collection: CollectionKey<R>, scope: Scope, record: R): void {
    this.#queue.touch(this, collection, scope, record);
  }

  /**
   * Forgets every record, request, idempotency key and event, and the side state; keys stay valid
   * (each opens an empty scope of its organization and environment), as do the organizations. Ids
   * start again from the seed (keys go on: they outlive a reset).
   */
  reset(): void {
    this.ids.restart([keyStream]);
    this.#scopes = new Map();
    for (const [key, scope] of this.#keys) this.#keys.set(key, this.scope(scope.org_id, scope.environment));
    this.events.clear();
    this.requests.clear();
    this.responses.clear();
    this.idempotency.load();
    this.#sides = new Map();
    this.#queue = new Scheduler(this.#queue.sources);
  }

  /** The scope of an organization and environment, created on first use. */
  scope(org_id: string, environment: Environment): Scope {
    const name = `${org_id}:${environment}`;
    let found = this.#scopes.get(name);
    if (!found) {
      found = new Scope(org_id, environment, this.#scopes.size, this.ids);
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
    if (key === undefined) key = `${prefix}fake_${this.ids.hex(keyStream, 12)}`;
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
  locate<R extends { id: string }>(
    collection: CollectionKey<R>,
    id: string,
    kind: string,
  ): { scope: Scope; record: R } {
    stringArgument(id, 'id');
    for (const scope of this.#scopes.values()) {
      const record = scope.peek(collection)?.get(id);
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
    // Records made in the same millisecond share one string (a seeded batch, a frozen clock).
    const ms = this.clock.now().getTime();
    if (ms !== this.#nowMs) [this.#nowMs, this.#nowIso] = [ms, new Date(ms).toISOString()];
    return this.#nowIso;
  }

  /**
   * A copy of the state to change apart (seeds apply to one, then {@link FakeState.adopt} swaps it
   * in): every record, key, event, idempotency key and side state, deep-copied, and the clock's
   * queue built again from the copies; the same clock; an empty request log (only the API writes
   * one).
   *
   * @returns The copy.
   */
  fork(): FakeState {
    const copy = new FakeState(
      this.clock,
      this.renewalRetries,
      this.historyLimit,
      this.#queue.sources,
      this.ids,
    );
    // One structuredClone for everything, so that records pointing at each other (a subscription
    // embeds its customer and plan) point at each other's copies.
    copy.load(structuredClone(this.save()));
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
    this.#sides = fork.#sides;
    this.#queue = fork.#queue;
    replaceAll(this.organizations, [...fork.organizations]);
  }

  /**
   * Runs `work` whole or not at all: if it throws, every record, key, event and side state is put
   * back as it was before (a fork taken first is adopted again), and the error is rethrown.
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

  /** Everything but the request log, as plain data: the state's own objects, not copies. */
  save(): StateData {
    return {
      scopes: [...this.#scopes.values()].map((scope) => ({
        org_id: scope.org_id,
        environment: scope.environment,
        data: scope.data(),
      })),
      keys: [...this.#keys].map(([key, scope]): StateData['keys'][number] => [
        key,
        scope.org_id,
        scope.environment,
      ]),
      events: this.events.list,
      eventsDropped: this.events.dropped,
      idempotency: this.idempotency.entries(),
      sides: [...this.#sides],
      organizations: [...this.organizations],
    };
  }

  /**
   * Takes what {@link FakeState.save} gave (a copy of it: its objects become the state's) in
   * place of everything but the request log, and builds the clock's queue again from it.
   */
  load(data: StateData): void {
    this.#scopes = new Map();
    this.#keys.clear();
    data.scopes.forEach(({ org_id, environment, data: collections }, rank) => {
      this.#scopes.set(
        `${org_id}:${environment}`,
        Scope.from(org_id, environment, rank, collections, this.ids),
      );
    });
    for (const [key, org_id, environment] of data.keys) this.#keys.set(key, this.scope(org_id, environment));
    // Past the history limit (a snapshot of a fake that kept more), the oldest count as dropped.
    const over = Math.max(0, data.events.length - this.historyLimit);
    this.events.replace(data.events.slice(over), data.eventsDropped + over);
    this.idempotency.load(data.idempotency.slice(-this.historyLimit));
    this.#sides = new Map(data.sides);
    replaceAll(this.organizations, data.organizations);
    this.#queue = new Scheduler(this.#queue.sources);
    this.#queue.rebuild(this, this.#scopes.values());
  }
}

function replaceAll<T>(target: Map<T, unknown>, entries: readonly [T, unknown][]): void {
  target.clear();
  for (const [key, value] of entries) target.set(key, value);
}
