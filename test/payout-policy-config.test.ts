/**
 * A payout policy fails closed (docs/money.md, "Payout policy"): one that cannot be checked is a
 * ConfigurationError where it is given, the constructor or `withOptions`, never a policy that
 * silently bounds less; `checkPayoutPolicy` checks a policy read from JSON the same way.
 */
import {
  Chainbill,
  type ClientOptions,
  ConfigurationError,
  checkPayoutPolicy,
  type PayoutPolicy,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { testBaseUrl, testKey } from './scripted-fetch.js';

const tron = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';
const evm = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const make = (options: ClientOptions = {}) =>
  new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, ...options });

/** The policy is refused by the constructor, `withOptions` and `checkPayoutPolicy` alike, with `words`. */
function refusedEverywhere(policy: unknown, words: RegExp): void {
  const given = policy as PayoutPolicy;
  for (const attempt of [
    () => make({ payoutPolicy: given }),
    () => make().withOptions({ payoutPolicy: given }),
    () => checkPayoutPolicy(policy),
  ]) {
    let error: unknown;
    try {
      attempt();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(words);
    expect((error as Error).message).not.toContain(testKey);
  }
}

describe('maxAmount: a decimal amount of token units, exact', () => {
  const bad = /maxAmount\.USDT must be a non-negative decimal of token units with at most 6 decimals/;
  const float = /0\.1 \+ 0\.2 is 0\.30000000000000004: write a string/;
  it.each([
    ['0.1 + 0.2', 0.1 + 0.2, float],
    ['1e-7', 1e-7, float],
    ['a string of 7 decimals', '5000.0000001', bad],
    ['a negative number', -1, bad],
    ['a negative string', '-5', bad],
    ['NaN', Number.NaN, bad],
    ['Infinity', Number.POSITIVE_INFINITY, bad],
    ['an exponent', 1e21, bad],
    ['an exponent string', '1e3', bad],
    ['text', 'five thousand', bad],
    ['a comma', '5,000', bad],
    ['a bigint', 5000n, /must be a decimal string or a number of token units/],
    ['null', null, /must be a decimal string or a number of token units/],
  ])('refuses %s', (_, max, words) => {
    refusedEverywhere({ maxAmount: { USDT: max } }, words);
  });

  it('refuses a key that is not a token, and never quotes a value that could be a key', () => {
    refusedEverywhere(
      { maxAmount: { DAI: '5' } },
      /maxAmount has `DAI`, which is not a token: it takes USDT, USDC/,
    );
    refusedEverywhere({ maxAmount: { [testKey]: '5' } }, /maxAmount has a key, which is not a token/);
    refusedEverywhere({ maxAmount: { USDT: testKey } }, bad);
  });
});

describe('chains, tokens, recipients: only what can be checked', () => {
  it.each([
    ['an unknown key', { maxAmounts: { USDT: '5' } }, /payoutPolicy has an unknown key `maxAmounts`/],
    [
      'an unknown chain',
      { chains: ['tron', 'solana'] },
      /payoutPolicy\.chains\[1\] must be one of tron, arbitrum, base/,
    ],
    ['an unknown token', { tokens: ['usdt'] }, /payoutPolicy\.tokens\[0\] must be one of USDT, USDC/],
    ['chains that are not a list', { chains: 'tron' }, /payoutPolicy\.chains must be an array/],
    [
      'a list for an unknown chain',
      { recipients: { solana: [tron] } },
      /recipients has `solana`, which is not a chain/,
    ],
    ['a list that is not a list', { recipients: { tron } }, /recipients\.tron must be an array/],
    [
      'an entry that is not a string',
      { recipients: { tron: [tron, 42] } },
      /recipients\.tron\[1\] must be a string/,
    ],
    [
      'an address with a broken checksum',
      { recipients: { base: [`${evm.slice(0, -1)}D`] } },
      /recipients\.base\[0\] is not a valid base address: .*EIP-55/,
    ],
    [
      'an address of another chain',
      { recipients: { tron: [evm] } },
      /recipients\.tron\[0\] is not a valid tron address/,
    ],
    [
      'a token contract',
      { recipients: { tron: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'] } },
      /recipients\.tron\[0\] is the USDT contract on tron/,
    ],
    [
      'an address with a trailing space',
      { recipients: { tron: [`${tron} `] } },
      /leading or trailing whitespace/,
    ],
    ['a policy that is not an object', 'strict', /payoutPolicy must be a plain object/],
    ['a class instance', new (class Policy {})(), /payoutPolicy must be a plain object/],
  ])('refuses %s', (_, policy, words) => {
    refusedEverywhere(policy, words);
  });

  it('refuses a getter, a throwing Proxy and a revoked one without running them into the caller', () => {
    let read = 0;
    const getter = Object.defineProperty({}, 'chains', {
      enumerable: true,
      get: () => {
        read += 1;
        return ['tron'];
      },
    });
    refusedEverywhere(getter, /payoutPolicy must be plain data: `chains` is a getter/);
    expect(read).toBe(0);
    const trap = () => {
      throw new Error('trap');
    };
    const hostile = new Proxy({}, { ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap });
    refusedEverywhere(hostile, /payoutPolicy cannot be read/);
    refusedEverywhere(
      { chains: new Proxy(['tron'], { get: trap, getOwnPropertyDescriptor: trap }) },
      /chains cannot be read/,
    );
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    refusedEverywhere(proxy, /payoutPolicy cannot be read/);
    const sparse = ['USDT', 'USDC'];
    delete sparse[0];
    refusedEverywhere({ tokens: sparse }, /tokens\[0\] is missing/);
  });
});

describe('a policy that can be checked', () => {
  it('is accepted from JSON as plain data, and comes back frozen, maxima in token units', () => {
    const json = `{
      "maxAmount": { "USDT": 5000, "USDC": "2500.50" },
      "chains": ["tron", "base"],
      "tokens": ["USDT", "USDC"],
      "recipients": { "tron": ["${tron}"], "base": ["${evm.toLowerCase()}"] }
    }`;
    const policy = checkPayoutPolicy(JSON.parse(json));
    expect(policy).toEqual({
      maxAmount: { USDT: '5000', USDC: '2500.5' },
      chains: ['tron', 'base'],
      tokens: ['USDT', 'USDC'],
      recipients: { tron: [tron], base: [evm.toLowerCase()] },
    });
    expect(Object.isFrozen(policy)).toBe(true);
    expect(Object.isFrozen(policy.maxAmount)).toBe(true);
    expect(Object.isFrozen(policy.chains)).toBe(true);
    expect(() => make({ payoutPolicy: policy })).not.toThrow();
  });

  it('takes an object without a prototype, undefined rules, empty lists and a function', () => {
    const bare = Object.assign(Object.create(null) as object, { tokens: ['USDC'], chains: undefined });
    expect(checkPayoutPolicy(bare)).toEqual({ tokens: ['USDC'] });
    expect(checkPayoutPolicy({ chains: [], recipients: { tron: [] } })).toEqual({
      chains: [],
      recipients: { tron: [] },
    });
    const recipients = () => true;
    expect(checkPayoutPolicy({ recipients }).recipients).toBe(recipients);
    expect(() => make({ payoutPolicy: null })).not.toThrow();
  });
});

describe('a Proxy, or reads that disagree, are refused', () => {
  const maxAmount = { USDT: '100' };
  const proxy = /must be plain data: a Proxy, there or inside it, is refused/;
  const disagree = /must be plain data: its keys or values disagree between reads/;

  it.each([
    ['a Proxy that reads as plain data', new Proxy({ maxAmount }, {}), proxy],
    ['a Proxy as maxAmount', { maxAmount: new Proxy(maxAmount, {}) }, proxy],
    ['a Proxy as a list of chains', { chains: new Proxy(['tron'], {}) }, proxy],
    ['a Proxy as recipients', { recipients: new Proxy({ tron: [tron] }, {}) }, proxy],
    ['a Proxy as a list of recipients', { recipients: { tron: new Proxy([tron], {}) } }, proxy],
    [
      'a Proxy as maxAmount beside a recipients function',
      { maxAmount: new Proxy(maxAmount, {}), recipients: () => true },
      /payoutPolicy\.maxAmount must be plain data: a Proxy/,
    ],
  ])('refuses %s', (_, policy, words) => {
    refusedEverywhere(policy, words);
  });

  it('refuses a Proxy that hides maxAmount from its keys, which used to be an empty policy', () => {
    const hiding = (target: object, shown: string[]) => new Proxy(target, { ownKeys: () => shown });
    refusedEverywhere(hiding({ maxAmount, chains: ['tron'] }, ['chains']), /Proxy|disagree/);
    // A recipients function cannot be cloned: the reads that disagree tell the Proxy.
    refusedEverywhere(hiding({ maxAmount, recipients: () => true }, ['recipients']), disagree);
  });

  it('refuses keys or values that change between reads', () => {
    const recipients = () => true;
    let listed = 0;
    const keys = new Proxy(
      { maxAmount, recipients },
      { ownKeys: () => (++listed % 2 === 1 ? ['maxAmount', 'recipients'] : ['recipients']) },
    );
    refusedEverywhere(keys, disagree);
    let described = 0;
    const values = new Proxy(
      { maxAmount, recipients },
      {
        getOwnPropertyDescriptor: (target, key) => {
          const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
          if (key !== 'maxAmount' || ++described % 2 === 1) return descriptor;
          return { ...descriptor, value: { USDT: '999999' } };
        },
      },
    );
    refusedEverywhere(values, disagree);
    const read = new Proxy(
      { maxAmount, recipients },
      { get: (target, key) => (key === 'maxAmount' ? {} : Reflect.get(target, key)) },
    );
    refusedEverywhere(read, disagree);
  });

  it('refuses an array holding more than its items', () => {
    const chains = Object.assign(['tron'], { extra: 'base' });
    refusedEverywhere({ chains }, /payoutPolicy\.chains must be an array of items alone/);
  });
});
