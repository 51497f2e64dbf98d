/**
 * A payout is irreversible (DESIGN.md: Money safety): `payouts.create` refuses, before anything is
 * sent, a recipient address that is not one of its chain, the zero address, the token's own
 * contract, and an amount finer than the token; the fake refuses the same, reading the same
 * operation. Addresses here are real forms, except those that prove a refusal.
 */
import { BadRequestError, ConfigurationError, RequestValidationError, toAtomicUnits } from 'chainbill';
import { randomAddress } from 'chainbill/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from './helpers.js';
import { payoutParams as payout } from './scripted-fetch.js';

const { fake, client, raw, refusedBeforeSending } = useFakeApi();

/** The contracts and zero addresses DESIGN.md lists, by chain, as the spec of the refusal. */
const lost = {
  tron: [
    ['USDT contract', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['USDC contract', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8'],
    ['zero address', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
  ],
  arbitrum: [
    ['USDT contract', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'],
    ['USDC contract', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'],
    ['zero address', '0x0000000000000000000000000000000000000000'],
  ],
  base: [
    ['USDC contract', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    ['zero address', '0x0000000000000000000000000000000000000000'],
  ],
} as const;

/** A token the chain has: base has USDC only. */
const tokenOn = (chain: string) => (chain === 'base' ? 'USDC' : 'USDT');

/** The refusal of `payouts.create`, checked: nothing sent, the param, one line naming the chain, not quoting the address. */
async function refused(params: object, param: string, words: RegExp): Promise<RequestValidationError> {
  const call = client().payouts.create({ ...payout, ...params } as never);
  await refusedBeforeSending(call, param);
  const error = (await call.then(undefined, (e: unknown) => e)) as RequestValidationError;
  expect(error.message).toMatch(words);
  expect(error.message).not.toMatch(/\n/);
  const address = (params as { recipient_address?: unknown }).recipient_address;
  if (typeof address === 'string' && address.length > 2) expect(error.message).not.toContain(address);
  return error;
}

describe('payouts.create: recipient addresses', () => {
  it('sends a real address of each chain, in any valid case', async () => {
    const base = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await client().payouts.create(payout);
    await client().payouts.create({ ...payout, chain: 'base', token: 'USDC', recipient_address: base });
    await client().payouts.create({ ...payout, chain: 'arbitrum', recipient_address: base.toLowerCase() });
    await client().payouts.create({
      ...payout,
      chain: 'arbitrum',
      recipient_address: `0x${base.slice(2).toUpperCase()}`,
    });
    expect(fake().requests.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  });

  it("refuses the README's old tour address: its base58check checksum fails", async () => {
    await refused(
      { recipient_address: 'TXk8rQw5n3ZbY9c4hJ6u2PfLmE7sVd1aGt' },
      'recipient_address',
      /is not a valid tron address: its base58check checksum does not match/,
    );
  });

  it('refuses a checksummed EVM address with one letter of the wrong case', async () => {
    await refused(
      { chain: 'base', token: 'USDC', recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      'recipient_address',
      /is not a valid base address: .*EIP-55/,
    );
  });

  it("refuses an address of another chain's form", async () => {
    await refused({ chain: 'arbitrum' }, 'recipient_address', /is not a valid arbitrum address/);
    await refused(
      { recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      'recipient_address',
      /is not a valid tron address/,
    );
  });

  const rows = Object.entries(lost).flatMap(([chain, addresses]) =>
    addresses.map(([what, address]) => [chain, what, address] as const),
  );
  it.each(rows)(
    'refuses the %s %s, whatever its case: tokens sent there are lost',
    async (chain, what, address) => {
      const words = new RegExp(
        what === 'zero address'
          ? `is the zero address on ${chain}:.* lost`
          : `is the ${what.replace(' contract', '')} contract on ${chain}:.* lost`,
      );
      const cases =
        chain === 'tron'
          ? [address]
          : [address, address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`];
      for (const form of cases) {
        await refused({ chain, token: tokenOn(chain), recipient_address: form }, 'recipient_address', words);
      }
    },
  );

  it.each([
    ['a trailing space', 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn ', 'tron'],
    ['a leading space', ' TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn', 'tron'],
    ['a trailing newline', 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn\n', 'tron'],
    ['a trailing CRLF', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\r\n', 'arbitrum'],
    ['a leading tab', '\t0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'arbitrum'],
  ])('says an address with %s has whitespace, not a wrong length', async (_, address, chain) => {
    const error = await refused(
      { chain, recipient_address: address },
      'recipient_address',
      new RegExp(`is not a valid ${chain} address: it has leading or trailing whitespace$`),
    );
    expect(error.message).not.toMatch(/characters|digits/);
  });

  it('names the chain, not the address, when the chain is not one of the three', async () => {
    await refused({ chain: 'solana' }, 'chain', /must be one of/);
    await refused({ recipient_address: undefined }, 'recipient_address', /must be a string/);
  });

  it('the fake refuses the same addresses with 400 parameter_invalid, reading the same check', async () => {
    for (const address of ['TXk8rQw5n3ZbY9c4hJ6u2PfLmE7sVd1aGt', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']) {
      const answer = await raw('POST', '/payouts', { ...payout, recipient_address: address });
      expect(answer).toMatchObject({
        status: 400,
        json: { error: { code: 'parameter_invalid', param: 'recipient_address' } },
      });
    }
  });

  it('checkAddresses: false sends the address for the service to judge (the fake still refuses it)', async () => {
    const loose = client({ checkAddresses: false });
    const call = loose.payouts.create({ ...payout, recipient_address: 'TXk8rQw5n3ZbY9c4hJ6u2PfLmE7sVd1aGt' });
    await expect(call).rejects.toBeInstanceOf(BadRequestError);
    await expect(call).rejects.toMatchObject({ status: 400, param: 'recipient_address' });
    expect(fake().requests).toHaveLength(1);
    const copy = client().withOptions({ checkAddresses: false });
    await expect(
      copy.payouts.create({
        ...payout,
        chain: 'base',
        token: 'USDC',
        recipient_address: '0x0000000000000000000000000000000000000000',
      }),
    ).rejects.toBeInstanceOf(BadRequestError);
    expect(fake().requests).toHaveLength(2);
    // The other checks stay on.
    await expect(loose.payouts.create({ ...payout, amount: 10.1234567 })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(fake().requests).toHaveLength(2);
  });

  it('checkAddresses takes true or false only', () => {
    expect(() => client({ checkAddresses: 'no' as never })).toThrow(ConfigurationError);
    expect(() => client().withOptions({ checkAddresses: 0 as never })).toThrow(ConfigurationError);
  });

  it('randomAddress (chainbill/testing) makes real addresses a payout accepts', async () => {
    for (const chain of ['tron', 'arbitrum', 'base'] as const)
      await client().payouts.create({
        ...payout,
        chain,
        token: tokenOn(chain),
        recipient_address: randomAddress(chain),
      });
    expect(fake().requests.map((r) => r.status)).toEqual([201, 201, 201]);
  });
});

describe('payouts.create: a token the chain has', () => {
  it('refuses USDT on base before sending, naming the tokens base has', async () => {
    const onBase = {
      chain: 'base',
      token: 'USDT',
      recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    };
    const error = await refused(
      onBase,
      'token',
      /^Invalid parameter `token`: USDT is not on base, which has USDC only$/,
    );
    expect(error.issues).toEqual([
      { path: ['token'], code: 'custom', message: 'USDT is not on base, which has USDC only' },
    ]);
  });

  it('the fake refuses it too, with 400 and param token', async () => {
    const answer = await raw('POST', '/payouts', {
      ...payout,
      chain: 'base',
      recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(answer).toMatchObject({
      status: 400,
      json: {
        error: { code: 'parameter_invalid', param: 'token', message: expect.stringContaining('USDC only') },
      },
    });
  });

  it('sends each token its chain has, and checkAddresses: false does not turn the token check off', async () => {
    const evm = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    for (const [chain, token] of [
      ['tron', 'USDT'],
      ['tron', 'USDC'],
      ['arbitrum', 'USDT'],
      ['arbitrum', 'USDC'],
      ['base', 'USDC'],
    ] as const)
      await client().payouts.create({
        ...payout,
        chain,
        token,
        recipient_address: chain === 'tron' ? payout.recipient_address : evm,
      });
    expect(fake().requests.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const loose = client({ checkAddresses: false }).payouts.create({
      ...payout,
      chain: 'base',
      recipient_address: evm,
    });
    await expect(loose).rejects.toMatchObject({ param: 'token' });
    expect(fake().requests).toHaveLength(5);
  });
});

describe('payouts.create: amounts no finer than the token', () => {
  it.each([10.1234567, 0.1 + 0.2, 1e-7 + 0.01])('refuses %s, saying how to fix it', async (amount) => {
    await refused({ amount }, 'amount', /decimal places .* round it to 6 decimals, or .*toAtomicUnits/);
  });

  it('the fake refuses it too', async () => {
    const answer = await raw('POST', '/payouts', { ...payout, amount: 10.1234567 });
    expect(answer).toMatchObject({ status: 400, json: { error: { param: 'amount' } } });
  });

  it('sends 6 decimals, and what toAtomicUnits gives back as a number', async () => {
    await client().payouts.create({ ...payout, amount: 10.123456 });
    await client().payouts.create({ ...payout, amount: Number('0.000001') + 0.01 });
    expect(fake().requests.map((r) => r.status)).toEqual([201, 201]);
  });

  it('refuses an amount exactly when toAtomicUnits cannot convert it', async () => {
    const amounts = fc.oneof(
      fc.nat({ max: 2 ** 40 }).map((n) => n / 1e6 + 0.01),
      fc.nat({ max: 2 ** 30 }).map((n) => n / 1e7 + 0.01),
      fc.double({ min: 0.01, max: 1e12, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(amounts, async (amount) => {
        fc.pre(!String(amount).includes('e'));
        const exact = (() => {
          try {
            toAtomicUnits(amount, 'USDT');
            return true;
          } catch {
            return false;
          }
        })();
        const sent = await client({ validateResponses: false })
          .payouts.create({ ...payout, amount })
          .then(
            () => true,
            (error: unknown) => !(error instanceof RequestValidationError),
          );
        expect(sent).toBe(exact);
      }),
      { numRuns: 150 },
    );
  });
});
