/**
 * What a resource module of the fake declares, for the registry (router.ts)
 * to list and the wiring to iterate: the fake, its state, the clock and the seed gate name no
 * resource. A leaf module: types, and the one helper every module's seeds share.
 */

import type * as z from 'zod/mini';
import type { Environment } from '../core/types.js';
import type { AdvanceReports } from './clock/clock-moves.js';
import type { DueSource } from './clock/scheduler.js';
import type { CollectionKey, Scope } from './state/scope.js';
import type { FakeState } from './state/state.js';

/** `T` with the fields of `K` narrowed to what the fake knows (the open enums of a wire shape closed). */
export type Known<T, K extends Partial<Record<keyof T, unknown>>> = Omit<T, keyof K> & K;

/** `live` or `sandbox`: the SDK's {@link Environment}, the environment of a fake's key and records. */
export type FakeEnvironment = Environment;

/** The scope of a seed's `apiKey` (the fake's own key when none is given). */
export type ScopeOf = (apiKey?: string) => Scope;

/** What every seed takes beside its fields: whose organization and environment get the record. */
export interface SeedOptions {
  /** A key of the fake (default: `fake.apiKey`). */
  apiKey?: string;
}

/** Each seed of `T` as its work: given the state, the scope of its key and its fields (`{}` for none). */
export type SeedWorks<T> = {
  readonly [K in keyof T]: T[K] extends (fields?: infer F, options?: SeedOptions) => infer R
    ? (state: FakeState, scope: Scope, fields: NonNullable<F>) => R
    : never;
};

/**
 * A module's seeds from their work: each takes `(fields, options)` as `fake.seed` does, and does
 * its work in the scope of `options.apiKey`.
 *
 * @param works - What each seed does.
 * @returns The module's `seeds`.
 */
export function seedsFrom<T extends object>(works: SeedWorks<T>): (state: FakeState, scopeOf: ScopeOf) => T {
  return (state, scopeOf) => {
    const seeds: Record<string, unknown> = {};
    for (const [name, work] of Object.entries(works) as [string, (...args: unknown[]) => unknown][])
      seeds[name] = (fields: unknown = {}, options: SeedOptions = {}) =>
        work(state, scopeOf(options.apiKey), fields);
    return seeds as T; // the same names, each taking (fields, options)
  };
}

/** How a resource's records appear in a seed file (docs/fake-server.md: Seed files). */
export interface SeedFileEntry {
  /** Its list in a seed file, for example `payment_methods`; files create lists in registry order. */
  readonly list: string;
  /** The `fake.seed` function that creates one, for example `paymentMethod`. */
  readonly seed: string;
  /** The response schema a seeded record must fit: its fields are the ones a seed may set. */
  readonly schema?: () => z.ZodMiniType<unknown>;
  /**
   * For a resource without a response schema: the fields a seed may set, each with its check
   * (it returns the value to store, or throws a 400 naming the field), and what to call the
   * resource in a message.
   */
  readonly fields?: {
    readonly label: string;
    readonly checks: { readonly [field: string]: (value: unknown) => unknown };
  };
}

/**
 * One stored resource of the fake, as the registry lists it. Its records, lifecycle and side
 * state are its own (a collection key, a `Lifecycle`, a side key); what the wiring needs is here.
 * Its routes are in `routes/<name>.ts`, listed beside it in the registry.
 */
export interface ResourceModule {
  /** Where its records are kept, in each scope. */
  readonly collection: CollectionKey<{ id: string }>;
  /**
   * The fields a table of its records shows, most important first: its resource's `columns`,
   * declared once for the CLI's tables and the inspector's.
   */
  readonly columns: readonly string[];
  /** The clock's work on its records: from its lifecycle's `due` table, or its own. */
  readonly due?: DueSource<FakeState>;
  /** Its `fake.seed` functions, bound to a state (the fake's own, or a seed file's fork). */
  seeds?(state: FakeState, scopeOf: ScopeOf): object;
  /** How its seeds appear in a seed file. */
  readonly seedFile?: SeedFileEntry;
  /** Its `fake.simulate` functions, bound to a state. */
  simulations?(state: FakeState): object;
  /** Which of its events a move of the clock reports, in which list (`subscription.renewed`: `renewed`). */
  readonly reports?: AdvanceReports;
}
