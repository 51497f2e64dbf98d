/**
 * `payouts.preview` (docs/money.md, "Preview"): every check `create` runs, reported instead of
 * thrown, and nothing sent; for any params and any policy, it says `ok` exactly when `create`
 * sends, and its `request` is what `create` sends.
 */
import {
  Chainbill,
  type PayoutCreateParams,
  type PayoutPolicy,
  PayoutPolicyError,
  RequestValidationError,
} from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { clientOn, created, payoutFixture, payoutParams, scriptedFetch } from './scripted-fetch.js';

const loopback = useLoopback();
const payout: PayoutCreateParams = payoutParams;
const tron = payout.recipient_address;
const evm = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('payouts.preview', () => {
  it('lists each check in order, and the request create sends, exactly', async () => {
    const { fetch, seen } = scriptedFetch(created);
    const policy: PayoutPolicy = {
      maxAmount: { USDC: '100' },
      chains: ['base'],
      recipients: { base: [evm.toLowerCase()] },
    };
    const chainbill = clientOn(fetch, { payoutPolicy: policy });
    const params = {
      ...payout,
      chain: 'base',
      token: 'USDC',
      recipient_address: evm,
      amount: 99.5,
      due_date: new Date('2026-12-01T00:00:00Z'),
    } as const;
    const preview = await chainbill.payouts.preview(params);
    expect(preview).toEqual({
      ok: true,
      checks: [
        'params',
        'amount',
        'token',
        'address',
        'policy.chain',
        'policy.max_amount',
        'policy.recipient',
      ].map((rule) => ({ rule, ok: true })),
      request: { ...params, due_date: '2026-12-01T00:00:00.000Z' },
      amountAtomic: '99500000',
    });
    expect(seen).toHaveLength(0);
    await chainbill.payouts.create(params);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(preview.request);
  });

  it('reports a failed check instead of throwing, with the message create would throw', async () => {
    const { fetch, seen } = scriptedFetch(created);
    const chainbill = clientOn(fetch, { payoutPolicy: { maxAmount: { USDT: 5 } } });
    const cases: [PayoutCreateParams, string][] = [
      [{ ...payout, currency: '' }, 'params'],
      [{ ...payout, amount: 1.0000001 }, 'amount'],
      [{ ...payout, chain: 'base', recipient_address: evm }, 'token'],
      [{ ...payout, recipient_address: `${tron}\n` }, 'address'],
      [{ ...payout, amount: 5.000001 }, 'policy.max_amount'],
    ];
    for (const [params, rule] of cases) {
      const preview = await chainbill.payouts.preview(params);
      const error = (await failure(chainbill.payouts.create(params))) as Error;
      expect(preview.ok).toBe(false);
      expect(preview.checks.find((check) => !check.ok)).toEqual({ rule, ok: false, message: error.message });
    }
    expect(seen).toHaveLength(0);
  });

  it('when the params fail, lists that check alone, with no request', async () => {
    const chainbill = clientOn(scriptedFetch(created).fetch);
    const preview = await chainbill.payouts.preview({ ...payout, memo: 'x' } as never);
    expect(preview).toEqual({
      ok: false,
      checks: [{ rule: 'params', ok: false, message: 'Invalid parameter `memo`: unknown parameter `memo`' }],
      request: null,
      amountAtomic: null,
    });
  });

  it('leaves out the address check with checkAddresses: false, and each policy rule not set', async () => {
    const chainbill = clientOn(scriptedFetch(created).fetch, {
      checkAddresses: false,
      payoutPolicy: { tokens: ['USDT'] },
    });
    const preview = await chainbill.payouts.preview({ ...payout, recipient_address: 'T-not-an-address' });
    expect(preview.checks.map((check) => check.rule)).toEqual(['params', 'amount', 'token', 'policy.token']);
    expect(preview.ok).toBe(true);
  });

  it.each([null, 42, 'params', [], undefined])(
    'throws only for params that are no object: %o',
    async (params) => {
      const error = await failure(clientOn(scriptedFetch(created).fetch).payouts.preview(params as never));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({
        param: 'params',
        message: 'Invalid parameter `params`: must be an object',
      });
    },
  );

  it('reports hostile params as a failed check, and create refuses them typed, sending nothing', async () => {
    const { fetch, seen } = scriptedFetch(created);
    const chainbill = clientOn(fetch);
    const getter = Object.defineProperty({ ...payout }, 'amount', {
      enumerable: true,
      get: () => {
        throw new Error('getter');
      },
    });
    const trap = () => {
      throw new Error('trap');
    };
    const proxy = new Proxy({ ...payout }, { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
    for (const params of [getter, proxy]) {
      const preview = await chainbill.payouts.preview(params);
      expect(preview.checks).toEqual([
        {
          rule: 'params',
          ok: false,
          message: expect.stringMatching(/`params`: cannot be read: reading it threw/),
        },
      ]);
      const error = await failure(chainbill.payouts.create(params));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ param: 'params', message: preview.checks[0]?.message });
    }
    let deep: Record<string, unknown> = {};
    const nested = deep;
    for (let i = 0; i < 5_000; i++) deep = deep['x'] = {};
    const bare = Object.assign(Object.create(null) as object, payout) as PayoutCreateParams;
    expect((await chainbill.payouts.preview(bare)).ok).toBe(true);
    const cases: [PayoutCreateParams, string][] = [
      [{ ...payout, description: nested as never }, 'params'],
      [{ ...payout, recipient_address: 'T\ud800' }, 'address'],
      [{ ...payout, due_date: new Date(8.64e15 + 1) }, 'params'],
    ];
    for (const [params, rule] of cases) {
      expect((await chainbill.payouts.preview(params)).checks.find((check) => !check.ok)?.rule).toBe(rule);
    }
    expect(seen).toHaveLength(0);
  });

  it('sends nothing to a real server, and neither does a payout the policy refuses', async () => {
    const server = await loopback((_, res) => {
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(payoutFixture()));
    });
    const chainbill = new Chainbill({
      apiKey: 'sk_test_loopback_preview',
      baseUrl: server.url,
      maxRetries: 0,
      payoutPolicy: { maxAmount: { USDT: '100' }, recipients: { tron: [tron] } },
    });
    expect((await chainbill.payouts.preview({ ...payout, amount: 100.000001 })).ok).toBe(false);
    expect((await chainbill.payouts.preview({ ...payout, amount: 100 })).ok).toBe(true);
    await expect(chainbill.payouts.create({ ...payout, amount: 100.000001 })).rejects.toBeInstanceOf(
      PayoutPolicyError,
    );
    expect(server.hits()).toBe(0);
    await chainbill.payouts.create({ ...payout, amount: 100 });
    expect(server.hits()).toBe(1);
  });

  it('a policy refusal leaves the fake’s request log empty', async () => {
    const fake = createFakeChainbill();
    const chainbill = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: fake.fetch,
      payoutPolicy: { chains: ['arbitrum'] },
    });
    await expect(chainbill.payouts.create(payout)).rejects.toMatchObject({ rule: 'policy.chain' });
    expect(fake.requests).toHaveLength(0);
  });
});

