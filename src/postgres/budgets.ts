/**
 * Spend budgets in PostgreSQL (docs/postgres.md, "Budgets"): each claim is reserved by one
 * conditional upsert, which the database applies under the row's lock, so concurrent payouts on
 * many machines never pass a budget together. Amounts are atomic units, as `numeric`.
 *
 * @module
 */
import type { BudgetClaim, BudgetState, Reservation, StoreDriver } from '../store/store.js';
import type { Queryable, Session } from './session.js';

type BudgetOps = Pick<StoreDriver<Queryable>, 'reserve' | 'spend' | 'unreserve' | 'refund' | 'read'>;

const key =
  'scope = $1 AND token = $2 AND period = $3 AND period_start = to_timestamp($4::double precision / 1000)';
const keyValues = (scope: string, c: BudgetClaim) => [scope, c.token, c.period, c.start / 1000];

// Where claims are taken in one transaction, their rows are locked in one order: two payouts that
// claim the same budgets never wait for each other in a circle.
const ordered = (claims: readonly BudgetClaim[]) =>
  [...claims].sort((a, b) => (a.token + a.period < b.token + b.period ? -1 : 1));

/**
 * The budget operations over one database.
 *
 * @param session - The database's statements and transactions.
 * @returns The operations.
 */
export function budgetOps({ query, transact }: Session): BudgetOps {
  /** One claim reserved, or `false`: one statement, its test under the row's lock. */
  const take = async (q: Queryable, scope: string, c: BudgetClaim): Promise<boolean> => {
    const { rows } = await q.query(
      `INSERT INTO chainbill_budgets AS b (scope, token, period, period_start, reserved, reserved_count)
       SELECT $1, $2, $3, to_timestamp($4::double precision / 1000), $5::numeric, 1
       WHERE $5::numeric <= $6::numeric AND ($7::integer IS NULL OR 1 <= $7::integer)
       ON CONFLICT (scope, token, period, period_start) DO UPDATE
         SET reserved = b.reserved + $5::numeric, reserved_count = b.reserved_count + 1
         WHERE b.spent + b.reserved + $5::numeric <= $6::numeric
           AND ($7::integer IS NULL OR b.spent_count + b.reserved_count + 1 <= $7::integer)
       RETURNING 1`,
      [...keyValues(scope, c), String(c.amount), String(c.maxAmount), c.maxCount],
    );
    return rows.length > 0;
  };
  const read = async (q: Queryable, scope: string, c: BudgetClaim): Promise<BudgetState> => {
    const { rows } = await q.query(
      `SELECT spent::text, spent_count, reserved::text, reserved_count FROM chainbill_budgets WHERE ${key}`,
      keyValues(scope, c),
    );
    const row = rows[0];
    return {
      spent: BigInt((row?.['spent'] as string | undefined) ?? '0'),
      spentCount: Number(row?.['spent_count'] ?? 0),
      reserved: BigInt((row?.['reserved'] as string | undefined) ?? '0'),
      reservedCount: Number(row?.['reserved_count'] ?? 0),
    };
  };
  const refused = async (scope: string, claim: BudgetClaim): Promise<Reservation> => ({
    ok: false,
    claim,
    state: await read({ query }, scope, claim),
  });
  return {
    async reserve(scope, claims) {
      const [only] = claims;
      if (claims.length === 1 && only !== undefined)
        return (await take({ query }, scope, only)) ? { ok: true } : refused(scope, only);
      let failed: BudgetClaim | undefined;
      await transact(async (tx) => {
        // A process that stalls here must not hold the budgets' rows for long.
        await tx.query("SELECT set_config('idle_in_transaction_session_timeout', '5000ms', true)");
        for (const claim of ordered(claims)) {
          if (await take(tx, scope, claim)) continue;
          failed = claim;
          throw new Refused();
        }
      }).catch((error: unknown) => {
        if (!(error instanceof Refused)) throw error;
      });
      return failed === undefined ? { ok: true } : refused(scope, failed);
    },
    async spend(scope, claims, payoutId) {
      await transact(async (tx) => {
        for (const c of ordered(claims)) {
          await tx.query(
            `UPDATE chainbill_budgets SET reserved = reserved - $5::numeric, reserved_count = reserved_count - 1,
               spent = spent + $5::numeric, spent_count = spent_count + 1 WHERE ${key}`,
            [...keyValues(scope, c), String(c.amount)],
          );
          await tx.query(
            `INSERT INTO chainbill_budget_payouts (scope, payout_id, token, period, period_start, amount)
             VALUES ($1, $5, $2, $3, to_timestamp($4::double precision / 1000), $6::numeric)
             ON CONFLICT DO NOTHING`,
            [...keyValues(scope, c), payoutId, String(c.amount)],
          );
        }
      });
    },
    async unreserve(scope, claims) {
      await transact(async (tx) => {
        for (const c of ordered(claims))
          await tx.query(
            `UPDATE chainbill_budgets SET reserved = reserved - $5::numeric, reserved_count = reserved_count - 1
             WHERE ${key}`,
            [...keyValues(scope, c), String(c.amount)],
          );
      });
    },
    async refund(scope, payoutId) {
      // One statement: the payout's rows deleted and what they spent given back, once.
      await query(
        `WITH given AS (
           DELETE FROM chainbill_budget_payouts WHERE scope = $1 AND payout_id = $2
           RETURNING token, period, period_start, amount
         )
         UPDATE chainbill_budgets b SET spent = b.spent - given.amount, spent_count = b.spent_count - 1
         FROM given
         WHERE b.scope = $1 AND b.token = given.token AND b.period = given.period
           AND b.period_start = given.period_start`,
        [scope, payoutId],
      );
    },
    async read(scope, claims) {
      return Promise.all(claims.map((claim) => read({ query }, scope, claim)));
    },
  };
}

class Refused extends Error {}
