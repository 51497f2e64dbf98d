/**
 * The payout policy (docs/money.md, "Payout policy"): each rule at its boundary, recipients by
 * canonical form or by a function that may misbehave, the policy through `withOptions`; each
 * refusal sends nothing to the fake (a real server's count: test/payout-preview.test.ts).
 */
import {
  ChainbillError,
  type PayoutCreateParams,
  type PayoutPolicy,
  PayoutPolicyError,
  type PayoutPolicyRule,
} from 'chainbill';
import { randomAddress } from 'chainbill/testing';
import { describe, expect, it, vi } from 'vitest';
import { failure, useFakeApi } from './helpers.js';
import { payoutParams } from './scripted-fetch.js';

const { fake, client } = useFakeApi();

const payout: PayoutCreateParams = payoutParams;
const tron = payout.recipient_address;
const evm = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const onBase: PayoutCreateParams = { ...payout, chain: 'base', token: 'USDC', recipient_address: evm };

/** A payout refused by the policy: the error's rule and param, and no request reached the fake. */
async function refused(
  policy: PayoutPolicy,
  params: PayoutCreateParams,
  rule: PayoutPolicyRule,
  param: string,
): Promise<PayoutPolicyError> {
  const error = await failure(client({ payoutPolicy: policy }).payouts.create(params));
  expect(error).toBeInstanceOf(PayoutPolicyError);
  expect(error).toBeInstanceOf(ChainbillError);
  expect(error).toMatchObject({ name: 'PayoutPolicyError', rule, param });
  expect((error as Error).message).toContain(`(${rule})`);
  expect((error as Error).message).not.toContain(params.recipient_address);
  expect((error as Error).message).not.toContain(fake().apiKey);
  expect(fake().requests).toHaveLength(0);
  return error as PayoutPolicyError;
}

/** The payouts a client with `policy` sent to the fake, of those given. */
async function sent(policy: PayoutPolicy, ...params: PayoutCreateParams[]): Promise<number> {
  const before = fake().requests.length;
  for (const p of params) await client({ payoutPolicy: policy }).payouts.create(p);
  return fake().requests.length - before;
}

describe('policy.max_amount: exact, in atomic units', () => {
  it.each([['5000'], [5000], ['5000.000000']])(
    'maximum %o: 5000 passes, one atomic unit more is refused',
    async (max) => {
      const policy = { maxAmount: { USDT: max } };
      expect(await sent(policy, { ...payout, amount: 5000 }, { ...payout, amount: 4999.999999 })).toBe(2);
      fake().requests.length = 0;
      const error = await refused(policy, { ...payout, amount: 5000.000001 }, 'policy.max_amount', 'amount');
      expect(error.message).toBe(
        'Payout refused by the payout policy (policy.max_amount): amount 5000.000001 USDT is over the policy maximum of 5000 USDT',
      );
    },
  );

  it('bounds a token by its own maximum, and a token without one not at all', async () => {
    const policy = { maxAmount: { USDC: '2500.5' } };
    expect(await sent(policy, { ...onBase, amount: 2500.5 }, { ...payout, amount: 1_000_000 })).toBe(2);
    fake().requests.length = 0;
    await refused(policy, { ...onBase, amount: 2500.500001 }, 'policy.max_amount', 'amount');
  });

  it('a maximum of 0 refuses every payout of that token', async () => {
    await refused({ maxAmount: { USDT: 0 } }, { ...payout, amount: 0.01 }, 'policy.max_amount', 'amount');
  });
});

describe('policy.chain and policy.token', () => {
  it('refuses a chain or a token outside the lists, naming them', async () => {
    const chain = await refused({ chains: ['tron', 'arbitrum'] }, onBase, 'policy.chain', 'chain');
    expect(chain.message).toContain("chain base is not one of the policy's chains (tron, arbitrum)");
    const token = await refused({ tokens: ['USDC'] }, payout, 'policy.token', 'token');
    expect(token.message).toContain("token USDT is not one of the policy's tokens (USDC)");
    await refused({ chains: [] }, payout, 'policy.chain', 'chain');
    expect(await sent({ chains: ['tron'], tokens: ['USDT'] }, payout)).toBe(1);
  });
});

describe('policy.recipient: a list per chain, by canonical form', () => {
  it('an EVM entry in lower case allows the checksummed form, and the reverse', async () => {
    expect(await sent({ recipients: { base: [evm.toLowerCase()] } }, onBase)).toBe(1);
    const upper = { ...onBase, recipient_address: `0x${evm.slice(2).toUpperCase()}` };
    expect(
      await sent({ recipients: { base: [evm] } }, { ...onBase, recipient_address: evm.toLowerCase() }, upper),
    ).toBe(2);
  });

  it('refuses another address, and names it only shortened', async () => {
    fake().requests.length = 0;
    const other = { ...onBase, recipient_address: randomAddress('base') };
    const error = await refused(
      { recipients: { base: [evm] } },
      other,
      'policy.recipient',
      'recipient_address',
    );
    const short = `${other.recipient_address.slice(0, 6)}…${other.recipient_address.slice(-4)}`;
    expect(error.message).toContain(
      `recipient ${short} on base is not one of the policy's 1 recipient on base`,
    );
  });

  it('compares a Tron address exactly, and allows no one on a chain the record does not name', async () => {
    expect(await sent({ recipients: { tron: [tron] } }, payout)).toBe(1);
    fake().requests.length = 0;
    const error = await refused(
      { recipients: { tron: [tron] } },
      onBase,
      'policy.recipient',
      'recipient_address',
    );
    expect(error.message).toContain('the policy lists no recipient on base');
    await refused({ recipients: { tron: [] } }, payout, 'policy.recipient', 'recipient_address');
  });
});

