/**
 * The engines the store's tests run on: PGlite in process always (real PostgreSQL, no server),
 * and the server `CHAINBILL_TEST_DATABASE_URL` names when it is set (CI starts one:
 * scripts/postgres-server.sh). Each test file gets its own database on each: a fresh PGlite, or a
 * schema of its own on the server, dropped when the file ends.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** A database for one test file: `db` for the store, `connect()` for more pools on the same one. */
export interface Engine {
  readonly name: string;
  /** The client the store is given. */
  db(): pg.Pool | PGlite;
  /** Another pool on the same database (the server only), as another process would have. */
  pool?(max?: number): pg.Pool;
  /** Runs a query outside the store, to count rows. */
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** The server's URL, when there is one. */
export const serverUrl: string | undefined = process.env['CHAINBILL_TEST_DATABASE_URL'] || undefined;

/**
 * The engines of this run, each set up before the file's tests and closed after them.
 *
 * @returns One engine for PGlite, and one for the server when it is set.
 */
export function useEngines(): Engine[] {
  const engines: Engine[] = [pglite()];
  if (serverUrl !== undefined) engines.push(server(serverUrl));
  return engines;
}

// PGlite starts from a copy of an empty database's files, kept under .tmp/ per PGlite version:
// about a second, against several for initdb on every start.
const pgliteVersion = (
  JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string }
).version;
const template = fileURLToPath(new URL(`../../.tmp/pglite-${pgliteVersion}.tar.gz`, import.meta.url));

async function startPGlite(): Promise<PGlite> {
  if (existsSync(template)) {
    const db = new PGlite({ loadDataDir: new Blob([readFileSync(template)]) });
    await db.waitReady;
    return db;
  }
  const db = new PGlite();
  await db.waitReady;
  const dump = await db.dumpDataDir('gzip');
  mkdirSync(dirname(template), { recursive: true });
  // Written aside, then renamed: a file that another worker reads is never half written.
  const aside = `${template}.${process.pid}`;
  writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
  renameSync(aside, template);
  return db;
}

function pglite(): Engine {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = await startPGlite();
  }, 120_000);
  afterAll(async () => db?.close());
  const get = () => {
    if (db === undefined) throw new Error('PGlite is not ready');
    return db;
  };
  return {
    name: 'PGlite',
    db: get,
    query: async (text, values) => (await get().query<Record<string, unknown>>(text, values)).rows,
  };
}

function server(url: string): Engine {
  const schema = `chainbill_test_${randomBytes(6).toString('hex')}`;
  const pools: pg.Pool[] = [];
  const pool = (max = 10) => {
    const made = new pg.Pool({ connectionString: url, max, options: `-c search_path=${schema}` });
    made.on('error', () => {}); // a session the test ends on purpose
    pools.push(made);
    return made;
  };
  let main: pg.Pool | undefined;
  beforeAll(async () => {
    main = pool();
    await main.query(`CREATE SCHEMA ${schema}`);
  });
  afterAll(async () => {
    await main?.query(`DROP SCHEMA ${schema} CASCADE`);
    await Promise.all(pools.map((p) => p.end()));
  });
  const get = () => {
    if (main === undefined) throw new Error('the server pool is not ready');
    return main;
  };
  return {
    name: 'PostgreSQL server',
    db: get,
    pool,
    query: async (text, values) => (await get().query(text, values)).rows,
  };
}
