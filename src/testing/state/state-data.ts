/**
 * The state's types that others name without its class: organizations' keys, side state, and the
 * plain data a fork copies and a snapshot keeps. A leaf module.
 */
import type { Environment } from '../../core/types.js';
import type { FakeEvent } from './events.js';
import type { Replay } from './history.js';
import type { ScopeData } from './scope.js';

/** The keys of an organization, by environment (seed files list them; `chainbill-fake` prints them). */
export interface OrganizationKeys {
  /** Sandbox keys, `sk_test_…`. */
  sandbox: string[];
  /** Live keys, `sk_live_…`. */
  live: string[];
}

/**
 * State a resource module keeps beside its records (a subscription's failed attempts, the chain's
 * transfers): made on first use, in every snapshot, dropped by `reset()`. The value must survive
 * `structuredClone` (plain data, `Map`, `Set`).
 */
export interface SideKey<T> {
  /** Its name, unique among the fake's side state. */
  readonly name: string;
  /** A new, empty value. */
  create(): T;
}

/** Everything a {@link FakeState.fork} copies and a snapshot keeps: enough to build the same state again. */
export interface StateData {
  scopes: { org_id: string; environment: Environment; data: ScopeData }[];
  keys: [key: string, org_id: string, environment: Environment][];
  events: FakeEvent[];
  eventsDropped: number;
  idempotency: [string, Replay][];
  sides: [string, unknown][];
  organizations: [string, OrganizationKeys][];
}
