import type { ChainbillStore } from '../store/store.js';
import { budgetOps } from './budgets.js';
import { consumerOps } from './consumers.js';
import { migrate } from './migrations.js';
import { type Queryable, sessionOf } from './session.js';

/**
 * A store in PostgreSQL (docs/postgres.md): consumers' positions, leases and handled ids, and the
 * spend budgets, in tables prefixed `chainbill_`, shared by every process that uses the database.
 * Run {@link ChainbillStore.migrate} once per deploy (or at each start: it is idempotent) before
 * anything else uses it.
 *
 * @param db - Any client with pg's `query(text, values) → { rows }`: a `pg.Pool` (each transaction
 *   on one client it checks out; give the pool an `error` listener, as pg asks), a PGlite instance
 *   (its own `transaction`), or a single client such as a `pg.Client` (one transaction at a time).
 * @returns The store. A handler's `tx` is the transaction's client: what it writes through `tx`
 *   commits with the event, exactly once.
 * @throws {TypeError} when `db` has no `query` function.
 * @example
 * ```ts
 * import pg from 'pg';
 * import { postgresStore } from 'chainbill/postgres';
 * const store = postgresStore(new pg.Pool({ connectionString: process.env['DATABASE_URL'] }));
 * await store.migrate();
 * ```
 */
export function postgresStore(db: Queryable): ChainbillStore<Queryable> {
  if (typeof (db as Partial<Queryable> | null)?.query !== 'function')
    throw new TypeError(
      'postgresStore needs a client with query(text, values): a pg.Pool, PGlite or a pg.Client.',
    );
  const session = sessionOf(db);
  return {
    kind: 'postgres',
    migrate: () => migrate(session.transact),
    driver: { ...consumerOps(session), ...budgetOps(session) },
  };
}
