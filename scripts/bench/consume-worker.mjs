// One worker of `npm run bench:consume` (scripts/bench/consume.mjs): the built package's
// `revenueEvents.consume` on its own name, every event a transaction with one effect row written
// through `tx`, until BENCH_EVENTS are handled. Prints one JSON line: when it handled its first
// and its last event (ms, this machine's clock), and how many.
import { Chainbill } from 'chainbill';
import { postgresStore } from 'chainbill/postgres';
import pg from 'pg';

const env = process.env;
const pool = new pg.Pool({
  connectionString: env.BENCH_DATABASE_URL,
  options: `-c search_path=${env.BENCH_SCHEMA}`,
  max: 2,
});
const client = new Chainbill({ apiKey: env.BENCH_API_KEY, baseUrl: env.BENCH_BASE_URL });
const target = Number(env.BENCH_EVENTS);
const stop = new AbortController();
let handled = 0;
let first = 0;
let last = 0;
const consumer = client.revenueEvents.consume({
  name: env.BENCH_NAME,
  store: postgresStore(pool),
  from: new Date(Number(env.BENCH_FROM)),
  pollIntervalMs: 20,
  signal: stop.signal,
  handlers: {
    default: async (event, tx) => {
      await tx.query('INSERT INTO bench_effects (event_id) VALUES ($1)', [event.id]);
      const now = performance.timeOrigin + performance.now();
      if (handled === 0) first = now;
      last = now;
      if (++handled === target) stop.abort();
    },
  },
});
await consumer.done;
await pool.end();
console.log(JSON.stringify({ first, last, handled }));
