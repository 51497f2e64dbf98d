import {
  Chainbill,
  checkPayoutPolicy,
  type PayoutCheckRule,
  type PayoutCreateBody,
  type PayoutPolicy,
  type PayoutPolicyError,
  type PayoutPolicyRule,
  type PayoutPreview,
} from 'chainbill';
import { describe, expectTypeOf, it } from 'vitest';

declare const chainbill: Chainbill;
const params = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 1,
  currency: 'USD',
} as const;

describe('payout policy and preview types', () => {
  it('preview takes the params of create and answers a PayoutPreview', async () => {
    expectTypeOf(chainbill.payouts.preview).toBeCallableWith(params);
    // @ts-expect-error currency is required, as for create
    chainbill.payouts.preview({ ...params, currency: undefined });
    const preview = await chainbill.payouts.preview(params);
    expectTypeOf(preview).toEqualTypeOf<PayoutPreview>();
    expectTypeOf(preview.request).toEqualTypeOf<PayoutCreateBody | null>();
    expectTypeOf(preview.amountAtomic).toEqualTypeOf<string | null>();
    expectTypeOf(preview.checks[0]?.rule).toEqualTypeOf<PayoutCheckRule | undefined>();
    expectTypeOf<PayoutCreateBody['due_date']>().toEqualTypeOf<string | null | undefined>();
  });

  it('a policy is typed data, or a predicate for recipients', () => {
    const policy: PayoutPolicy = {
      maxAmount: { USDT: '5000', USDC: 2500 },
      chains: ['tron'],
      tokens: ['USDT'],
      recipients: { tron: ['TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn'] },
    };
    new Chainbill({ payoutPolicy: policy });
    new Chainbill({ payoutPolicy: { recipients: (chain, address) => chain === 'tron' && address !== '' } });
    chainbill.withOptions({ payoutPolicy: null });
    // @ts-expect-error solana is not a chain
    new Chainbill({ payoutPolicy: { chains: ['solana'] } });
    // @ts-expect-error DAI is not a token
    new Chainbill({ payoutPolicy: { maxAmount: { DAI: '5' } } });
    // @ts-expect-error a recipients function answers a boolean, not a promise
    new Chainbill({ payoutPolicy: { recipients: async () => true } });
    expectTypeOf(checkPayoutPolicy).parameter(0).toBeUnknown();
    expectTypeOf(checkPayoutPolicy).returns.toEqualTypeOf<PayoutPolicy>();
  });

  it('PayoutPolicyError names its rule and param', () => {
    expectTypeOf<PayoutPolicyError['rule']>().toEqualTypeOf<PayoutPolicyRule>();
    expectTypeOf<PayoutPolicyError['param']>().toEqualTypeOf<string>();
    expectTypeOf<PayoutPolicyRule>().toEqualTypeOf<
      'policy.max_amount' | 'policy.chain' | 'policy.token' | 'policy.recipient' | 'policy.budget'
    >();
  });
});
