/**
 * A consumer's lease, position and handled ids in PostgreSQL (docs/postgres.md, "Leases and
 * fencing"). Lease times are the database's clock, so machines whose clocks differ agree on when a
 * lease ends. Each commit is one transaction that no stalled process can keep open past its lease:
 * its session's idle and statement timeouts are the lease.
 *
 * @module
 */
import type { Commit, CommitOutcome, Failure, StoreDriver } from '../store/store.js';
import type { Queryable, Session } from './session.js';

type ConsumerOps = Pick<
  StoreDriver<Queryable>,
  'acquire' | 'renew' | 'release' | 'savePosition' | 'commit' | 'fail' | 'prune'
>;

const leaseEnd = "clock_timestamp() + $3::double precision * interval '1 millisecond'";

/** What the lease had a `lost` commit read: nothing written, the transaction rolled back. */
class Lost extends Error {}

/**
 * The consumer operations over one database.
 *
 * @param session - The database's statements and transactions.
 * @returns The operations.
 */
export function consumerOps({ query, transact }: Session): ConsumerOps {
  const inTransaction = async (
    commit: Commit,
    body: (tx: Queryable) => Promise<CommitOutcome>,
  ): Promise<CommitOutcome> => {
    const { key, token, leaseMs } = commit;
    try {
      return await transact(async (tx) => {
        // The fencing check, and timeouts that end this transaction (and free its locks) should
        // this process stall past its lease.
        const limit = `${Math.max(1, Math.ceil(leaseMs))}ms`;
        const { rows } = await tx.query(
          `SELECT set_config('idle_in_transaction_session_timeout', $3, true),
                  set_config('statement_timeout', $3, true),
                  (SELECT token::text FROM chainbill_consumers WHERE scope = $1 AND name = $2) AS token`,
          [key.scope, key.name, limit],
        );
        if (rows[0]?.['token'] !== String(token)) throw new Lost();
        const outcome = await body(tx);
        // The fencing check that counts: in the commit's own last write, under its row lock.
        const moved = await tx.query(
          `UPDATE chainbill_consumers SET position = $4,
             expires_at = greatest(expires_at, ${leaseEnd})
           WHERE scope = $1 AND name = $2 AND token = $5::bigint RETURNING 1`,
          [key.scope, key.name, leaseMs, commit.position, String(token)],
        );
        if (moved.rows.length === 0) throw new Lost();
        return outcome;
      });
    } catch (error) {
      if (error instanceof Lost) return 'lost';
      throw error;
    }
  };
  const record = (tx: Queryable, commit: Commit) =>
    tx.query(
      `INSERT INTO chainbill_processed_events (scope, name, event_id, occurred_at)
       VALUES ($1, $2, $3, to_timestamp($4::double precision / 1000))
       ON CONFLICT DO NOTHING RETURNING 1`,
      [commit.key.scope, commit.key.name, commit.event.id, commit.event.occurredMs],
    );
  return {
    async acquire(key, holder, leaseMs) {
      const { rows } = await query(
        `INSERT INTO chainbill_consumers AS c (scope, name, holder, token, expires_at)
         VALUES ($1, $2, $4, 1, ${leaseEnd})
         ON CONFLICT (scope, name) DO UPDATE
           SET holder = excluded.holder, token = c.token + 1, expires_at = excluded.expires_at
           WHERE c.expires_at <= clock_timestamp()
         RETURNING token::text AS token, position`,
        [key.scope, key.name, leaseMs, holder],
      );
      const row = rows[0];
      if (row === undefined) return null;
      return { token: Number(row['token']), position: (row['position'] as string | null) ?? null };
    },
    async renew(key, token, leaseMs) {
      const { rows } = await query(
        `UPDATE chainbill_consumers SET expires_at = ${leaseEnd}
         WHERE scope = $1 AND name = $2 AND token = $4::bigint RETURNING 1`,
        [key.scope, key.name, leaseMs, String(token)],
      );
      return rows.length > 0;
    },
    async release(key, token) {
      await query(
        `UPDATE chainbill_consumers SET expires_at = '-infinity', holder = NULL
         WHERE scope = $1 AND name = $2 AND token = $3::bigint`,
        [key.scope, key.name, String(token)],
      );
    },
    async savePosition(key, token, position) {
      const { rows } = await query(
        `UPDATE chainbill_consumers SET position = $3
         WHERE scope = $1 AND name = $2 AND token = $4::bigint RETURNING 1`,
        [key.scope, key.name, position, String(token)],
      );
      return rows.length > 0;
    },
    commit(commit, run) {
      return inTransaction(commit, async (tx) => {
        // Recorded first: a second commit of the same event (a worker that lost its lease) waits
        // here for this one to end, then skips.
        const fresh = await record(tx, commit);
        if (fresh.rows.length === 0) return 'skipped';
        await run(tx);
        return 'handled';
      });
    },
    fail(commit, failure: Failure) {
      return inTransaction(commit, async (tx) => {
        await record(tx, commit);
        await tx.query(
          `INSERT INTO chainbill_failed_events (scope, name, event_id, event_type, event, error, attempts)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
           ON CONFLICT (scope, name, event_id) DO UPDATE
             SET error = excluded.error, attempts = excluded.attempts, failed_at = now()`,
          [
            commit.key.scope,
            commit.key.name,
            commit.event.id,
            failure.eventType,
            failure.event,
            failure.error,
            failure.attempts,
          ],
        );
        return 'handled';
      });
    },
    async prune(key, beforeMs) {
      await query(
        `DELETE FROM chainbill_processed_events
         WHERE scope = $1 AND name = $2 AND occurred_at < to_timestamp($3::double precision / 1000)`,
        [key.scope, key.name, beforeMs],
      );
    },
  };
}
