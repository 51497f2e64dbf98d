/**
 * The checks `payouts.create` runs before sending (DESIGN.md: Money safety; issue 18), as the two
 * internal helpers it calls: what their messages say (the chain, the problem, how to fix it; never
 * the address), no more. Also the real-form addresses `chainbill/testing` generates. The property
 * runs on a fixed seed, printed once; `FC_SEED=<n>` runs another.
 */
import { isValidAddress, toAtomicUnits } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  recipientAddressProblem,
  tokenAmountProblem,
  tokenContracts,
  zeroAddresses,
} from '../src/core/address.js';
import type { Chain } from '../src/core/types.js';
import { checksumAddress, randomAddress } from '../src/testing/addresses.js';

const seed = Number(process.env['FC_SEED'] ?? 1805);
console.log(`payout check properties: fast-check seed ${seed} (set FC_SEED to run another)`);
const runs = { seed, numRuns: 300 };
const chains: readonly Chain[] = ['tron', 'arbitrum', 'base'];
const validTron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The mixed-case EIP-55 vectors of the EIP itself. */
const eip55Vectors = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('testing/addresses', () => {
  it('randomAddress gives real-form addresses, never the zero address', () => {
    for (const chain of chains) {
      for (let i = 0; i < 50; i++) {
        const address = randomAddress(chain);
        expect(isValidAddress(chain, address)).toBe(true);
        expect(recipientAddressProblem(chain, address)).toBeNull();
      }
    }
  });

  it('checksumAddress writes the EIP-55 case of the vectors', () => {
    for (const vector of eip55Vectors) expect(checksumAddress(vector.toLowerCase())).toBe(vector);
  });
});

describe('recipientAddressProblem (payouts.create): the message names the chain, never the address', () => {
  const expectMessage = (chain: Chain, address: string, words: RegExp): void => {
    const message = recipientAddressProblem(chain, address);
    expect(message).toMatch(words);
    expect(message).toContain(chain);
    expect(message).not.toContain(address);
    expect(message).not.toMatch(/\n/);
  };

  it('a failed checksum, a wrong length, a case slip', () => {
    expectMessage('tron', 'TXk8rQw5n3ZbY9c4hJ6u2PfLmE7sVd1aGt', /^is not a valid tron address: .*checksum/);
    expectMessage('tron', validTron.slice(0, 33), /^is not a valid tron address: .*33 characters/);
    expectMessage(
      'base',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      /^is not a valid base address: .*EIP-55/,
    );
  });

  it('the zero address of each chain', () => {
    for (const chain of chains)
      expectMessage(chain, zeroAddresses[chain], /^is the zero address on \w+: .*lost/);
  });

  it('each USDT and USDC contract on its chain, in any case', () => {
    for (const chain of chains) {
      for (const [token, contract] of Object.entries(tokenContracts[chain])) {
        const words = new RegExp(`^is the ${token} contract on ${chain}: .*lost`);
        expectMessage(chain, contract, words);
        if (chain !== 'tron') expectMessage(chain, contract.toLowerCase(), words);
        if (chain !== 'tron') expectMessage(chain, `0x${contract.slice(2).toUpperCase()}`, words);
      }
    }
  });
});

describe('tokenAmountProblem (payouts.create): more than 6 decimals', () => {
  it.each([10.1234567, 0.1 + 0.2, 1e-7, 1.5e-10])('%s is refused, with how to fix it', (amount) => {
    const message = tokenAmountProblem(amount);
    expect(message).toMatch(/6 decimals/);
    expect(message).toMatch(/toAtomicUnits/);
  });

  it.each([10.123456, 12.5, 0.000001, 0.01, 1e21, 0])('%s is fine', (amount) => {
    expect(tokenAmountProblem(amount)).toBeNull();
  });

  it('agrees with toAtomicUnits on every amount in plain form', () => {
    // Any double, and amounts of exactly 6 and of 7 decimals (n / 1e6 is the double nearest them).
    const amounts = fc.oneof(
      fc.double({ min: 0, max: 1e15, noNaN: true }),
      fc.nat({ max: 2 ** 40 }).map((n) => n / 1e6),
      fc.nat().map((n) => n / 1e7),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        fc.pre(!String(amount).includes('e'));
        expect(tokenAmountProblem(amount) === null).toBe(!throws(() => toAtomicUnits(amount, 'USDT')));
      }),
      runs,
    );
  });
});

function throws(run: () => unknown): boolean {
  try {
    run();
    return false;
  } catch {
    return true;
  }
}
