/**
 * The chainbill demo: a merchant's day, told through the public client over real HTTP (payouts, a
 * payout policy and a preview, billing, the change feed, a consumer and a budget on PGlite), and
 * what the fake adds for tests: a test clock and a lost answer retried into one payout.
 *
 *   npm run demo                      # against the embedded fake API (chainbill/testing)
 *   CHAINBILL_API_KEY=sk_test_… CHAINBILL_BASE_URL=https://…/v1 npm run demo   # against a server
 */
import { Chainbill } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { billingStory } from './demo/billing.js';
import { feedStory } from './demo/feed.js';
import { fleetStory } from './demo/fleet.js';
import { payoutStory } from './demo/payouts.js';
import { policyStory } from './demo/policy.js';
import { testingStory } from './demo/testing.js';

async function main(): Promise<void> {
  const apiKey = process.env['CHAINBILL_API_KEY'];
  const baseUrl = process.env['CHAINBILL_BASE_URL'];
  let fake: FakeChainbill | undefined;
  let target: { apiKey: string; baseUrl: string; close(): Promise<void> };
  if (apiKey && baseUrl) {
    target = { apiKey, baseUrl, close: async () => {} };
    console.log(`chainbill demo against ${baseUrl}`);
  } else {
    fake = createFakeChainbill();
    const server = await fake.listen();
    target = { apiKey: fake.apiKey, baseUrl: server.url, close: server.close };
    console.log(`chainbill demo against the fake API at ${server.url} (real HTTP on loopback)`);
  }
  try {
    const chainbill = new Chainbill({ apiKey: target.apiKey, baseUrl: target.baseUrl });
    console.log(`   environment: ${chainbill.environment}`);
    await payoutStory(chainbill, target.baseUrl, fake);
    await policyStory(chainbill, fake);
    await billingStory(chainbill, fake);
    await feedStory(chainbill, fake);
    await fleetStory(chainbill, fake);
    if (fake) await testingStory(chainbill, fake);
    if (fake) console.log(`\nThe fake answered ${fake.requests.length} HTTP requests. Done.`);
    else console.log('\nDone.');
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
