import type { Environment } from '../../core/types.js';
import { Collection, type CollectionData } from './collection.js';
import type { IdSource } from './ids.js';

/**
 * The name of a scope's collection and the type of its records: each resource module declares its
 * own (`collectionKey<FakePayout>('payouts')`), and `scope.of(key)` gives its typed collection.
 */
export interface CollectionKey<T extends { id: string }> {
  /** The collection's name, unique among the fake's collections. */
  readonly name: string;
  /** Never set: it carries the record type. */
  readonly record?: T;
}

/**
 * @param name - The collection's name, unique among the fake's collections.
 * @returns The key of a collection of records of type `T`.
 */
export function collectionKey<T extends { id: string }>(name: string): CollectionKey<T> {
  return { name };
}

/** A scope's collections as plain data, by name, for a snapshot of the state. */
export type ScopeData = Record<string, CollectionData<never>>;

/** The data of one organization in one environment: a typed collection per resource, made on first use. */
export class Scope {
  readonly org_id: string;
  readonly environment: Environment;
  /** Its place among the state's scopes, in order of first use (the clock's order for ties). */
  readonly rank: number;
  readonly #collections = new Map<string, Collection<{ id: string }>>();
  readonly #ids: IdSource;

  /**
   * @param org_id - Organization id.
   * @param environment - Environment.
   * @param rank - Its place among the state's scopes.
   * @param ids - The fake's id source, which each new collection's cursor key comes from.
   */
  constructor(org_id: string, environment: Environment, rank: number, ids: IdSource) {
    this.org_id = org_id;
    this.environment = environment;
    this.rank = rank;
    this.#ids = ids;
  }

  /** Its name among the state's scopes: `org_acme:sandbox`. */
  get name(): string {
    return `${this.org_id}:${this.environment}`;
  }

  /** A collection of the scope, made empty on first use. */
  of<T extends { id: string }>(key: CollectionKey<T>): Collection<T> {
    let found = this.#collections.get(key.name);
    if (found === undefined) {
      found = new Collection(this.#ids.bytes('cursor', 32));
      this.#collections.set(key.name, found);
    }
    return found as Collection<T>; // one name, one record type: the key's
  }

  /** A collection of the scope if it has been used, without making one. */
  peek<T extends { id: string }>(key: CollectionKey<T>): Collection<T> | undefined {
    return this.#collections.get(key.name) as Collection<T> | undefined;
  }

  /** Every collection as plain data (the records themselves, not copies): for a snapshot. */
  data(): ScopeData {
    const data: ScopeData = {};
    for (const [name, collection] of this.#collections)
      data[name] = collection.data() as CollectionData<never>;
    return data;
  }

  /**
   * A scope holding what {@link Scope.data} gave (from a copy).
   *
   * @returns The new scope.
   */
  static from(org_id: string, environment: Environment, rank: number, data: ScopeData, ids: IdSource): Scope {
    const scope = new Scope(org_id, environment, rank, ids);
    for (const [name, collectionData] of Object.entries(data)) {
      const collection = new Collection(collectionData.secret);
      collection.load(collectionData);
      scope.#collections.set(name, collection);
    }
    return scope;
  }
}
