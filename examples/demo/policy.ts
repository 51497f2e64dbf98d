import { type Chainbill, PayoutPolicyError } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { show, step } from './output.js';

/**
 * A payout policy (docs/money.md): the merchant's bounds on what any caller of the client may
 * send, checked offline. One payout is refused by it before anything is sent; one is previewed.
 */
export async function policyStory(chainbill: Chainbill, fake?: FakeChainbill): Promise<void> {
  const recipient = 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc';
  const guarded = chainbill.withOptions({
    payoutPolicy: {
      maxAmount: { USDT: '5000', USDC: '2500' },
      chains: ['tron'],
      recipients: { tron: [recipient] },
    },
  });
  const payout = { recipient_address: recipient, chain: 'tron', token: 'USDT', currency: 'USD' } as const;

  step('Payout policy: at most 5000 USDT, Tron only, one known recipient; 60 000 USDT is refused');
  const sentBefore = fake?.requests.length ?? 0;
  try {
    await guarded.payouts.create({ ...payout, amount: 60_000 }); // 600 was meant
  } catch (error) {
    if (!(error instanceof PayoutPolicyError)) throw error;
    show(`PayoutPolicyError (${error.rule}, param ${error.param}): ${error.message}`);
    if (fake) show(`the fake saw ${fake.requests.length - sentBefore} requests for it`);
  }

  step('Payout preview: every check create runs, and nothing sent');
  const preview = await guarded.payouts.preview({ ...payout, amount: 600, chain: 'base', token: 'USDT' });
  for (const check of preview.checks)
    show(`${check.ok ? 'ok  ' : 'FAIL'} ${check.rule}${check.message ? `: ${check.message}` : ''}`);
  show(
    `ok: ${preview.ok}, amountAtomic ${preview.amountAtomic}; the request create would send: ${JSON.stringify(preview.request)}`,
  );
  const fixed = await guarded.payouts.preview({ ...payout, amount: 600 });
  show(`the same payout on tron: ok ${fixed.ok}; payouts.create would send it as previewed`);
}
