import type {
  Chainbill,
  Page,
  PayoutIntent,
  PayoutSettlement,
  PayoutStatus,
  Unrecognized,
  WaitForSettlementOptions,
} from 'chainbill';
import { describe, expectTypeOf, it } from 'vitest';

declare const chainbill: Chainbill;

describe('payouts types', () => {
  it('create requires the spec fields and closed enums', () => {
    const base = {
      recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
      chain: 'tron',
      token: 'USDT',
      amount: 1,
    } as const;
    chainbill.payouts.create({ ...base, currency: 'USD' });
    // @ts-expect-error currency is required
    chainbill.payouts.create(base);
    // @ts-expect-error solana is not a chain of the spec
    chainbill.payouts.create({ ...base, currency: 'USD', chain: 'solana' });
    // @ts-expect-error amount is a number
    chainbill.payouts.create({ ...base, currency: 'USD', amount: '1' });
    // @ts-expect-error memo is not a parameter
    chainbill.payouts.create({ ...base, currency: 'USD', memo: 'x' });
    chainbill.payouts.create({ ...base, currency: 'USD', due_date: new Date(), reference_type: 'manual' });
  });

  it('update only takes approved or canceled as status', () => {
    chainbill.payouts.update('po_1', { status: 'approved' });
    // @ts-expect-error settled is reached on-chain, not through the API
    chainbill.payouts.update('po_1', { status: 'settled' });
    // @ts-expect-error list filters are closed enums
    chainbill.payouts.list({ status: 'paid' });
  });

  it('results are typed', async () => {
    expectTypeOf(await chainbill.payouts.create({} as never)).toEqualTypeOf<PayoutIntent>();
    expectTypeOf(await chainbill.payouts.list()).toEqualTypeOf<Page<PayoutIntent>>();
    expectTypeOf(await chainbill.payouts.settlements.list().toArray()).toEqualTypeOf<PayoutSettlement[]>();
    expectTypeOf<PayoutIntent['status']>().toEqualTypeOf<PayoutStatus | Unrecognized>();
    expectTypeOf<PayoutIntent['amount_atomic']>().toEqualTypeOf<string | null>();
    expectTypeOf<PayoutSettlement['chain']>().toEqualTypeOf<
      'tron' | 'arbitrum' | 'base' | Unrecognized | undefined
    >();
    for await (const payout of chainbill.payouts.list()) expectTypeOf(payout).toEqualTypeOf<PayoutIntent>();
    expectTypeOf(await chainbill.payouts.cancel('po_1')).toEqualTypeOf<PayoutIntent>();
    const { data, requestId } = await chainbill.payouts.approve('po_1').withResponse();
    expectTypeOf(data).toEqualTypeOf<PayoutIntent>();
    expectTypeOf(requestId).toEqualTypeOf<string | null>();
  });

  it('waitForSettlement takes a payout or its id and its options, and resolves with a settlement record', async () => {
    expectTypeOf(await chainbill.payouts.waitForSettlement('po_1')).toEqualTypeOf<PayoutSettlement>();
    const approved = await chainbill.payouts.approve('po_1');
    expectTypeOf(await chainbill.payouts.waitForSettlement(approved)).toEqualTypeOf<PayoutSettlement>();
    // @ts-expect-error a payout's settlement record is not a payout
    chainbill.payouts.waitForSettlement(await chainbill.payouts.waitForSettlement('po_1'));
    const options = { minConfirmations: 20, pollIntervalMs: 5_000, maxWaitMs: 60_000, timeout: 10_000 };
    expectTypeOf(options).toMatchTypeOf<WaitForSettlementOptions>();
    // @ts-expect-error minConfirmations is a number
    chainbill.payouts.waitForSettlement('po_1', { minConfirmations: '20' });
    // @ts-expect-error the id is required
    chainbill.payouts.waitForSettlement();
  });
});
