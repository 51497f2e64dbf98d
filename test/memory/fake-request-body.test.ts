/**
 * The fake refuses a body over 1 MiB while it streams, without buffering it, measured as the
 * process's RSS over real HTTP. In the memory tier (vitest.config.ts): a fork that runs one test
 * file at a time, so no other test's work moves the peak.
 */
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { apiError, clientOf, MiB, payout, streamBody } from '../fake/edge-helpers.js';
import { useFakeServers } from '../loopback.js';

const listening = useFakeServers();

describe('bodies over 1 MiB are refused while they stream', () => {
  it.each([false, true])(
    'over listen(): a 64 MiB body (Content-Length declared: %s) is 413, not buffered',
    async (declareLength) => {
      const fake = createFakeChainbill();
      const { url } = await listening(fake);
      const before = process.memoryUsage().rss;
      const answer = await streamBody(`${url}/payouts`, fake.apiKey, { bytes: 64 * MiB, declareLength });
      expect({ status: answer.status, json: answer.json }).toEqual(apiError(413, 'body_too_large'));
      expect(answer.written).toBeLessThan(64 * MiB);
      expect(answer.peakRss - before).toBeLessThan(32 * MiB);
      // The server is still up and answers the next request.
      await expect(clientOf(fake, url, { fetch: false }).payouts.create(payout)).resolves.toMatchObject({
        status: 'draft',
      });
    },
  );
});
