/**
 * The chainbill demo: a merchant's payout run, told through the public client over real HTTP.
 *
 *   npm run demo                      # against the embedded fake API (chainbill/testing)
 *   CHAINBILL_API_KEY=sk_test_… CHAINBILL_BASE_URL=https://…/v1 npm run demo   # against a server
 */
import { AuthenticationError, Chainbill, fromAtomicUnits, RequestValidationError } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';

const step = (title: string): void => console.log(`\n== ${title}`);
const show = (line: string): void => console.log(`   ${line}`);

async function main(): Promise<void> {
  const external = process.env['CHAINBILL_API_KEY'] && process.env['CHAINBILL_BASE_URL'];
  let fake: FakeChainbill | undefined;
  let close = async (): Promise<void> => {};
  let apiKey = process.env['CHAINBILL_API_KEY'] ?? '';
  let baseUrl = process.env['CHAINBILL_BASE_URL'] ?? '';
  if (!external) {
    fake = createFakeChainbill();
    const server = await fake.listen();
    close = server.close;
    apiKey = fake.apiKey;
    baseUrl = server.url;
  }
  console.log(`chainbill demo against ${external ? baseUrl : `the fake API at ${baseUrl} (real HTTP)`}`);
  const chainbill = new Chainbill({ apiKey, baseUrl });
  show(`environment: ${chainbill.environment}`);

  try {
    step('Create three payouts (each starts as a draft)');
    const recipients = [
      {
        recipient_address: 'TXk8rQw5n3ZbY9c4hJ6u2PfLmE7sVd1aGt',
        chain: 'tron',
        token: 'USDT',
        amount: 1250.5,
      },
      {
        recipient_address: '0x5aE3b1c9D2f47e8A6B0c3d9E1f2A4b6C8d0E1f23',
        chain: 'arbitrum',
        token: 'USDC',
        amount: 310,
      },
      {
        recipient_address: '0x9bC4d2E1f0A3b5C7d9E2f4A6b8C0d1E3f5A7b9C1',
        chain: 'base',
        token: 'USDC',
        amount: 75.25,
      },
    ] as const;
    const payouts = [];
    for (const [i, recipient] of recipients.entries()) {
      const payout = await chainbill.payouts.create({
        ...recipient,
        currency: 'USD',
        description: `Affiliate commission, November (#${i + 1})`,
        reference_type: 'invoice',
        reference_id: `inv_2026_11_${i + 1}`,
        due_date: new Date('2026-12-01T00:00:00Z'),
      });
      payouts.push(payout);
      show(
        `${payout.id}  ${payout.status.padEnd(9)} ${payout.amount} ${payout.token} on ${payout.chain} (atomic ${payout.amount_atomic})`,
      );
    }
    const [first, second, third] = payouts;
    if (!first || !second || !third) throw new Error('expected three payouts');

    step('Approve the first, cancel the second');
    const approved = await chainbill.payouts.approve(first.id);
    show(`${approved.id}  ${approved.status} at ${approved.approved_at} by ${approved.approved_by}`);
    const canceled = await chainbill.payouts.cancel(second.id);
    show(`${canceled.id}  ${canceled.status} at ${canceled.canceled_at}`);

    step('Walk every payout with for await (two per page, so the SDK follows next_cursor)');
    let count = 0;
    for await (const payout of chainbill.payouts.list({ limit: 2 })) {
      count += 1;
      show(`${count}. ${payout.id}  ${payout.status.padEnd(9)} due ${payout.due_date}`);
    }
    const page = await chainbill.payouts.list({ limit: 2 });
    show(`first page: ${page.data.length} items, has_more=${page.has_more}, next_cursor=${page.next_cursor}`);

    step('Settle the approved payout and list its settlement record');
    if (fake) {
      fake.simulate.settlePayout(first.id);
      show('(the fake moved it approved → pending_execution → executed → verifying → settled)');
    }
    const settled = (await chainbill.payouts.list({ status: 'settled' })).data.find((p) => p.id === first.id);
    show(`${first.id}  ${settled?.status ?? 'not settled yet'}  tx ${settled?.expected_tx_hash ?? '-'}`);
    for await (const record of chainbill.payouts.settlements.list({ payout_intent_id: first.id })) {
      show(
        `settlement ${record.id}: ${fromAtomicUnits(record.amount_atomic, 'USDT')} USDT to ${record.to_address}`,
      );
      show(`  tx ${record.tx_hash}, block ${record.block_number}, ${record.confirmations} confirmations`);
    }

    step('A wrong API key is a typed AuthenticationError');
    try {
      await new Chainbill({ apiKey: 'sk_test_not_a_real_key', baseUrl, maxRetries: 0 }).payouts.list();
    } catch (error) {
      if (error instanceof AuthenticationError) {
        show(`AuthenticationError: status ${error.status}, type ${error.type}, code ${error.code}`);
      } else throw error;
    }

    step('An amount of 0.001 is refused before anything is sent');
    try {
      await chainbill.payouts.create({
        recipient_address: third.recipient_address,
        chain: 'base',
        token: 'USDC',
        amount: 0.001,
        currency: 'USD',
      });
    } catch (error) {
      if (error instanceof RequestValidationError) {
        show(`RequestValidationError: param \`${error.param}\`: ${error.issues[0]?.message}`);
      } else throw error;
    }
    if (fake) show(`the fake answered ${fake.requests.length} HTTP requests in all`);
    console.log('\nDone.');
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
