// TypeScript ESM consumer, compiled with `module`/`moduleResolution: node16` (types from .d.ts).
import {
  AuthenticationError,
  Chainbill,
  type Page,
  type PayoutCreateParams,
  type PayoutIntent,
} from 'chainbill';
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';

/** Never called: proves the types are real (an `any` would make the directives unused). */
export function typeChecks(error: unknown): PayoutCreateParams['chain'] {
  // @ts-expect-error `status` is not a number
  if (error instanceof AuthenticationError) error.status satisfies string;
  // @ts-expect-error `chain` is a closed enum in requests
  return 'solana';
}

const fake: FakeChainbill = createFakeChainbill();
const server: FakeServer = await fake.listen();
try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
  const created: PayoutIntent = await chainbill.payouts.create({
    recipient_address: '0x9BC4d2E1F0a3B5C7d9e2F4A6b8c0d1e3F5a7B9c1',
    chain: 'base',
    token: 'USDC',
    amount: 75.25,
    currency: 'USD',
    due_date: new Date('2026-12-01T00:00:00Z'),
  });
  const page: Page<PayoutIntent> = await chainbill.payouts.list({ limit: 10 });
  console.log(
    `ok ts node16 esm: ${created.id} due ${created.due_date}, first page ${page.data.length}, via ${server.url}`,
  );
} finally {
  await server.close();
}
