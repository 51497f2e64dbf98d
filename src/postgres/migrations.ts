/**
 * The store's tables (docs/postgres.md, "Tables"), as numbered migrations: `migrate` applies those
 * a database has not had, in order, under one advisory lock, so that every process of a deploy may
 * run it at once. A migration is never edited once released: a change is a new one.
 *
 * @module
 */
import type { Queryable, Transact } from './session.js';

/** Each migration's statements, by version (1-based). */
const migrations: readonly (readonly string[])[] = [
  [
    `CREATE TABLE chainbill_consumers (
      scope text NOT NULL,
      name text NOT NULL,
      position text,
      holder text,
      token bigint NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL DEFAULT '-infinity',
      PRIMARY KEY (scope, name)
    )`,
    `CREATE TABLE chainbill_processed_events (
      scope text NOT NULL,
      name text NOT NULL,
      event_id text NOT NULL,
      occurred_at timestamptz NOT NULL,
      PRIMARY KEY (scope, name, event_id)
    )`,
    'CREATE INDEX chainbill_processed_events_occurred ON chainbill_processed_events (scope, name, occurred_at)',
    `CREATE TABLE chainbill_failed_events (
      scope text NOT NULL,
      name text NOT NULL,
      event_id text NOT NULL,
      event_type text,
      event jsonb NOT NULL,
      error text NOT NULL,
      attempts integer NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, name, event_id)
    )`,
    `CREATE TABLE chainbill_budgets (
      scope text NOT NULL,
      token text NOT NULL,
      period text NOT NULL,
      period_start timestamptz NOT NULL,
      spent numeric NOT NULL DEFAULT 0,
      spent_count integer NOT NULL DEFAULT 0,
      reserved numeric NOT NULL DEFAULT 0,
      reserved_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (scope, token, period, period_start)
    )`,
    `CREATE TABLE chainbill_budget_payouts (
      scope text NOT NULL,
      payout_id text NOT NULL,
      token text NOT NULL,
      period text NOT NULL,
      period_start timestamptz NOT NULL,
      amount numeric NOT NULL,
      PRIMARY KEY (scope, payout_id, period)
    )`,
  ],
];

/** The schema version this chainbill writes. */
export const schemaVersion: number = migrations.length;

// pg_advisory_xact_lock's key, fixed once: an application's own advisory locks should not use it.
const lockKey = '7163384948441721196';

/**
 * Brings the tables to {@link schemaVersion}, each missing migration in the one transaction that
 * holds the advisory lock: a second process waits, then finds nothing to do.
 *
 * @param transact - The store's transactions.
 * @throws {Error} the database's error; or when the database is at a newer version than this
 *   chainbill knows (an older deploy beside a newer one must not write to tables it does not know).
 */
export async function migrate(transact: Transact): Promise<void> {
  await transact(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS chainbill_migrations (
        version integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    const current = await versionOf(tx);
    if (current > schemaVersion)
      throw new Error(
        `The chainbill tables are at version ${current}, newer than this chainbill's ${schemaVersion}: upgrade chainbill.`,
      );
    for (let version = current + 1; version <= schemaVersion; version++) {
      for (const statement of migrations[version - 1] ?? []) await tx.query(statement);
      await tx.query('INSERT INTO chainbill_migrations (version) VALUES ($1)', [version]);
    }
  });
}

async function versionOf(tx: Queryable): Promise<number> {
  const { rows } = await tx.query(
    'SELECT coalesce(max(version), 0)::int AS version FROM chainbill_migrations',
  );
  return Number(rows[0]?.['version'] ?? 0);
}
