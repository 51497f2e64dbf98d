/**
 * A merchant's Jest suite on `chainbill/testing`, under Jest's default CommonJS module system
 * (ts-jest): `chainbill` and `chainbill/testing` are `require`d from the packed package, in a
 * project without msw. Run from the repository: `bash scripts/jest-example.sh`.
 */
import { Chainbill } from 'chainbill';
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';
import { type Invoice, payInvoices } from './pay-invoices';

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

describe('the package, as Jest loads it', () => {
  it('is the CommonJS build, in a project without msw', () => {
    expect(() => require.resolve('msw')).toThrow();
    expect(require.resolve('chainbill')).toMatch(/[\\/]chainbill[\\/]dist[\\/]index\.cjs$/);
    expect(require.resolve('chainbill/testing')).toMatch(
      /[\\/]chainbill[\\/]dist[\\/]testing[\\/]index\.cjs$/,
    );
  });

  it('needs msw only for chainbill/testing/msw', () => {
    expect(() => require('chainbill/testing/msw')).toThrow(/Cannot find module 'msw'/);
  });
});

describe('payInvoices over fake.fetch', () => {
  let fake: FakeChainbill;
  let chainbill: Chainbill;

  beforeEach(() => {
    fake = createFakeChainbill(); // a fresh API for every test
    chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
  });

  it('creates and approves one payout per invoice, each write with its Idempotency-Key', async () => {
    const approved = await payInvoices(chainbill, invoices);

    expect(approved).toHaveLength(2);
    const payouts = await chainbill.payouts.list({ status: 'approved' }).toArray();
    expect(payouts.map((p) => [p.reference_id, p.amount_atomic]).sort()).toEqual([
      ['inv_1', '1250500000'],
      ['inv_2', '310000000'],
    ]);
    const writes = fake.requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.idempotencyKey}`)).toEqual([
      'POST payout-create-inv_1',
      'PATCH payout-approve-inv_1',
      'POST payout-create-inv_2',
      'PATCH payout-approve-inv_2',
    ]);
  });

  it('pays nothing twice when the job runs again', async () => {
    const first = await payInvoices(chainbill, invoices);
    const again = await payInvoices(chainbill, invoices);

    expect(again).toEqual(first);
    expect(await chainbill.payouts.list().toArray()).toHaveLength(2);
  });
});

describe('payInvoices over real HTTP (fake.listen())', () => {
  const fake = createFakeChainbill();
  let server: FakeServer;

  beforeAll(async () => {
    server = await fake.listen(); // 127.0.0.1, a free port
  });
  afterAll(() => server.close());

  it('pays an invoice through the client’s own fetch', async () => {
    const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url, maxRetries: 0 });

    const [payoutId] = await payInvoices(chainbill, invoices.slice(0, 1));

    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const payouts = await chainbill.payouts.list().toArray();
    expect(payouts).toMatchObject([{ id: payoutId, status: 'approved', reference_id: 'inv_1' }]);
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.idempotencyKey}`)).toEqual([
      'POST /payouts payout-create-inv_1',
      `PATCH /payouts/${payoutId} payout-approve-inv_1`,
      'GET /payouts null',
    ]);
  });
});
