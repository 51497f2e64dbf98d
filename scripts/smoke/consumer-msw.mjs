// msw consumer of the packed tarball: handlers(fake) from chainbill/testing/msw (the only entry
// that imports msw, installed here as msw@2), answering the client's ordinary fetch calls to
// fake.baseUrl through msw's setupServer. Node only: msw/node.
import { Chainbill, NotFoundError } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import { handlers } from 'chainbill/testing/msw';
import { setupServer } from 'msw/node';

const fake = createFakeChainbill();
const server = setupServer(...handlers(fake));
server.listen({ onUnhandledRequest: 'error' });
try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, maxRetries: 0 });
  const payout = await chainbill.payouts.create({
    recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
    chain: 'tron',
    token: 'USDT',
    amount: 20,
    currency: 'USD',
  });
  const listed = await chainbill.payouts.list().toArray();
  // A path outside the base path is the API's 404, not msw's unhandled-request error.
  const outside = new Chainbill({
    apiKey: fake.apiKey,
    baseUrl: new URL(fake.baseUrl).origin,
    maxRetries: 0,
  });
  const refused = await outside.payouts.list().then(
    () => 'nothing',
    (error) => (error instanceof NotFoundError ? `NotFoundError ${error.code}` : String(error)),
  );
  if (listed.length !== 1 || listed[0].id !== payout.id || refused !== 'NotFoundError route_not_found') {
    throw new Error(`unexpected answers: ${listed.length} listed, outside /v1 -> ${refused}`);
  }
  console.log(
    `ok msw (node ${process.version}): setupServer(...handlers(fake)) answered ${payout.id}, listed ${listed.length}, outside /v1 -> ${refused}, at ${fake.baseUrl}`,
  );
} finally {
  server.close();
}
