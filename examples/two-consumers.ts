/**
 * Two consumers of one name against a real PostgreSQL server (docs/postgres.md), as two machines
 * of a fleet would run them: each its own pool, both `revenueEvents.consume({ name: 'fulfilment' })`.
 * One holds the lease and fulfils the orders, each in the transaction that records its event; the
 * other waits. When the first stops, the second takes over and fulfils what comes next. Every
 * order is fulfilled once. The API is chainbill/testing's fake over HTTP, so nothing real is paid.
 *
 *   DATABASE_URL=postgres://user@localhost/db npx tsx examples/two-consumers.ts
 */
import { Chainbill, type RevenueEventConsumer } from 'chainbill';
import { postgresStore, type Queryable } from 'chainbill/postgres';
import { createFakeChainbill } from 'chainbill/testing';
import pg from 'pg';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  console.log('two-consumers: set DATABASE_URL to a PostgreSQL server (skipped)');
  process.exit(0);
}

const schema = `chainbill_example_${process.pid}`;
const pool = (): pg.Pool => {
  const made = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}`, max: 3 });
  made.on('error', (error) => console.error('idle PostgreSQL client:', error.message));
  return made;
};
const admin = pool();
await admin.query(`CREATE SCHEMA ${schema}`);
const fake = createFakeChainbill();
const server = await fake.listen();
const machines: { name: string; pool: pg.Pool; stop: AbortController; consumer: RevenueEventConsumer }[] = [];

try {
  await postgresStore(admin).migrate(); // a deploy step; safe from every machine at once
  await admin.query('CREATE TABLE fulfilled (checkout_id text NOT NULL, machine text NOT NULL)');
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
  const start = new Date(Date.now() - 60_000);
  const pay = (usd: number) => {
    const checkout = fake.seed.checkout({ amount_usd: usd, amount_atomic: String(usd * 1_000_000) });
    fake.simulate.confirmCheckout(checkout.checkout_id);
    return checkout.checkout_id;
  };
  const fulfilled = async () => (await admin.query('SELECT checkout_id, machine FROM fulfilled')).rows;
  const until = async (count: number) => {
    for (let i = 0; i < 600 && (await fulfilled()).length < count; i++)
      await new Promise((r) => setTimeout(r, 50));
  };

  for (const name of ['machine-a', 'machine-b']) {
    const db = pool();
    const stop = new AbortController();
    const consumer = chainbill.revenueEvents.consume<Queryable>({
      name: 'fulfilment',
      store: postgresStore(db),
      event_type: 'checkout_confirmed',
      from: start,
      leaseMs: 2_000,
      pollIntervalMs: 100,
      signal: stop.signal,
      handlers: {
        checkout_confirmed: async (event, tx) => {
          await tx.query('INSERT INTO fulfilled (checkout_id, machine) VALUES ($1, $2)', [
            event.checkout_id,
            name,
          ]);
          console.log(`${name} fulfilled ${event.checkout_id}`);
        },
      },
    });
    machines.push({ name, pool: db, stop, consumer });
  }

  const first = [pay(120), pay(35), pay(49)];
  await until(first.length);
  const holder = (await fulfilled())[0]?.machine;
  console.log(`${holder} holds the lease; stopping it`);
  const leaving = machines.find((machine) => machine.name === holder);
  leaving?.stop.abort();
  await leaving?.consumer.done;
  const later = [pay(15), pay(230)];
  await until(first.length + later.length);
  const rows = await fulfilled();
  const byOrder = new Map<string, number>();
  for (const row of rows) byOrder.set(row.checkout_id, (byOrder.get(row.checkout_id) ?? 0) + 1);
  const once = [...first, ...later].every((id) => byOrder.get(id) === 1);
  console.log(`${rows.length} orders fulfilled, each once: ${once}`);
  if (!once || rows.length !== 5) process.exitCode = 1;
} finally {
  for (const machine of machines) machine.stop.abort();
  await Promise.allSettled(machines.map((machine) => machine.consumer.done));
  await Promise.all(machines.map((machine) => machine.pool.end()));
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
  await server.close();
}
