/**
 * A long walk keeps memory flat (DESIGN.md: Lists). Moved from test/pagination-guards.test.ts into
 * the memory tier (vitest.config.ts): a fork of its own, run before the other tiers, so no other
 * test's garbage moves the figures.
 */
import { Chainbill } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { collectGarbage, settledHeap } from '../helpers.js';

describe('memory', () => {
  it('a 100 000-item walk keeps heap growth small', { timeout: 120_000 }, async () => {
    const fake = createFakeChainbill();
    for (let i = 0; i < 100_000; i++) fake.seed.payout({ amount: (i % 1000) + 1 });
    const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    fake.requests.length = 0;

    const before = await settledHeap();
    let count = 0;
    let peak = before;
    for await (const payout of chainbill.payouts.list({ limit: 100 })) {
      if (payout.id.startsWith('po_')) count += 1;
      // The live heap every 5 000 items: a walk that kept its items until the end and freed them
      // then would pass the check after the walk, not this one. Collected first, because a raw
      // sample is mostly garbage not yet collected, which varies with V8's heuristics, not with us.
      if (count % 5_000 === 0) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    const after = await settledHeap();
    const growthMb = (after - before) / 2 ** 20;
    const peakMb = (peak - before) / 2 ** 20;
    console.log(
      `100 000-item walk: retained heap growth ${growthMb.toFixed(2)} MB ` +
        `(peak +${peakMb.toFixed(1)} MB), ${fake.requests.length} requests`,
    );
    expect(count).toBe(100_000);
    expect(fake.requests).toHaveLength(1_000);
    expect(growthMb).toBeLessThan(8);
    // Measured on Node 20: about +9 MB (signals undici frees only once the walk's task ends);
    // keeping the 100 000 items reaches about +50 MB.
    expect(peakMb).toBeLessThan(32);
  });
});
