/**
 * A merchant's test of their own payout code against `chainbill/testing`, through msw: the
 * client makes ordinary HTTP calls and msw answers them from the fake API. No network, no keys.
 *
 *   npx vitest run --root examples/merchant-test
 */
import { Chainbill, ConflictError, InternalServerError } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { handlers } from 'chainbill/testing/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Invoice, payInvoices } from './pay-invoices.js';

const server = setupServer();
let fake: FakeChainbill;
let chainbill: Chainbill;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  fake = createFakeChainbill(); // fresh state for every test
  server.use(...handlers(fake));
  chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, maxRetries: 0 });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const invoices: Invoice[] = [
  { id: 'inv_1', wallet: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 1250.5 },
  {
    id: 'inv_2',
    wallet: '0x5ae3B1c9D2f47e8A6B0C3d9E1f2A4b6C8D0e1F23',
    chain: 'base',
    token: 'USDC',
    amount: 310,
  },
];

describe('payInvoices', () => {
  it('creates and approves one payout per invoice', async () => {
    const run = await payInvoices(chainbill, invoices);

    expect(run.approved).toHaveLength(2);
    const payouts = await chainbill.payouts.list({ status: 'approved' }).toArray();
    expect(payouts.map((p) => [p.reference_id, p.amount_atomic])).toEqual([
      ['inv_2', '310000000'],
      ['inv_1', '1250500000'],
    ]);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/payouts');
    expect(creates.map((r) => r.idempotencyKey)).toEqual(['payout-create-inv_1', 'payout-create-inv_2']);
  });

  it('pays nothing twice when the job runs again', async () => {
    await payInvoices(chainbill, invoices);
    const again = await payInvoices(chainbill, invoices);

    expect(again.approved).toHaveLength(2);
    expect(await chainbill.payouts.list().toArray()).toHaveLength(2);
  });

  it('reports an invoice the SDK refuses, and goes on with the others', async () => {
    const tiny = { ...invoices[0], id: 'inv_3', amount: 0.001 } as Invoice;
    const run = await payInvoices(chainbill, [tiny, ...invoices]);

    expect(run.rejected).toEqual([{ invoiceId: 'inv_3', reason: 'amount: must be at least 0.01' }]);
    expect(run.approved).toHaveLength(2);
  });

  it('sees the API refuse to approve a payout that is no longer a draft', async () => {
    const canceled = fake.seed.payout({ status: 'canceled' });

    await expect(chainbill.payouts.approve(canceled.id)).rejects.toBeInstanceOf(ConflictError);
  });

  it('stops the run when the API is down, having paid the invoices before', async () => {
    let creates = 0;
    // One route replaced for this test: the second create gets a 503 the fake would not send.
    server.use(
      http.post(`${fake.baseUrl}/payouts`, () => {
        creates += 1;
        if (creates === 1) return; // fall through to the fake's handler
        return HttpResponse.json(
          { error: { type: 'api_error', code: 'unavailable', message: 'Down for maintenance', param: null } },
          { status: 503 },
        );
      }),
    );

    await expect(payInvoices(chainbill, invoices)).rejects.toBeInstanceOf(InternalServerError);
    expect(await chainbill.payouts.list({ status: 'approved' }).toArray()).toHaveLength(1);
  });

  it('follows a payout to settlement, on a frozen clock', async () => {
    fake.clock.set('2026-12-01T09:00:00Z');
    const [payoutId] = (await payInvoices(chainbill, invoices.slice(0, 1))).approved;
    if (payoutId === undefined) throw new Error('expected a payout');

    fake.clock.advance(60_000);
    fake.simulate.settlePayout(payoutId); // what the chain would do

    const [settlement] = await chainbill.payouts.settlements.list({ payout_intent_id: payoutId }).toArray();
    expect(settlement).toMatchObject({
      amount_atomic: '1250500000',
      confirmed_at: '2026-12-01T09:01:00.000Z',
    });
  });
});
