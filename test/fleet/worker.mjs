// A worker process of the fleet tests (test/fleet/): the built package as an application runs it,
// `chainbill` and `chainbill/postgres` from dist/ (the package's own name resolves to it), pg's
// pool on the test's schema. Modes, by FLEET_MODE:
// - consume: `revenueEvents.consume` on FLEET_NAME; each event's effect is a row written through
//   `tx` (worker, event id). Prints `handled <n>` now and then; exits 3 on LeaseLostError.
// - pay: creates FLEET_PAYOUTS payouts at once under a daily budget kept in PostgreSQL, then prints
//   one JSON line: how many were created, refused by policy.budget, or failed otherwise.
import { Chainbill, LeaseLostError, PayoutPolicyError } from 'chainbill';
import { postgresStore } from 'chainbill/postgres';
import pg from 'pg';

const env = process.env;
const pool = new pg.Pool({
  connectionString: env.FLEET_DATABASE_URL,
  options: `-c search_path=${env.FLEET_SCHEMA}`,
  max: 4,
});
pool.on('error', () => {}); // a session the server ended (idle in transaction past the lease)
const store = postgresStore(pool);
const client = new Chainbill({
  apiKey: env.FLEET_API_KEY,
  baseUrl: env.FLEET_BASE_URL,
  maxRetries: 5,
  budgetStore: store,
  payoutPolicy: { budgets: [{ token: 'USDT', period: 'day', maxAmount: env.FLEET_BUDGET ?? '0' }] },
});
const worker = env.FLEET_WORKER ?? 'w';

if (env.FLEET_MODE === 'pay') {
  const results = await Promise.allSettled(
    Array.from({ length: Number(env.FLEET_PAYOUTS) }, () =>
      client.payouts.create({
        recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
        chain: 'tron',
        token: 'USDT',
        amount: Number(env.FLEET_AMOUNT),
        currency: 'USD',
      }),
    ),
  );
  const count = (test) => results.filter(test).length;
  const other = results.filter((r) => r.status === 'rejected' && !(r.reason instanceof PayoutPolicyError));
  console.log(
    JSON.stringify({
      created: count((r) => r.status === 'fulfilled'),
      refused: count(
        (r) =>
          r.status === 'rejected' &&
          r.reason instanceof PayoutPolicyError &&
          r.reason.rule === 'policy.budget',
      ),
      other: other.map((r) => String(r.reason)),
    }),
  );
  await pool.end();
} else {
  let handled = 0;
  const delayMs = Number(env.FLEET_HANDLER_MS ?? 0);
  const consumer = client.revenueEvents.consume({
    name: env.FLEET_NAME,
    store,
    from: new Date(Number(env.FLEET_FROM)),
    leaseMs: Number(env.FLEET_LEASE_MS),
    pollIntervalMs: 50,
    handlers: {
      default: async (event, tx) => {
        await tx.query('INSERT INTO effects (worker, event_id) VALUES ($1, $2)', [worker, event.id]);
        // Time spent inside the transaction: a stop lands there most of the time.
        if (delayMs > 0) await tx.query('SELECT pg_sleep($1)', [delayMs / 1000]);
        if (++handled % 10 === 0) console.log(`handled ${handled}`);
      },
    },
  });
  try {
    await consumer.done;
  } catch (error) {
    console.log(`stopped: ${error instanceof LeaseLostError ? 'LeaseLostError' : String(error)}`);
    process.exit(error instanceof LeaseLostError ? 3 : 1);
  }
}
