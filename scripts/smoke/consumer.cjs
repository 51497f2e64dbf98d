// CommonJS consumer of the packed tarball: `require`, real calls over HTTP to chainbill/testing's
// listen() and in process over fake.fetch, and `instanceof` across the CJS and the ESM copy of the
// package loaded together. msw is installed here, but `require('chainbill/testing')` must not load
// it (only chainbill/testing/msw does): Jest's CommonJS runtime cannot load msw's ESM-only
// dependencies (examples/jest/ proves the load in a project without msw).
const { AuthenticationError, Chainbill, isValidAddress } = require('chainbill');
const { createFakeChainbill } = require('chainbill/testing');
const { payoutsCreate } = require('chainbill/funcs');
const { signWebhook } = require('chainbill/webhooks');

const mswLoaded = Object.keys(require.cache).filter((file) => /[\\/]node_modules[\\/]msw[\\/]/.test(file));
if (mswLoaded.length > 0) throw new Error(`require('chainbill/testing') loaded msw: ${mswLoaded[0]}`);

// The built Keccak-256 and SHA-256 in the CJS build (see consumer.mjs).
const addresses = [
  isValidAddress('arbitrum', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'),
  !isValidAddress('arbitrum', '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'),
  isValidAddress('tron', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8'),
];
if (addresses.includes(false)) throw new Error(`isValidAddress is wrong in the CJS build: ${addresses}`);

// chainbill/webhooks in the CJS build: the standardwebhooks library's own vector.
const vector = signWebhook('{"test": 2432232314}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: new Date(1614265330 * 1000),
});
if (vector['webhook-signature'] !== 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  throw new Error(`signWebhook is wrong in the CJS build: ${vector['webhook-signature']}`);

async function main() {
  const fake = createFakeChainbill();
  const server = await fake.listen();
  try {
    const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
    const payout = await chainbill.payouts.create({
      recipient_address: '0x5ae3B1c9D2f47e8A6B0C3d9E1f2A4b6C8D0e1F23',
      chain: 'arbitrum',
      token: 'USDC',
      amount: 310,
      currency: 'USD',
    });
    const approved = await chainbill.payouts.approve(payout.id);
    const inProcess = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    const listed = await inProcess.payouts.list({ status: 'approved' }).toArray();
    const esm = await import('chainbill');
    let crossCopy = false;
    try {
      await new esm.Chainbill({
        apiKey: 'sk_test_unknown',
        baseUrl: server.url,
        maxRetries: 0,
      }).payouts.list();
    } catch (error) {
      crossCopy = error instanceof AuthenticationError && !(error.constructor === AuthenticationError);
    }
    if (approved.status !== 'approved' || listed[0]?.id !== approved.id || !crossCopy) {
      throw new Error('unexpected answers');
    }
    // Each CJS entry is its own bundle: a client made by chainbill's keeps its payout policy when
    // chainbill/funcs' function sends through it.
    const bounded = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: server.url,
      payoutPolicy: { maxAmount: { USDC: '100' } },
    });
    const over = {
      recipient_address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8',
      chain: 'tron',
      token: 'USDC',
      currency: 'USD',
    };
    const policyHeld = await payoutsCreate(bounded, { ...over, amount: 310 }).then(
      () => false,
      (error) => error.name === 'PayoutPolicyError',
    );
    if (!policyHeld) throw new Error("chainbill/funcs' payoutsCreate ignored the client's payout policy");
    console.log(
      `ok cjs require (node ${process.version}): ${approved.id} ${approved.status}, listed over fake.fetch; an ESM-copy error is instanceof the CJS class; chainbill/funcs keeps the client's policy; msw not loaded, via ${server.url}`,
    );
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
