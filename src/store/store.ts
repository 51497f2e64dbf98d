/**
 * Where the SDK keeps what outlives one call (docs/postgres.md): a consumer's position, lease and
 * handled ids, and the money each spend budget has taken. `memoryStore()` keeps it in this process;
 * `postgresStore(db)` from `chainbill/postgres` keeps it in PostgreSQL, shared by every process.
 * Types only: the operations are written once here and implemented by each store.
 *
 * @module
 */

/** A consumer's key: its name, within a scope (a fingerprint of the API key, or the `scope` option). */
export interface ConsumerKey {
  readonly scope: string;
  readonly name: string;
}

/** A lease taken: the fencing token it raised, and the position saved under the name. */
export interface Lease {
  readonly token: number;
  readonly position: string | null;
}

/** An event as a consumer records it: its id and `occurred_at` in ms. */
export interface EventMark {
  readonly id: string;
  readonly occurredMs: number;
}

/** A consumer's commit: who commits (its token), what, and where the position moves. */
export interface Commit {
  readonly key: ConsumerKey;
  readonly token: number;
  /** How long a session of this commit may idle in its transaction, and the lease renewed by it. */
  readonly leaseMs: number;
  readonly event: EventMark;
  readonly position: string;
}

/** A failed event as `chainbill_failed_events` keeps it. */
export interface Failure {
  readonly eventType: string | null;
  /** The event as received, JSON. */
  readonly event: string;
  /** What the handler threw, described without running its code. */
  readonly error: string;
  readonly attempts: number;
}

/** What a consumer's commit did: `lost` when the fencing token is no longer the consumer's. */
export type CommitOutcome = 'handled' | 'skipped' | 'lost';

/** One budget a payout counts against, in one period, with its limits (atomic units). */
export interface BudgetClaim {
  readonly token: string;
  readonly period: 'hour' | 'day';
  /** The period's start, ms since the epoch (UTC). */
  readonly start: number;
  /** The payout's amount, atomic units. */
  readonly amount: bigint;
  readonly maxAmount: bigint;
  readonly maxCount: number | null;
}

/** A budget's state in one period: atomic units and counts. */
export interface BudgetState {
  readonly spent: bigint;
  readonly spentCount: number;
  readonly reserved: bigint;
  readonly reservedCount: number;
}

/** A reservation: taken for every claim, or refused at the first claim that did not fit. */
export type Reservation =
  | { readonly ok: true }
  | { readonly ok: false; readonly claim: BudgetClaim; readonly state: BudgetState };

/**
 * A store: `memoryStore()` (this process) or `postgresStore(db)` (from `chainbill/postgres`,
 * every process on one database). Pass it as `consume`'s `store` and the client's `budgetStore`.
 * `Tx` is what a consumer's handler gets as its second argument: the transaction's client for
 * PostgreSQL, `null` in memory.
 */
export interface ChainbillStore<Tx = unknown> {
  /** `'memory'` or `'postgres'`, for the messages and the CLI's start line. */
  readonly kind: 'memory' | 'postgres';
  /**
   * Creates or upgrades the store's tables (`chainbill_*`; docs/postgres.md). Idempotent and
   * versioned; safe from many processes at once. In memory, nothing to do.
   *
   * @returns When the tables are current.
   */
  migrate(): Promise<void>;
  /** @internal The operations the SDK runs on the store. */
  readonly driver: StoreDriver<Tx>;
}

/**
 * The operations, each atomic. Implemented by `memoryStore` and `postgresStore`; the consumer
 * (revenue-events/consume.ts) and the budgets (payouts/budget.ts) are written once over them.
 *
 * @internal
 */
export interface StoreDriver<Tx> {
  /** Takes the lease when it is free or expired, raising the fencing token; `null` when held. */
  acquire(key: ConsumerKey, holder: string, leaseMs: number): Promise<Lease | null>;
  /** Extends the lease while `token` is the consumer's; `false` once another took it. */
  renew(key: ConsumerKey, token: number, leaseMs: number): Promise<boolean>;
  /** Frees the lease, so that another worker takes it at once. */
  release(key: ConsumerKey, token: number): Promise<void>;
  /** Saves a position outside an event (where a new name starts); `false` when the lease is lost. */
  savePosition(key: ConsumerKey, token: number, position: string): Promise<boolean>;
  /**
   * In one transaction: the fencing check, the skip of a recorded id, `run(tx)`, the id recorded,
   * the position moved. What `run` throws rolls everything back and is thrown.
   */
  commit(commit: Commit, run: (tx: Tx) => Promise<void>): Promise<CommitOutcome>;
  /** As `commit`, recording the event in the failed events instead of running a handler. */
  fail(commit: Commit, failure: Failure): Promise<CommitOutcome>;
  /** Forgets the ids of events that occurred before `beforeMs`: the position no longer reaches them. */
  prune(key: ConsumerKey, beforeMs: number): Promise<void>;
  /** Reserves every claim or none, each by one conditional update. */
  reserve(scope: string, claims: readonly BudgetClaim[]): Promise<Reservation>;
  /** Turns reservations into spending, remembering the payout, so that its cancel gives it back. */
  spend(scope: string, claims: readonly BudgetClaim[], payoutId: string): Promise<void>;
  /** Gives reservations back (a create the API refused). */
  unreserve(scope: string, claims: readonly BudgetClaim[]): Promise<void>;
  /** Gives back what a payout spent, once (its draft was canceled); nothing when it spent nothing. */
  refund(scope: string, payoutId: string): Promise<void>;
  /** The state of each claim's budget in its period. */
  read(scope: string, claims: readonly BudgetClaim[]): Promise<BudgetState[]>;
}

/** A budget's state before anything was reserved in its period. */
export const emptyBudget: BudgetState = { spent: 0n, spentCount: 0, reserved: 0n, reservedCount: 0 };
