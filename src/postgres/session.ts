/**
 * Transactions done right for each kind of client: a pool checks out one client per transaction
 * (and destroys it when the transaction failed, since its session may be dead), PGlite runs its
 * own `transaction`, and any other client with `query` runs one transaction at a time.
 *
 * @module
 */

/** A row as a query answers it. */
export type Row = Record<string, unknown>;

/**
 * Anything with pg's `query(text, values) → { rows }`: a `pg.Pool`, a `pg.Client`, a PGlite
 * instance, a transaction's client.
 */
export interface Queryable {
  /**
   * Runs one statement, as pg's `query` does.
   *
   * @param text - The SQL, with `$1`, `$2`, … for the values.
   * @param values - The values, in order.
   * @returns `{ rows }`: each row a record by column name.
   */
  query(
    text: string,
    values?: unknown[],
  ): Promise<{
    /** The rows the statement answered, by column name. */
    rows: Row[];
  }>;
}

/** A pool's client, checked out: pg's `PoolClient`. */
interface PoolClient extends Queryable {
  release(destroy?: boolean | Error): void;
  on?(event: 'error', listener: (error: unknown) => void): unknown;
  removeListener?(event: 'error', listener: (error: unknown) => void): unknown;
}

interface Pool extends Queryable {
  connect(): Promise<PoolClient>;
  readonly totalCount: number;
}

interface PGliteLike extends Queryable {
  transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** Runs `run` in one transaction on one session; commits when it returns, rolls back when it throws. */
export type Transact = <T>(run: (tx: Queryable) => Promise<T>) => Promise<T>;

function isPool(db: Queryable): db is Pool {
  return (
    typeof (db as Partial<Pool>).connect === 'function' &&
    typeof (db as Partial<Pool>).totalCount === 'number'
  );
}

function isPGlite(db: Queryable): db is PGliteLike {
  return typeof (db as Partial<PGliteLike>).transaction === 'function';
}

/** How a store reaches its database: single statements, and transactions. */
export interface Session {
  /** Runs one statement outside any transaction of the store's. */
  readonly query: Queryable['query'];
  readonly transact: Transact;
}

/**
 * The statements and transactions of a client.
 *
 * @param db - A pool, PGlite, or a single client.
 * @returns Its way to run a statement and a transaction.
 */
export function sessionOf(db: Queryable): Session {
  const query: Queryable['query'] = (text, values) => db.query(text, values);
  if (isPGlite(db)) return { query, transact: (run) => db.transaction(run) };
  if (isPool(db)) return { query, transact: (run) => onPoolClient(db, run) };
  // One session: a statement or a transaction waits for the one before to end, as on a pool of
  // one; otherwise a statement would run inside another's transaction.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };
  return {
    query: (text, values) => inTurn(() => db.query(text, values)),
    transact: (run) => inTurn(() => onSession(db, run)),
  };
}

async function onSession<T>(
  db: Queryable,
  run: (tx: Queryable) => Promise<T>,
  onBroken: (error: unknown) => void = () => {},
): Promise<T> {
  await db.query('BEGIN');
  try {
    const result = await run(db);
    await db.query('COMMIT');
    return result;
  } catch (error) {
    // A session that cannot even roll back is dead (or its client is): the caller drops it.
    await db.query('ROLLBACK').catch(onBroken);
    throw error;
  }
}

async function onPoolClient<T>(pool: Pool, run: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // The pool stops listening to a client it lends: a session the server ends while this one
  // holds it (an idle-in-transaction timeout) would otherwise crash the process.
  let broken: unknown;
  const onError = (error: unknown) => {
    broken ??= error;
  };
  client.on?.('error', onError);
  try {
    return await onSession(client, run, onError);
  } finally {
    client.removeListener?.('error', onError);
    // A session that failed is not given back to the pool.
    client.release(broken === undefined ? undefined : true);
  }
}
