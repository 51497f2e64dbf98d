/**
 * One `AbortSignal` shared by many calls keeps no listener and no memory per call. In the memory
 * tier (vitest.config.ts): a fork of its own, run before the other tiers, so no other test's
 * garbage moves the figure.
 */
import { getEventListeners } from 'node:events';
import { Chainbill } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { settledHeap } from '../helpers.js';

const emptyPage = { data: [], has_more: false, next_cursor: null };

describe('a shared AbortSignal', () => {
  it('keeps no listener, and no memory, per call it served', { timeout: 120_000 }, async () => {
    const body = JSON.stringify(emptyPage);
    const fetch = async (): Promise<Response> =>
      new Response(body, { headers: { 'content-type': 'application/json' } });
    const chainbill = new Chainbill({
      apiKey: 'sk_test_calls',
      baseUrl: 'https://api.chainbill.test/v1',
      fetch,
    });
    const shared = new AbortController().signal;
    // Warm up first, so compiled code and caches are not counted as growth.
    for (let i = 0; i < 5_000; i++) await chainbill.payouts.list({}, { signal: shared });
    const before = await settledHeap();
    for (let i = 0; i < 40_000; i++) await chainbill.payouts.list({}, { signal: shared });
    const growth = (await settledHeap()) - before;
    console.log(`40 000 calls on one signal: retained heap growth ${(growth / 2 ** 20).toFixed(2)} MB`);
    expect(getEventListeners(shared, 'abort')).toHaveLength(0);
    expect(growth / 2 ** 20).toBeLessThan(3);
  });
});
