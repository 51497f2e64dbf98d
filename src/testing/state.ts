import { randomBytes } from 'node:crypto';
import type { Environment } from '../core/types.js';
import type { FakeClock } from './clock.js';
import { Collection } from './collection.js';
import { notFound } from './errors.js';

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

/** Everything the fake holds: keys, scopes, the clock. Shared by routes, seeds and simulations. */
export class FakeState {
  readonly clock: FakeClock;
  readonly #keys = new Map<string, Scope>();
  readonly #scopes = new Map<string, Scope>();

  /** @param clock - The fake's clock. */
  constructor(clock: FakeClock) {
    this.clock = clock;
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

  /** Issues a new secret key for an organization and environment. */
  issueKey(org_id: string, environment: FakeEnvironment): string {
    const key = `${environment === 'live' ? 'sk_live_' : 'sk_test_'}fake_${randomBytes(12).toString('hex')}`;
    this.#keys.set(key, this.scope(org_id, environment));
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

  /** The current time as an ISO string. */
  now(): string {
    return this.clock.now().toISOString();
  }
}

/** A new id with the resource's prefix (spec: Identifier prefixes), for example `po_3f9a…`. */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(12).toString('hex')}`;
}

/** A random hex string of `bytes` bytes with `0x`, for transaction and block hashes. */
export function randomHash(bytes = 32): string {
  return `0x${randomBytes(bytes).toString('hex')}`;
}
