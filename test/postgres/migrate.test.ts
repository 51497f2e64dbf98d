import { memoryStore } from 'chainbill';
import { postgresStore } from 'chainbill/postgres';
import { describe, expect, it } from 'vitest';
import { failure, libraryInputs } from '../helpers.js';
import { useEngines } from './engines.js';

const tables = [
  'chainbill_budget_payouts',
  'chainbill_budgets',
  'chainbill_consumers',
  'chainbill_failed_events',
  'chainbill_migrations',
  'chainbill_processed_events',
];

describe.each(useEngines())('store.migrate on $name', (engine) => {
  const listTables = async () =>
    (
      await engine.query(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_name LIKE 'chainbill%' ORDER BY table_name`,
      )
    ).map((row) => row['table_name']);

  it('creates the chainbill_ tables once, however often and from however many clients it runs', async () => {
    expect(await listTables()).toEqual([]);
    // Several processes of a deploy at once: on the server, each its own pool (its own sessions).
    const stores = [0, 1, 2, 3].map(() => postgresStore(engine.pool?.(1) ?? engine.db()));
    await Promise.all(stores.map((store) => store.migrate()));
    await stores[0]?.migrate();
    expect(await listTables()).toEqual(tables);
    const versions = await engine.query('SELECT version FROM chainbill_migrations ORDER BY version');
    expect(versions).toEqual([{ version: 1 }]);
  });

  it('refuses tables of a newer version than it knows, and changes nothing', async () => {
    const store = postgresStore(engine.db());
    await store.migrate();
    await engine.query('INSERT INTO chainbill_migrations (version) VALUES (99)');
    try {
      const error = await failure(store.migrate());
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        /version 99, newer than this chainbill's 1: upgrade chainbill/,
      );
      expect(await listTables()).toEqual(tables);
    } finally {
      await engine.query('DELETE FROM chainbill_migrations WHERE version = 99');
    }
  });
});

describe('stores', () => {
  it('postgresStore refuses what has no query function, before any use', () => {
    expect(() => postgresStore({} as never)).toThrow(TypeError);
    expect(() => postgresStore(null as never)).toThrow(/needs a client with query/);
  });

  it('memoryStore has nothing to migrate and says what it is', async () => {
    const store = memoryStore();
    await expect(store.migrate()).resolves.toBeUndefined();
    expect(store.kind).toBe('memory');
    expect(postgresStore({ query: async () => ({ rows: [] }) }).kind).toBe('postgres');
  });
});

describe('chainbill/postgres stays out of the library', () => {
  it("no module that `import 'chainbill'` reaches is the PostgreSQL store, pg or PGlite", async () => {
    const inputs = await libraryInputs();
    expect(inputs.some((file) => file.endsWith('src/store/memory.ts'))).toBe(true);
    expect(inputs.filter((file) => /src\/postgres\/|node_modules\/(pg|@electric-sql)\//.test(file))).toEqual(
      [],
    );
  });
});
