// CommonJS consumer of the packed tarball: `require`, one real call over HTTP to chainbill/testing,
// and `instanceof` across the CJS and the ESM copy of the package loaded together.
const { AuthenticationError, Chainbill } = require('chainbill');
const { createFakeChainbill } = require('chainbill/testing');

async function main() {
  const fake = createFakeChainbill();
  const server = await fake.listen();
  try {
    const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });
    const payout = await chainbill.payouts.create({
      recipient_address: '0x5aE3b1c9D2f47e8A6B0c3d9E1f2A4b6C8d0E1f23',
      chain: 'arbitrum',
      token: 'USDC',
      amount: 310,
      currency: 'USD',
    });
    const approved = await chainbill.payouts.approve(payout.id);
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
    if (approved.status !== 'approved' || !crossCopy) throw new Error('unexpected answers');
    console.log(
      `ok cjs require (node ${process.version}): ${approved.id} ${approved.status}; an ESM-copy error is instanceof the CJS class, via ${server.url}`,
    );
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
