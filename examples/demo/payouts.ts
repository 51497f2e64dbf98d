import {
  AuthenticationError,
  Chainbill,
  fromAtomicUnits,
  RequestValidationError,
  WaitTimeoutError,
} from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { show, step } from './output.js';

/** The payout run: create, approve, cancel, walk, settle, and two typed errors. */
export async function payoutStory(
  chainbill: Chainbill,
  baseUrl: string,
  fake?: FakeChainbill,
): Promise<void> {
  step('Payouts: create three (each starts as a draft)');
  const recipients = [
    { recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 1250.5 },
    {
      recipient_address: '0x5ae3B1c9D2f47e8A6B0C3d9E1f2A4b6C8D0e1F23',
      chain: 'arbitrum',
      token: 'USDC',
      amount: 310,
    },
    {
      recipient_address: '0x9BC4d2E1F0a3B5C7d9e2F4A6b8c0d1e3F5a7B9c1',
      chain: 'base',
      token: 'USDC',
      amount: 75.25,
    },
  ] as const;
  const ids: string[] = [];
  for (const [i, recipient] of recipients.entries()) {
    const payout = await chainbill.payouts.create({
      ...recipient,
      currency: 'USD',
      description: `Affiliate commission, November (#${i + 1})`,
      reference_type: 'invoice',
      reference_id: `inv_2026_11_${i + 1}`,
      due_date: new Date('2026-12-01T00:00:00Z'),
    });
    ids.push(payout.id);
    show(
      `${payout.id}  ${payout.status.padEnd(9)} ${payout.amount} ${payout.token} on ${payout.chain} (atomic ${payout.amount_atomic})`,
    );
  }
  const [first = '', second = ''] = ids;

  step('Payouts: approve the first, cancel the second');
  const approved = await chainbill.payouts.approve(first);
  show(`${approved.id}  ${approved.status} at ${approved.approved_at} by ${approved.approved_by}`);
  const canceled = await chainbill.payouts.cancel(second);
  show(`${canceled.id}  ${canceled.status} at ${canceled.canceled_at}`);

  step('Payouts: walk every one with for await (two per page, so the SDK follows next_cursor)');
  let count = 0;
  for await (const payout of chainbill.payouts.list({ limit: 2 })) {
    count += 1;
    show(`${count}. ${payout.id}  ${payout.status.padEnd(9)} due ${payout.due_date}`);
  }

  step('Payouts: the approved one goes on-chain and settles as blocks come (Tron: one every 3 s)');
  if (fake) {
    fake.simulate.executePayout(first); // the fake's chain: sent now, in the next block
    let elapsed = 0;
    for (const [step, seconds] of [3, 3, 30].entries()) {
      fake.clock.advance({ seconds }); // the fake's clock: blocks are mined as it moves
      elapsed += seconds;
      const now = (await chainbill.payouts.list().toArray({ max: 100 })).find((p) => p.id === first);
      const [record] = (await chainbill.payouts.settlements.list({ payout_intent_id: first })).data;
      const seen = `${now?.status ?? '?'}${record ? `, ${record.confirmations} confirmations` : ''}`;
      show(`step ${step + 1}: the clock moved ${seconds} s (${elapsed} s since sent): ${seen}`);
    }
  } else show('(against a real server the chain settles it; waiting for one confirmation)');
  try {
    const settlement = await chainbill.payouts.waitForSettlement(first, {
      minConfirmations: 12,
      maxWaitMs: 30_000,
    });
    show(`waitForSettlement: ${settlement.confirmations} confirmations, tx ${settlement.tx_hash}`);
  } catch (error) {
    if (!(error instanceof WaitTimeoutError)) throw error;
    show(`not settled within 30 s (${error.lastSettlement?.confirmations ?? 0} confirmations so far)`);
  }
  const settled = await chainbill.payouts.list({ status: 'settled' }).toArray({ max: 1_000 });
  const payout = settled.find((p) => p.id === first);
  show(`${first}  ${payout?.status ?? 'not settled yet'}  tx ${payout?.expected_tx_hash ?? '-'}`);
  for await (const record of chainbill.payouts.settlements.list({ payout_intent_id: first })) {
    show(
      `settlement ${record.id}: ${fromAtomicUnits(record.amount_atomic, 'USDT')} USDT to ${record.to_address}`,
    );
    show(`  tx ${record.tx_hash}, block ${record.block_number}, ${record.confirmations} confirmations`);
  }

  step('Errors: a wrong API key is a typed AuthenticationError');
  try {
    await new Chainbill({ apiKey: 'sk_test_not_a_real_key', baseUrl, maxRetries: 0 }).payouts.list();
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    show(`AuthenticationError: status ${error.status}, type ${error.type}, code ${error.code}`);
  }

  step('Errors: a mistyped address is refused before anything is sent (a payout cannot be undone)');
  const sentBefore = fake?.requests.length;
  try {
    // The first recipient with its last character mistyped: its base58check checksum fails.
    const mistyped = `${recipients[0].recipient_address.slice(0, -1)}d`;
    await chainbill.payouts.create({
      ...recipients[0],
      recipient_address: mistyped,
      currency: 'USD',
    });
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    show(`RequestValidationError: ${error.message}`);
    if (fake) show(`the fake saw ${fake.requests.length - (sentBefore ?? 0)} requests for it`);
  }

  step('Errors: an amount of 0.001 is refused before anything is sent');
  try {
    await chainbill.payouts.create({ ...recipients[2], amount: 0.001, currency: 'USD' });
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    show(`RequestValidationError: param \`${error.param}\`: ${error.issues[0]?.message}`);
  }
}
