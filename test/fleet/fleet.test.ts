/**
 * The fleet (docs/postgres.md) as processes on a real PostgreSQL server: worker processes
 * (test/fleet/worker.mjs, the built package) consume one name of the fake's ledger, served over
 * HTTP, while the test kills them with SIGKILL at random, or stops one with SIGSTOP past its lease;
 * four processes create payouts against one daily budget. Each event's effect is a row written
 * through `tx`, counted at the end. Needs CHAINBILL_TEST_DATABASE_URL (CI starts a server); run by
 * `npm run test:fleet`. Nothing asserts how long anything took: loops are bounded in count, and
 * waits end on what they wait for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { postgresStore } from 'chainbill/postgres';
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const url = process.env['CHAINBILL_TEST_DATABASE_URL'];
const workerFile = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const schema = `chainbill_fleet_${randomBytes(6).toString('hex')}`;
const iso = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(url === undefined)('the fleet on a PostgreSQL server', () => {
  let db: pg.Pool;
  let fake: FakeChainbill;
  let server: FakeServer;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    db = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
    db.on('error', () => {});
    await db.query(`CREATE SCHEMA ${schema}`);
    await postgresStore(db).migrate();
    await db.query('CREATE TABLE effects (worker text NOT NULL, event_id text NOT NULL)');
  });
  // Each test its own ledger (a fake with its own key and server): no test reads another's events.
  beforeEach(async () => {
    fake = createFakeChainbill();
    server = await fake.listen();
  });
  afterEach(async () => {
    for (const child of children) child.kill('SIGKILL');
    await server?.close();
  });
  afterAll(async () => {
    await db?.query(`DROP SCHEMA ${schema} CASCADE`);
    await db?.end();
  });

  /** A worker process; `exited` settles with its exit code (or signal) and what it printed. */
  const start = (env: Record<string, string>) => {
    const child = spawn(process.execPath, [workerFile], {
      env: {
        ...process.env,
        FLEET_DATABASE_URL: url,
        FLEET_SCHEMA: schema,
        FLEET_API_KEY: fake.apiKey,
        FLEET_BASE_URL: server.url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) =>
      child.on('exit', (code, signal) => {
        children.delete(child);
        resolve({ code, signal, output });
      }),
    );
    return { child, exited, output: () => output };
  };
  const effects = async (name: string) =>
    (await db.query('SELECT worker, event_id FROM effects WHERE worker LIKE $1', [`${name}%`])).rows as {
      worker: string;
      event_id: string;
    }[];
  const seed = (count: number, base: number) =>
    Array.from({ length: count }, (_, i) => fake.seed.revenueEvent({ occurred_at: iso(base + i * 10) }).id);
  /** Waits until every id has an effect, polling the table; bounded by the test's timeout. */
  const allHandled = (name: string, ids: string[]) =>
    vi.waitFor(
      async () => {
        const done = new Set((await effects(name)).map((row) => row.event_id));
        expect(ids.filter((id) => !done.has(id))).toEqual([]);
      },
      { timeout: 120_000, interval: 100 },
    );

  it('workers killed with SIGKILL at random until every event is handled: each effect exactly once', async () => {
    const name = 'killed';
    const base = Date.now() - 600_000;
    const ids = seed(400, base);
    const consumer = (i: number) =>
      start({
        FLEET_MODE: 'consume',
        FLEET_NAME: name,
        FLEET_WORKER: `${name}-${i}`,
        FLEET_FROM: String(base),
        FLEET_LEASE_MS: '1500',
        FLEET_HANDLER_MS: '5',
      });
    let made = 0;
    const running = [consumer(made++), consumer(made++), consumer(made++)];
    // At most 40 kills, each after 150 to 650 ms, a new worker in its place; events keep coming.
    for (let kill = 0; kill < 40; kill++) {
      await sleep(150 + Math.floor(Math.random() * 500));
      const handled = new Set((await effects(name)).map((row) => row.event_id));
      if (ids.every((id) => handled.has(id))) break;
      const victim = Math.floor(Math.random() * running.length);
      running[victim]?.child.kill('SIGKILL');
      running[victim] = consumer(made++);
      if (kill % 10 === 0) ids.push(...seed(20, Date.now() - 5_000 + kill));
    }
    await allHandled(name, ids);
    for (const worker of running) worker.child.kill('SIGTERM');
    const rows = await effects(name);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.event_id, (counts.get(row.event_id) ?? 0) + 1);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(counts.size).toBe(ids.length);
    expect(made).toBeGreaterThan(3); // some were killed before the end
  }, 300_000);

  it('a worker stopped with SIGSTOP past its lease, inside a transaction: another finishes the backlog, the stopped one then writes nothing and stops with LeaseLostError', async () => {
    const name = 'stopped';
    const base = Date.now() - 600_000;
    const ids = seed(150, base);
    const env = {
      FLEET_MODE: 'consume',
      FLEET_NAME: name,
      FLEET_FROM: String(base),
      FLEET_LEASE_MS: '1500',
      // Most of each event's time is spent inside its transaction: the stop lands there.
      FLEET_HANDLER_MS: '40',
    };
    const a = start({ ...env, FLEET_WORKER: `${name}-a` });
    await vi.waitFor(async () => expect((await effects(name)).length).toBeGreaterThanOrEqual(10), {
      timeout: 60_000,
      interval: 20,
    });
    a.child.kill('SIGSTOP');
    const b = start({ ...env, FLEET_WORKER: `${name}-b` });
    await allHandled(name, ids); // while a is still stopped
    expect(a.child.exitCode).toBe(null);
    // What a committed before it stopped (a COMMIT already sent lands after the stop): from here
    // on, nothing more of a's may appear.
    const byA = (await effects(name)).filter((row) => row.worker === `${name}-a`).length;
    a.child.kill('SIGCONT');
    const ended = await a.exited;
    expect(ended.output).toContain('stopped: LeaseLostError');
    expect(ended.code, ended.output).toBe(3);
    b.child.kill('SIGTERM');
    await b.exited;
    const rows = await effects(name);
    expect(rows.filter((row) => row.worker === `${name}-a`)).toHaveLength(byA);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.event_id, (counts.get(row.event_id) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(ids.length);
  }, 300_000);

  it('four processes paying against one daily budget create exactly its worth; the rest policy.budget, nothing else sent', async () => {
    const before = fake.requests.filter((r) => r.method === 'POST' && r.path === '/payouts').length;
    const payers = [0, 1, 2, 3].map(() =>
      start({ FLEET_MODE: 'pay', FLEET_BUDGET: '1500', FLEET_PAYOUTS: '10', FLEET_AMOUNT: '100' }),
    );
    const results = (await Promise.all(payers.map((p) => p.exited))).map((ended) => {
      expect(ended.code, ended.output).toBe(0);
      return JSON.parse(ended.output.trim().split('\n').at(-1) ?? '{}') as {
        created: number;
        refused: number;
        other: string[];
      };
    });
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(15);
    expect(results.reduce((sum, r) => sum + r.refused, 0)).toBe(25);
    expect(results.flatMap((r) => r.other)).toEqual([]);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/payouts').length - before;
    expect(sent).toBe(15);
  }, 120_000);
});
