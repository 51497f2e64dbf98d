/**
 * Quickstart (docs/quickstart.md): create a client, create and approve a payout, list payouts.
 *
 *   npx tsx examples/quickstart.ts
 *
 * It runs against the fake API (`chainbill/testing`) over real HTTP on 127.0.0.1. Against the
 * service, drop the fake and pass your key and base URL, or set CHAINBILL_API_KEY and
 * CHAINBILL_BASE_URL and call `new Chainbill()`.
 */
import { Chainbill, toAtomicUnits } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

const fake = createFakeChainbill();
const server = await fake.listen();

try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
  console.log(`environment: ${chainbill.environment}`); // 'sandbox' for an sk_test_ key

  // A payout starts as a draft: nothing moves on chain until it is approved.
  const payout = await chainbill.payouts.create({
    recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
    chain: 'tron',
    token: 'USDT',
    amount: 125.5, // token units; USDT and USDC are pegged to USD
    currency: 'USD',
    description: 'Affiliate commission, November',
    due_date: new Date('2026-12-01T00:00:00Z'),
  });
  console.log(`created ${payout.id}: ${payout.status}, ${payout.amount} ${payout.token} on ${payout.chain}`);
  console.log(`  amount_atomic ${payout.amount_atomic} (= toAtomicUnits: ${toAtomicUnits(125.5, 'USDT')})`);

  const approved = await chainbill.payouts.approve(payout.id);
  console.log(`approved ${approved.id} at ${approved.approved_at}`);

  // Awaiting a list gives one page; `for await` walks every item across pages.
  for await (const item of chainbill.payouts.list({ status: 'approved' })) {
    console.log(`approved payout: ${item.id} due ${item.due_date}`);
  }

  // `.withResponse()` on any call gives the HTTP response and the request id as well.
  const { data, response, requestId } = await chainbill.payouts.list({ limit: 1 }).withResponse();
  console.log(`HTTP ${response.status}, ${data.data.length} item, request id ${requestId ?? '(none sent)'}`);
} finally {
  await server.close();
}
