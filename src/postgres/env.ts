/**
 * The budget store of the `chainbill` CLI and `chainbill-mcp` (docs/postgres.md, "The CLI and the
 * MCP server"): PostgreSQL at `CHAINBILL_DATABASE_URL` through `pg` when it is set, so an agent, an
 * operator and the application spend from one budget; the process's memory otherwise.
 *
 * @module
 */
import type { ChainbillStore, StoreDriver } from '../store/store.js';
import type { Queryable } from './session.js';
import { postgresStore } from './store.js';

/** A bin's budget store, and the line that says which it is. */
export interface BinStore {
  /** The store; `undefined`: the client's own memory store. */
  readonly store: ChainbillStore | undefined;
  /** Which store, for `--help` and the start line; never the URL's password. */
  readonly description: string;
}

/**
 * The store `CHAINBILL_DATABASE_URL` names, if it is set: a `pg.Pool` made on first use (`pg` is
 * loaded then, an optional peer), the tables migrated once; its idle sessions let the process exit.
 *
 * @param env - The environment.
 * @returns The store and its description.
 */
export function budgetStoreFromEnv(env: Readonly<Record<string, string | undefined>>): BinStore {
  const url = env['CHAINBILL_DATABASE_URL']?.trim();
  if (!url)
    return {
      store: undefined,
      description: 'budgets: this process only (set CHAINBILL_DATABASE_URL to share them through PostgreSQL)',
    };
  let ready: Promise<ChainbillStore<Queryable>> | undefined;
  const open = () => {
    ready ??= (async () => {
      const pg = await import('pg').catch(() => {
        throw new Error('CHAINBILL_DATABASE_URL is set, but pg is not installed: npm install pg');
      });
      const pool = new pg.default.Pool({ connectionString: url, max: 4, allowExitOnIdle: true });
      pool.on('error', () => {}); // an idle session the server ended: the next query makes another
      const store = postgresStore(pool);
      await store.migrate();
      return store;
    })();
    return ready;
  };
  const names: (keyof StoreDriver<Queryable>)[] = [
    ...(['acquire', 'renew', 'release', 'savePosition', 'commit', 'fail', 'prune'] as const),
    ...(['reserve', 'spend', 'unreserve', 'refund', 'read'] as const),
  ];
  const driver = Object.fromEntries(
    names.map((name) => [
      name,
      async (...args: unknown[]) =>
        ((await open()).driver[name] as (...a: unknown[]) => Promise<unknown>)(...args),
    ]),
  ) as unknown as StoreDriver<Queryable>;
  return {
    store: { kind: 'postgres', migrate: async () => void (await open()), driver },
    description: `budgets: PostgreSQL at ${where(url)} (CHAINBILL_DATABASE_URL), shared with every process on it`,
  };
}

/** The URL's host, port and database, without its user or password. */
function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the URL given';
  }
}
