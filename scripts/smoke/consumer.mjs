// ESM consumer of the packed tarball: `import`, one real call over HTTP to chainbill/testing.
// Runs on Node, Bun and Deno (scripts/smoke.sh).
import { AuthenticationError, Chainbill, isValidAddress } from 'chainbill';
import { ChainbillCore } from 'chainbill/core';
import { payoutsCreate, payoutsList } from 'chainbill/funcs';
import { createFakeChainbill } from 'chainbill/testing';
import { signWebhook, verifyWebhook } from 'chainbill/webhooks';

const runtime = globalThis.Deno
  ? `deno ${globalThis.Deno.version.deno}`
  : globalThis.Bun
    ? `bun ${globalThis.Bun.version}`
    : `node ${process.version}`;

// The built Keccak-256 and SHA-256 (tsup.config.ts rewrites sha3's table header): an EIP-55 vector,
// the same with one letter's case flipped, and a Tron address.
const addresses = [
  isValidAddress('base', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
  !isValidAddress('base', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'),
  isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
];
if (addresses.includes(false)) throw new Error(`isValidAddress is wrong in the build: ${addresses}`);

// chainbill/webhooks as built (standardwebhooks inlined): the library's own vector, then a round trip.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const vector = signWebhook('{"test": 2432232314}', secret, {
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: new Date(1614265330 * 1000),
});
if (vector['webhook-signature'] !== 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  throw new Error(`signWebhook is wrong in the build: ${vector['webhook-signature']}`);
const body = JSON.stringify({ type: 'refund', timestamp: '2026-11-26T10:00:00Z', data: { id: 'rev_1' } });
if (verifyWebhook(body, signWebhook(body, secret, { id: 'rev_1' }), secret).data.id !== 'rev_1')
  throw new Error('verifyWebhook is wrong in the build');

const fake = createFakeChainbill();
const server = await fake.listen();
try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
  const payout = await chainbill.payouts.create({
    recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
    chain: 'tron',
    token: 'USDT',
    amount: 12.5,
    currency: 'USD',
  });
  const listed = await chainbill.payouts.list().toArray();
  let refused = 'nothing';
  try {
    await new Chainbill({ apiKey: 'sk_test_unknown', baseUrl: server.url, maxRetries: 0 }).payouts.list();
  } catch (error) {
    if (error instanceof AuthenticationError) refused = `AuthenticationError ${error.status}`;
  }
  if (listed.length !== 1 || refused === 'nothing') throw new Error('unexpected answers');
  // The other door: a bare core and one function per operation.
  const core = new ChainbillCore({ apiKey: fake.apiKey, baseUrl: server.url });
  const drafted = await payoutsCreate(core, {
    recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
    chain: 'tron',
    token: 'USDC',
    amount: 7,
    currency: 'USD',
  });
  const drafts = await payoutsList(core, { status: 'draft' }).toArray();
  if (drafts.length !== 2 || !drafts.some((p) => p.id === drafted.id))
    throw new Error('the core door listed wrong');
  console.log(
    `ok esm import (${runtime}): created ${payout.id} (${payout.amount_atomic} atomic), listed ${listed.length}, wrong key -> ${refused}; core + funcs: ${drafted.id}, ${drafts.length} drafts; via ${server.url}`,
  );
} finally {
  await server.close();
}
// No explicit exit: chainbill/testing no longer imports msw (whose BroadcastChannel kept Deno up,
// mswjs/msw#2196), so a runtime that does not exit by itself here is a regression: smoke.sh's
// timeout fails it.
