import { Chainbill } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

test('a payout is a draft until approved', async () => {
  const fake = createFakeChainbill(); // a fresh API per test, in memory
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
  const payout = await chainbill.payouts.create({
    recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
    chain: 'tron',
    token: 'USDT',
    amount: 25,
    currency: 'USD',
  });
  expect(payout.status).toBe('draft');
});
