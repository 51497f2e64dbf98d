/**
 * `isValidAddress` (docs/money.md): vectors from EIP-55 and from base58check
 * encodings, refusals, properties over generated addresses, and hostile input. Properties run on a
 * fixed seed, printed once; `FC_SEED=<n>` runs another. The checks `payouts.create` builds on
 * them: payout-checks.test.ts.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { isValidAddress } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Chain } from '../src/core/types.js';
import { tokenContracts } from '../src/payouts/address.js';
import { addressOf } from '../src/testing/state/addresses.js';

const seed = Number(process.env['FC_SEED'] ?? 1805);
console.log(`address properties: fast-check seed ${seed} (set FC_SEED to run another)`);
const runs = { seed, numRuns: 300 };

const chains: readonly Chain[] = ['tron', 'arbitrum', 'base'];
const evmChains: readonly Chain[] = ['arbitrum', 'base'];
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58check = createBase58check(sha256);
const account = fc.uint8Array({ minLength: 20, maxLength: 20 });

/** base58check of a version byte and an account, built here rather than by the code under test. */
const tronForm = (version: number, bytes: Uint8Array): string =>
  base58check.encode(Uint8Array.of(version, ...bytes));

/** The EIP-55 vectors of the EIP itself: all caps, all lower, and mixed case. */
const eip55Vectors = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
/** Real Tron addresses: the USDT and USDC contracts, the zero address, DESIGN.md's example. */
const tronVectors = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
  'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
];
const validTron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const validEvm = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The case of one character swapped. */
const flipCase = (text: string, i: number): string => {
  const c = text.charAt(i);
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  return text.slice(0, i) + flipped + text.slice(i + 1);
};

describe('isValidAddress: accepted', () => {
  it.each(eip55Vectors)('the EIP-55 vector %s, on arbitrum and base', (address) => {
    for (const chain of evmChains) expect(isValidAddress(chain, address)).toBe(true);
    expect(isValidAddress('tron', address)).toBe(false);
  });

  it.each(tronVectors)('the Tron address %s, on tron only', (address) => {
    expect(isValidAddress('tron', address)).toBe(true);
    for (const chain of evmChains) expect(isValidAddress(chain, address)).toBe(false);
  });

  it('the base58check encodings of 0x41 and an account: the zero address, and a generated one', () => {
    expect(tronForm(0x41, new Uint8Array(20))).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(isValidAddress('tron', tronForm(0x41, new Uint8Array(20).fill(7)))).toBe(true);
  });

  it('every USDT and USDC contract on its chain, in the case the issuer writes it', () => {
    for (const chain of chains) {
      for (const contract of Object.values(tokenContracts[chain]))
        expect(isValidAddress(chain, contract)).toBe(true);
    }
  });
});

