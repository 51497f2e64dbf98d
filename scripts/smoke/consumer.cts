// TypeScript CommonJS consumer, compiled with `module`/`moduleResolution: node16` (types from .d.cts).
import { Chainbill, fromAtomicUnits, type PayoutIntent, type Token } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

/** Never called: proves the .d.cts types are real (an `any` would make the directive unused). */
export function typeChecks(): Token {
  // @ts-expect-error `Token` is 'USDT' | 'USDC'
  return 'DAI';
}

async function main(): Promise<void> {
  const fake = createFakeChainbill();
  const server = await fake.listen();
  try {
    const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
    const payout: PayoutIntent = await chainbill.payouts.create({
      recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
      chain: 'tron',
      token: 'USDT',
      amount: 1250.5,
      currency: 'USD',
    });
    const units = payout.amount_atomic === null ? '?' : fromAtomicUnits(payout.amount_atomic, 'USDT');
    console.log(`ok ts node16 cjs: ${payout.id} for ${units} USDT, via ${server.url}`);
  } finally {
    await server.close();
  }
}

// An unhandled rejection ends Node with exit code 1, which scripts/smoke.sh checks.
void main();
