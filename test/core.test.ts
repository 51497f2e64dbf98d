/**
 * `chainbill/core` and `chainbill/funcs`: a bare core sends what the functions ask and nothing a
 * payout check has not seen; a `Chainbill` given to a function keeps its payout settings.
 */
import {
  Chainbill,
  ChainbillCore,
  ConfigurationError,
  PayoutPolicyError,
  RequestValidationError,
} from 'chainbill';
import { payoutsCreate, payoutsList, payoutsPreview } from 'chainbill/funcs';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';

const tron = 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc';
const other = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';
const payout = {
  recipient_address: tron,
  chain: 'tron',
  token: 'USDT',
  amount: 250,
  currency: 'USD',
} as const;

function coreOf(fake: FakeChainbill): ChainbillCore {
  return new ChainbillCore({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch, maxRetries: 0 });
}

describe('ChainbillCore', () => {
  it('lists through a function, as the client does', async () => {
    const fake = createFakeChainbill();
    const draft = fake.seed.payout({ status: 'draft' });
    const page = await payoutsList(coreOf(fake), { status: 'draft' });
    expect(page.data.map((p) => p.id)).toEqual([draft.id]);
  });

  it.each([
    ['payoutPolicy', { payoutPolicy: { maxAmount: { USDT: '100' } } }],
    ['checkAddresses', { checkAddresses: false }],
  ])('refuses %s, which only Chainbill and payoutsCreate take: no payout goes unchecked', (name, extra) => {
    const fake = createFakeChainbill();
    expect(() => new ChainbillCore({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, ...extra })).toThrow(
      new RegExp(`ChainbillCore takes no ${name}`),
    );
    expect(() => new ChainbillCore({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, ...extra })).toThrow(
      ConfigurationError,
    );
  });

  it('refuses a raw payout write in any spelling, before anything is sent: payoutsCreate checks it', async () => {
    const fake = createFakeChainbill();
    const core = coreOf(fake);
    for (const path of ['/payouts', '/PAYOUTS/', '/%70ayouts']) {
      const refused = await core.post(path, { body: payout }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RequestValidationError);
      expect(refused).toMatchObject({ param: 'path' });
    }
    await expect(core.patch('/payouts/po_1', { body: { status: 'approved' } })).rejects.toThrow(
      /payoutsCreate or payoutsUpdate/,
    );
    expect(fake.requests).toHaveLength(0);
    await expect(core.get('/payouts')).resolves.toMatchObject({ data: [] });
  });

  it("payoutsCreate on a core checks the address and the call's own policy", async () => {
    const fake = createFakeChainbill();
    const core = coreOf(fake);
    await expect(
      payoutsCreate(core, { ...payout, recipient_address: `${tron.slice(0, -1)}d` }),
    ).rejects.toMatchObject({ param: 'recipient_address' });
    await expect(
      payoutsCreate(core, payout, { payoutPolicy: { maxAmount: { USDT: '100' } } }),
    ).rejects.toBeInstanceOf(PayoutPolicyError);
    expect(fake.requests).toHaveLength(0);
    await expect(payoutsCreate(core, payout)).resolves.toMatchObject({ status: 'draft', amount: 250 });
  });
});

describe('a Chainbill given to a function', () => {
  it("keeps its payout policy: no function lifts it, and a call's policy only adds to it", async () => {
    const fake = createFakeChainbill();
    const client = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: fake.fetch,
      payoutPolicy: { maxAmount: { USDT: '100' }, recipients: { tron: [other] } },
    });
    await expect(payoutsCreate(client, payout)).rejects.toMatchObject({ rule: 'policy.max_amount' });
    await expect(
      payoutsCreate(client, payout, { payoutPolicy: null, checkAddresses: false }),
    ).rejects.toBeInstanceOf(PayoutPolicyError);
    const preview = await payoutsPreview(
      client,
      { ...payout, amount: 50 },
      { payoutPolicy: { tokens: ['USDC'] } },
    );
    expect(preview.checks.filter((check) => !check.ok).map((check) => check.rule)).toEqual([
      'policy.recipient',
      'policy.token',
    ]);
    expect(fake.requests).toHaveLength(0);
    const allowed = { ...payout, recipient_address: other, amount: 50 };
    await expect(payoutsCreate(client, allowed)).resolves.toMatchObject({ recipient_address: other });
  });
});
