/**
 * Walking a long list (docs/pagination.md): every item with `for await`, page by page, by hand,
 * into a bounded array, and stopping early. Totals are summed exactly from `amount_atomic`.
 *
 *   npx tsx examples/walk-payouts.ts
 */
import { Chainbill, fromAtomicUnits } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

const fake = createFakeChainbill();
const server = await fake.listen();

try {
  // 230 payouts the API could not create directly (approved, settled, due on many days).
  for (let i = 0; i < 230; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    fake.seed.payout({
      status: i % 3 === 0 ? 'settled' : 'approved',
      amount: 10 + (i % 7) * 0.25,
      due_date: `2026-12-${day}T00:00:00.000Z`,
    });
  }
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });

  // 1. Every item: the SDK follows next_cursor, one page at a time, memory stays flat.
  let total = 0n;
  let count = 0;
  for await (const payout of chainbill.payouts.list({
    status: 'approved',
    due_date_before: new Date('2026-12-15T00:00:00Z'),
    limit: 100,
  })) {
    count += 1;
    total += BigInt(payout.amount_atomic ?? 0); // exact: no floating-point drift over many items
  }
  console.log(`approved, due before Dec 15: ${count} payouts, ${fromAtomicUnits(total, 'USDT')} USDT`);

  // 2. Page by page, for batch work or progress reports.
  let pages = 0;
  for await (const page of chainbill.payouts.list({ limit: 100 }).pages()) {
    pages += 1;
    console.log(`page ${pages}: ${page.data.length} items, has_more=${page.has_more}`);
  }

  // 3. By hand: keep `next_cursor` (for example in a job queue) and resume later.
  const first = await chainbill.payouts.list({ limit: 50 });
  const cursor = first.next_cursor;
  if (cursor !== null) {
    const resumed = await chainbill.payouts.list({ limit: 50, cursor });
    console.log(`resumed from a stored cursor: ${resumed.data.length} more, has_more=${resumed.has_more}`);
  }
  if (first.hasNextPage()) {
    const second = await first.getNextPage();
    console.log(`getNextPage(): ${second.data.length} items`);
  }

  // 4. Into an array, with a bound: over `max`, it throws instead of cutting the list short.
  const settled = await chainbill.payouts.list({ status: 'settled' }).toArray({ max: 1_000 });
  console.log(`toArray: ${settled.length} settled payouts`);
  try {
    await chainbill.payouts.list({ limit: 100 }).toArray({ max: 150 });
  } catch (error) {
    if (error instanceof RangeError) console.log(`toArray({ max: 150 }) on 230 payouts: ${error.message}`);
    else throw error;
  }

  // 5. Stopping early: breaking out of the loop fetches no further page.
  const before = fake.requests.length;
  for await (const payout of chainbill.payouts.list({ limit: 10 })) {
    if (payout.amount > 11) {
      console.log(`first payout over 11 USDT: ${payout.id} (${payout.amount})`);
      break;
    }
  }
  console.log(`the early stop took ${fake.requests.length - before} request(s)`);
} finally {
  await server.close();
}
