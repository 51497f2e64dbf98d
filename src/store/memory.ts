import {
  type BudgetClaim,
  type BudgetState,
  type ChainbillStore,
  type Commit,
  type CommitOutcome,
  type ConsumerKey,
  emptyBudget,
  type Failure,
  type StoreDriver,
} from './store.js';

interface ConsumerRow {
  position: string | null;
  holder: string | null;
  token: number;
  expiresAt: number;
  /** Handled ids, with each event's `occurred_at` in ms. */
  handled: Map<string, number>;
  failed: Map<string, Failure>;
}

interface Spending {
  readonly budget: string;
  readonly amount: bigint;
}

/**
 * A store in this process's memory (docs/postgres.md): the semantics of `postgresStore` for one
 * process (tests, scripts, a single instance), with nothing to install. Consumers on it share a
 * lease and a position only within the process; budgets bound only this process's payouts. A
 * handler's `tx` is `null`: its effects are its own to make atomic.
 *
 * @returns A new, empty store. Each call makes its own: pass one store to every client and
 *   consumer that must share it.
 * @example
 * ```ts
 * import { Chainbill, memoryStore } from 'chainbill';
 * const store = memoryStore();
 * const chainbill = new Chainbill({
 *   budgetStore: store,
 *   payoutPolicy: { budgets: [{ token: 'USDT', period: 'day', maxAmount: '20000' }] },
 * });
 * ```
 */
export function memoryStore(): ChainbillStore<null> {
  const consumers = new Map<string, ConsumerRow>();
  const budgets = new Map<
    string,
    { spent: bigint; spentCount: number; reserved: bigint; reservedCount: number }
  >();
  const spent = new Map<string, Spending[]>();
  const row = ({ scope, name }: ConsumerKey): ConsumerRow => {
    const id = JSON.stringify([scope, name]);
    let found = consumers.get(id);
    if (found === undefined) {
      found = {
        position: null,
        holder: null,
        token: 0,
        expiresAt: Number.NEGATIVE_INFINITY,
        handled: new Map(),
        failed: new Map(),
      };
      consumers.set(id, found);
    }
    return found;
  };
  const held = (key: ConsumerKey, token: number): ConsumerRow | undefined => {
    const found = row(key);
    return found.token === token ? found : undefined;
  };
  const budgetId = (scope: string, c: BudgetClaim) => JSON.stringify([scope, c.token, c.period, c.start]);
  const budget = (scope: string, c: BudgetClaim) => {
    const id = budgetId(scope, c);
    let found = budgets.get(id);
    if (found === undefined) {
      found = { ...emptyBudget };
      budgets.set(id, found);
    }
    return found;
  };
  // One process, one thread: each operation below runs whole between two awaits, as a
  // transaction would; `commit` runs the handler in between, so its fencing check comes last.
  const finish = (commit: Commit, found: ConsumerRow, failure?: Failure): CommitOutcome => {
    if (found.token !== commit.token) return 'lost';
    found.handled.set(commit.event.id, commit.event.occurredMs);
    if (failure !== undefined) found.failed.set(commit.event.id, failure);
    found.position = commit.position;
    found.expiresAt = Math.max(found.expiresAt, Date.now() + commit.leaseMs);
    return 'handled';
  };
  const driver: StoreDriver<null> = {
    async acquire(key, holder, leaseMs) {
      const found = row(key);
      const now = Date.now();
      if (found.expiresAt > now) return null;
      found.token += 1;
      found.holder = holder;
      found.expiresAt = now + leaseMs;
      return { token: found.token, position: found.position };
    },
    async renew(key, token, leaseMs) {
      const found = held(key, token);
      if (found === undefined) return false;
      found.expiresAt = Date.now() + leaseMs;
      return true;
    },
    async release(key, token) {
      const found = held(key, token);
      if (found === undefined) return;
      found.expiresAt = Number.NEGATIVE_INFINITY;
      found.holder = null;
    },
    async savePosition(key, token, position) {
      const found = held(key, token);
      if (found === undefined) return false;
      found.position = position;
      return true;
    },
    async commit(commit, run) {
      const found = held(commit.key, commit.token);
      if (found === undefined) return 'lost';
      if (found.handled.has(commit.event.id)) return finish(commit, found) === 'lost' ? 'lost' : 'skipped';
      await run(null);
      return finish(commit, found);
    },
    async fail(commit, failure) {
      const found = held(commit.key, commit.token);
      return found === undefined ? 'lost' : finish(commit, found, failure);
    },
    async prune(key, beforeMs) {
      const { handled } = row(key);
      for (const [id, ms] of handled) if (ms < beforeMs) handled.delete(id);
    },
    async reserve(scope, claims) {
      for (const claim of claims) {
        const state = budget(scope, claim);
        if (!fits(state, claim)) return { ok: false, claim, state: { ...state } };
      }
      for (const claim of claims) {
        const state = budget(scope, claim);
        state.reserved += claim.amount;
        state.reservedCount += 1;
      }
      return { ok: true };
    },
    async spend(scope, claims, payoutId) {
      for (const claim of claims) {
        const state = budget(scope, claim);
        state.reserved -= claim.amount;
        state.reservedCount -= 1;
        state.spent += claim.amount;
        state.spentCount += 1;
      }
      spent.set(
        JSON.stringify([scope, payoutId]),
        claims.map((claim) => ({ budget: budgetId(scope, claim), amount: claim.amount })),
      );
    },
    async unreserve(scope, claims) {
      for (const claim of claims) {
        const state = budget(scope, claim);
        state.reserved -= claim.amount;
        state.reservedCount -= 1;
      }
    },
    async refund(scope, payoutId) {
      const id = JSON.stringify([scope, payoutId]);
      const spendings = spent.get(id);
      spent.delete(id);
      for (const { budget: key, amount } of spendings ?? []) {
        const state = budgets.get(key);
        if (state === undefined) continue;
        state.spent -= amount;
        state.spentCount -= 1;
      }
    },
    async read(scope, claims) {
      return claims.map(
        (claim): BudgetState => ({ ...(budgets.get(budgetId(scope, claim)) ?? emptyBudget) }),
      );
    },
  };
  return { kind: 'memory', migrate: async () => {}, driver };
}

/**
 * Whether a claim fits its budget: what is spent and reserved, plus the claim, within the maximum
 * (and the count within `maxCount`). The PostgreSQL store writes the same test in its `UPDATE`.
 *
 * @internal
 */
export function fits(state: BudgetState, claim: BudgetClaim): boolean {
  if (state.spent + state.reserved + claim.amount > claim.maxAmount) return false;
  return claim.maxCount === null || state.spentCount + state.reservedCount + 1 <= claim.maxCount;
}