describe('policy.recipient: a function, which fails closed', () => {
  it('gets the chain and the address as given, and decides', async () => {
    const decide = vi.fn((chain: string, address: string) => chain === 'tron' && address === tron);
    expect(await sent({ recipients: decide }, payout)).toBe(1);
    expect(decide).toHaveBeenCalledWith('tron', tron);
    fake().requests.length = 0;
    const error = await refused({ recipients: decide }, onBase, 'policy.recipient', 'recipient_address');
    expect(error.message).toContain("on base is refused by the policy's recipients function");
  });

  // biome-ignore lint/suspicious/noThenProperty: a thenable is the hostile value under test.
  const thenable = { then: vi.fn() };
  const traps = new Proxy(
    {},
    {
      get: vi.fn(() => {
        throw new Error('trap');
      }),
      getPrototypeOf: vi.fn(() => {
        throw new Error('trap');
      }),
    },
  );
  const message = vi.fn(() => 'from a getter');
  const withGetter = Object.defineProperty(new Error(), 'message', { get: message });
  it.each([
    ['null', null, 'threw null'],
    ['a thenable', thenable, 'threw an object'],
    ['a Proxy whose traps throw', traps, 'threw an object'],
    ['an Error with a message getter', withGetter, 'threw Error'],
    ['an Error', new Error('allowlist down'), 'threw Error: allowlist down'],
  ])(
    'that throws %s refuses the payout, describing it without running its code',
    async (_, thrown, words) => {
      const error = await refused(
        {
          recipients: () => {
            throw thrown;
          },
        },
        payout,
        'policy.recipient',
        'recipient_address',
      );
      expect(error.message).toContain(`the policy's recipients function ${words}`);
      expect(thenable.then).not.toHaveBeenCalled();
      expect(message).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['a string', 'yes', 'returned "yes"'],
    ['a number', 1, 'returned 1'],
    ['undefined', undefined, 'returned undefined'],
    ['a thenable', thenable, 'returned an object'],
    ['a Proxy whose traps throw', traps, 'returned an object'],
    ['a promise', Promise.resolve(true), 'returned a promise (it must answer at once)'],
  ])('that returns %s refuses the payout', async (_, answer, words) => {
    const recipients = (() => answer) as unknown as () => boolean;
    const error = await refused({ recipients }, payout, 'policy.recipient', 'recipient_address');
    expect(error.message).toContain(`${words}, not true or false`);
    expect(thenable.then).not.toHaveBeenCalled();
  });

  it('an async function that rejects refuses the payout and leaves no unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const recipients = (async () => Promise.reject(new Error('late'))) as unknown as () => boolean;
      await refused({ recipients }, payout, 'policy.recipient', 'recipient_address');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('the policy through withOptions', () => {
  it('a policy replaces the client’s, null removes it, undefined keeps it; the original is unchanged', async () => {
    const strict = client({ payoutPolicy: { maxAmount: { USDT: 5 } } });
    const big = { ...payout, amount: 50 };
    await expect(strict.payouts.create(big)).rejects.toBeInstanceOf(PayoutPolicyError);
    const other = strict.withOptions({ payoutPolicy: { chains: ['base'] } });
    await expect(other.payouts.create(big)).rejects.toMatchObject({ rule: 'policy.chain' });
    expect((await other.payouts.create({ ...onBase, amount: 50 })).status).toBe('draft');
    expect((await strict.withOptions({ payoutPolicy: null }).payouts.create(big)).status).toBe('draft');
    await expect(strict.withOptions({ payoutPolicy: undefined }).payouts.create(big)).rejects.toMatchObject({
      rule: 'policy.max_amount',
    });
    await expect(strict.withOptions({ maxRetries: 1 }).payouts.create(big)).rejects.toBeInstanceOf(
      PayoutPolicyError,
    );
    await expect(strict.payouts.create(big)).rejects.toBeInstanceOf(PayoutPolicyError);
    expect(fake().requests).toHaveLength(2);
  });

  it('keeps a copy: changing the object given afterwards changes nothing', async () => {
    const policy = { maxAmount: { USDT: '5' as string }, chains: ['tron' as const] };
    const chainbill = client({ payoutPolicy: policy });
    policy.maxAmount.USDT = '500';
    policy.chains.push('base' as never);
    await expect(chainbill.payouts.create({ ...payout, amount: 50 })).rejects.toMatchObject({
      rule: 'policy.max_amount',
    });
    await expect(chainbill.withOptions({}).payouts.create({ ...onBase, amount: 1 })).rejects.toMatchObject({
      rule: 'policy.chain',
    });
  });
});

describe('PayoutPolicyError', () => {
  it('PayoutPolicyError serializes its rule and param, and no key', async () => {
    const error = await refused({ tokens: ['USDC'] }, payout, 'policy.token', 'token');
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'PayoutPolicyError',
      message:
        "Payout refused by the payout policy (policy.token): token USDT is not one of the policy's tokens (USDC)",
      rule: 'policy.token',
      param: 'token',
    });
  });
});