describe('isValidAddress: refused', () => {
  it('the README tour address, whose base58check checksum fails', () => {
    expect(isValidAddress('tron', 'TXk8rQw5n3ZbY9c4hJ6u2PfLmE7sVd1aGt')).toBe(false);
  });

  it.each([
    ['one character short', validTron.slice(0, 33)],
    ['one character long', `${validTron}1`],
    ['empty', ''],
  ])('a Tron address %s', (_, address) => {
    expect(isValidAddress('tron', address)).toBe(false);
  });

  it('a right checksum over another version byte (0x42 still writes a T, 34 characters)', () => {
    const address = tronForm(0x42, new Uint8Array(20).fill(7));
    expect(address).toMatch(/^T.{33}$/);
    expect(isValidAddress('tron', address)).toBe(false);
    expect(isValidAddress('tron', tronForm(0x00, new Uint8Array(20).fill(7)))).toBe(false);
  });

  it.each(['0', 'O', 'I', 'l'])('a Tron address with %j, which base58 does not use', (char) => {
    expect(isValidAddress('tron', `${validTron.slice(0, 10)}${char}${validTron.slice(11)}`)).toBe(false);
  });

  it.each([
    ['one letter of a checksummed address in the other case', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['no 0x', validEvm.slice(2)],
    ['0X', `0X${validEvm.slice(2)}`],
    ['39 hex digits', validEvm.slice(0, 41)],
    ['41 hex digits', `${validEvm}0`],
    ['a non-hex digit', `${validEvm.slice(0, 41)}g`],
    ['a space', ` ${validEvm}`],
    ['just 0x', '0x'],
  ])('an EVM address with %s', (_, address) => {
    for (const chain of evmChains) expect(isValidAddress(chain, address)).toBe(false);
  });
});

describe('isValidAddress: properties', () => {
  it('any one-character change to a valid Tron address is refused', () => {
    const change = fc.record({
      bytes: account,
      at: fc.integer({ min: 0, max: 33 }),
      shift: fc.integer({ min: 1, max: base58Alphabet.length - 1 }),
    });
    fc.assert(
      fc.property(change, ({ bytes, at, shift }) => {
        const address = tronForm(0x41, bytes);
        const old = base58Alphabet.indexOf(address.charAt(at));
        const char = base58Alphabet.charAt((old + shift) % base58Alphabet.length);
        expect(isValidAddress('tron', address.slice(0, at) + char + address.slice(at + 1))).toBe(false);
      }),
      runs,
    );
  });

  it('flipping the case of one letter of a checksummed EVM address, still mixed, is refused', () => {
    fc.assert(
      fc.property(account, fc.nat(), (bytes, pick) => {
        const address = addressOf('base', bytes);
        const letters = [...address.slice(2)].flatMap((c, i) => (/[a-f]/i.test(c) ? [i + 2] : []));
        fc.pre(letters.length > 0);
        const flipped = flipCase(address, letters[pick % letters.length] ?? 2);
        const hex = flipped.slice(2);
        fc.pre(hex !== hex.toLowerCase() && hex !== hex.toUpperCase());
        for (const chain of evmChains) expect(isValidAddress(chain, flipped)).toBe(false);
      }),
      runs,
    );
  });

  it('an address made from any 20 bytes is accepted on its chain and refused by the other family', () => {
    fc.assert(
      fc.property(account, (bytes) => {
        const tron = addressOf('tron', bytes);
        const evm = addressOf('arbitrum', bytes);
        const lower = `0x${Buffer.from(bytes).toString('hex')}`;
        expect(isValidAddress('tron', tron)).toBe(true);
        expect(tron).toBe(tronForm(0x41, bytes));
        for (const chain of evmChains) {
          expect(isValidAddress(chain, evm)).toBe(true);
          expect(isValidAddress(chain, lower)).toBe(true);
          expect(isValidAddress(chain, lower.toUpperCase().replace('0X', '0x'))).toBe(true);
          expect(isValidAddress(chain, tron)).toBe(false);
        }
        expect(isValidAddress('tron', evm)).toBe(false);
      }),
      runs,
    );
  });
});

describe('isValidAddress: hostile input gives false, never a throw', () => {
  const throwing = {
    toString(): string {
      throw new Error('toString called');
    },
    get length(): number {
      throw new Error('length read');
    },
  };
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
    },
  );
  /** Labelled: a title built from the value itself would call the throwing `toString`. */
  const hostile: readonly (readonly [string, unknown])[] = [
    ['undefined', undefined],
    ['null', null],
    ['a number', 0],
    ['a bigint', 42n],
    ['a symbol', Symbol('tron')],
    ['an object', {}],
    ['an array', []],
    ['Object.create(null)', Object.create(null)],
    ['an object whose toString and length throw', throwing],
    ['a Proxy whose every read throws', trap],
    ['a String object', new String(validTron)],
    ['a function', () => validTron],
  ];

  it.each(hostile)('an address that is %s', (_, value) => {
    for (const chain of chains) expect(isValidAddress(chain, value)).toBe(false);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'TRON', 'Base', '', 'ethereum'])(
    'the chain %j',
    (chain) => {
      expect(isValidAddress(chain, validTron)).toBe(false);
      expect(isValidAddress(chain, validEvm)).toBe(false);
    },
  );

  it.each(hostile)('a chain that is %s', (_, value) => {
    expect(isValidAddress(value, validTron)).toBe(false);
  });

  it('a 10 MB string, and lone surrogates', () => {
    const huge = 'T'.repeat(10 * 1024 * 1024);
    for (const chain of chains) {
      expect(isValidAddress(chain, huge)).toBe(false);
      expect(isValidAddress(chain, `0x${huge}`)).toBe(false);
    }
    expect(isValidAddress('tron', `T${'\uD800'.repeat(33)}`)).toBe(false);
    expect(isValidAddress('base', `0x${'\uDC00'.repeat(40)}`)).toBe(false);
    expect(isValidAddress('base', `${validEvm.slice(0, 41)}\uD83D`)).toBe(false);
  });
});
