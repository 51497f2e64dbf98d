#!/usr/bin/env node
/**
 * `npm run bench:consume` (docs/performance.md, "Consumers"): events per second of
 * `revenueEvents.consume` on a real PostgreSQL server, one worker and four (each its own name and
 * process, the built package, the fake's ledger over HTTP), and beside each, pgbench's
 * transactions per second for the same statements on the same server (the lease read with the
 * transaction's timeouts, the id's insert, the effect's insert, the position's update): the limit
 * of one transaction per event. The goal: each at least half of its pgbench figure.
 *
 *   CHAINBILL_TEST_DATABASE_URL=postgres://… npm run bench:consume [-- --short]
 *
 * Without the variable, it starts a server (scripts/postgres-server.sh) and stops it after.
 * Prints figures; fails only when a run fails (timing goals are judged on a quiet machine).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresStore } from '../../dist/postgres/index.js';
import { createFakeChainbill } from '../../dist/testing/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const short = process.argv.includes('--short');
const perWorker = short ? 600 : 3_000;
const pgbenchSeconds = short ? 4 : 10;

let url = process.env.CHAINBILL_TEST_DATABASE_URL;
let serverDir;
if (!url) {
  const out = execFileSync('bash', [join(root, 'scripts/postgres-server.sh')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  [serverDir, url] = [out.at(-2), out.at(-1)];
}
const schema = `chainbill_bench_${randomBytes(4).toString('hex')}`;
const db = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
await db.query(`CREATE SCHEMA ${schema}`);
await postgresStore(db).migrate();
await db.query('CREATE TABLE bench_effects (event_id text NOT NULL)');

const fake = createFakeChainbill();
const base = Date.now() - 86_400_000;
for (let i = 0; i < perWorker; i++)
  fake.seed.revenueEvent({ occurred_at: new Date(base + i * 10).toISOString() });
const server = await fake.listen();

/** Events per second of `workers` processes, each consuming every event under its own name. */
async function consume(workers) {
  const runs = Array.from({ length: workers }, (_, i) => {
    const child = spawn(process.execPath, [join(root, 'scripts/bench/consume-worker.mjs')], {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: url,
        BENCH_SCHEMA: schema,
        BENCH_API_KEY: fake.apiKey,
        BENCH_BASE_URL: server.url,
        BENCH_NAME: `bench-${workers}-${i}`,
        BENCH_FROM: String(base),
        BENCH_EVENTS: String(perWorker),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    return new Promise((resolve, reject) =>
      child.on('exit', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker exit ${code}`)),
      ),
    );
  });
  const results = await Promise.all(runs);
  const first = Math.min(...results.map((r) => r.first));
  const last = Math.max(...results.map((r) => r.last));
  const handled = results.reduce((sum, r) => sum + r.handled, 0);
  return ((handled - workers) * 1000) / (last - first);
}

/** pgbench's transactions per second for the statements of one event, `clients` at once. */
function pgbench(clients) {
  const dir = mkdtempSync(join(tmpdir(), 'chainbill-pgbench-'));
  const script = join(dir, 'event.sql');
  writeFileSync(
    script,
    `\\set id random(1, 2000000000)
BEGIN;
SELECT set_config('idle_in_transaction_session_timeout', '30000ms', true), set_config('statement_timeout', '30000ms', true), (SELECT token::text FROM chainbill_consumers WHERE scope = 'pgbench' AND name = 'c' || :client_id) AS token;
INSERT INTO chainbill_processed_events (scope, name, event_id, occurred_at) VALUES ('pgbench', 'c' || :client_id, 'e' || :id, now()) ON CONFLICT DO NOTHING RETURNING 1;
INSERT INTO bench_effects (event_id) VALUES ('e' || :id);
UPDATE chainbill_consumers SET position = 'rf1.x', expires_at = greatest(expires_at, clock_timestamp() + interval '30 seconds') WHERE scope = 'pgbench' AND name = 'c' || :client_id AND token = 1 RETURNING 1;
END;
`,
  );
  const parsed = new URL(url);
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-M',
      'extended',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(pgbenchSeconds),
      '-f',
      script,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        PGHOST: parsed.hostname,
        PGPORT: parsed.port,
        PGUSER: decodeURIComponent(parsed.username),
        PGDATABASE: parsed.pathname.slice(1),
        PGOPTIONS: `-c search_path=${schema}`,
      },
    },
  );
  return Number(/tps = ([\d.]+)/.exec(out)?.[1]);
}

try {
  for (let c = 0; c < 4; c++)
    await db.query(`INSERT INTO chainbill_consumers (scope, name, token) VALUES ('pgbench', $1, 1)`, [
      `c${c}`,
    ]);
  const rows = [];
  for (const workers of [1, 4]) {
    const events = await consume(workers);
    const tps = pgbench(workers);
    rows.push({ workers, events, tps });
  }
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  console.log(`consume on PostgreSQL (${perWorker} events per worker, load average ${load}):`);
  for (const { workers, events, tps } of rows) {
    const ratio = events / tps;
    console.log(
      `  ${workers} worker${workers === 1 ? ' ' : 's'}: ${events.toFixed(0).padStart(6)} events/s   pgbench, ${workers} client${workers === 1 ? ' ' : 's'}: ${tps.toFixed(0).padStart(6)} tps   ${(ratio * 100).toFixed(0)} % (goal ≥ 50 %)`,
    );
  }
} finally {
  await server.close();
  await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.end();
  if (serverDir) execFileSync('bash', [join(root, 'scripts/postgres-server.sh'), 'stop', serverDir]);
}
