// chainbill/postgres from the packed tarball, with PGlite (installed beside it, as the entry's
// optional peer): migrate, then a consumer that handles one ledger event of chainbill/testing over
// HTTP, its effect written through `tx`, then the CommonJS build of the entry (scripts/smoke.sh).
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { Chainbill } from 'chainbill';
import { postgresStore } from 'chainbill/postgres';
import { createFakeChainbill } from 'chainbill/testing';

const db = new PGlite();
const store = postgresStore(db);
await store.migrate();
await store.migrate();
await db.query('CREATE TABLE fulfilled (event_id text PRIMARY KEY)');
const fake = createFakeChainbill();
const event = fake.seed.revenueEvent({ occurred_at: new Date(Date.now() - 10_000).toISOString() });
const server = await fake.listen();
try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
  const stop = new AbortController();
  const consumer = chainbill.revenueEvents.consume({
    name: 'smoke',
    store,
    from: new Date(Date.now() - 60_000),
    pollIntervalMs: 50,
    handlers: {
      default: async (received, tx) => {
        await tx.query('INSERT INTO fulfilled (event_id) VALUES ($1)', [received.id]);
        stop.abort();
      },
    },
    signal: stop.signal,
  });
  await consumer.done;
  const { rows } = await db.query('SELECT event_id FROM fulfilled');
  if (rows.length !== 1 || rows[0].event_id !== event.id)
    throw new Error(`unexpected effects: ${JSON.stringify(rows)}`);
  const cjs = createRequire(import.meta.url)('chainbill/postgres');
  if (typeof cjs.postgresStore !== 'function')
    throw new Error('require("chainbill/postgres") has no postgresStore');
  console.log(
    `ok chainbill/postgres (node ${process.version}): migrated twice, consumed ${event.id} once through tx, require() too`,
  );
} finally {
  await server.close();
  await db.close();
}