// Addresses a policy lists and a payout draws from, so that both sides meet often.
const pool = {
  tron: [tron, 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn'],
  evm: [evm, '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
};
const chains = ['tron', 'arbitrum', 'base'] as const;
const tokens = ['USDT', 'USDC'] as const;
const cased = (address: string) =>
  fc.constantFrom(address, address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`);
const odd = fc.constantFrom(
  `${tron} `,
  '0x0000000000000000000000000000000000000000',
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  '',
);
/** Mostly an address of the chain (any case on EVM), sometimes one a check refuses. */
const addressOn = (chain: string) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: chain === 'tron' ? fc.constantFrom(...pool.tron) : fc.constantFrom(...pool.evm).chain(cased),
    },
    { weight: 1, arbitrary: fc.oneof(odd, fc.constantFrom(...pool.tron, ...pool.evm)) },
  );
const amount = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => n / 100) },
  { weight: 3, arbitrary: fc.constantFrom(0.01, 99.999999, 100, 100.000001, 2500.5, 2500.500001, 5000) },
  { weight: 1, arbitrary: fc.constantFrom(0.1 + 0.2, 1.0000001, 0, -5, Number.NaN) },
);
const fields = fc.record(
  {
    chain: fc.constantFrom(...chains),
    token: fc.constantFrom(...tokens),
    amount,
    currency: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom('USD', 'EUR') },
      { weight: 1, arbitrary: fc.constant('') },
    ),
    description: fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom('affiliate fees', null) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(513)) },
    ),
  },
  { requiredKeys: ['chain', 'token', 'amount', 'currency'] },
);
const params = fc.oneof(
  {
    weight: 9,
    arbitrary: fields.chain((f) =>
      addressOn(f.chain).map((recipient_address) => ({ ...f, recipient_address })),
    ),
  },
  { weight: 1, arbitrary: fields.map((f) => ({ ...f, chain: 'solana', recipient_address: tron })) },
);
const maximum = fc.constantFrom<string | number>('100', 100, '99.999999', 5000, '0', '2500.5', '1000000');
const predicate = fc.constantFrom<(chain: string, address: string) => unknown>(
  (_, address) => address.startsWith('T'),
  () => true,
  () => false,
  () => 'yes',
  () => {
    throw null;
  },
);
/** A rule that is left out twice as often as it is set, so that payouts pass as well as fail. */
const sometimes = <T>(rule: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rule });
const policy = fc.record({
  maxAmount: sometimes(fc.record({ USDT: maximum, USDC: maximum }, { requiredKeys: [] })),
  chains: sometimes(fc.subarray([...chains], { minLength: 1 })),
  tokens: sometimes(fc.subarray([...tokens], { minLength: 1 })),
  recipients: sometimes(
    fc.oneof(
      fc.record({
        tron: fc.subarray(pool.tron, { minLength: 1 }),
        arbitrum: fc.subarray(pool.evm).chain((list) => fc.tuple(...list.map(cased))),
        base: fc.subarray(pool.evm, { minLength: 1 }),
      }),
      predicate,
    ),
  ),
});

describe('preview and create agree', () => {
  it('for any params and policy: preview is ok exactly when create sends, and sends its request', async () => {
    await fc.assert(
      fc.asyncProperty(params, policy, fc.boolean(), async (p, payoutPolicy, checkAddresses) => {
        const { fetch, seen } = scriptedFetch(created);
        const chainbill = clientOn(fetch, { payoutPolicy: payoutPolicy as PayoutPolicy, checkAddresses });
        const preview = await chainbill.payouts.preview(p as PayoutCreateParams);
        const error = await failure(chainbill.payouts.create(p as PayoutCreateParams));
        expect(preview.ok).toBe(seen.length === 1);
        if (preview.ok) {
          expect(JSON.parse(seen[0]?.body ?? '')).toEqual(preview.request);
          return;
        }
        expect(seen).toHaveLength(0);
        const first = preview.checks.find((check) => !check.ok);
        expect(error).toBeInstanceOf(
          first?.rule.startsWith('policy.') ? PayoutPolicyError : RequestValidationError,
        );
        expect(first?.message).toBe((error as Error).message);
      }),
      { numRuns: 300 },
    );
  });
});
