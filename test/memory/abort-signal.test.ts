/**
 * One `AbortSignal` shared by many calls keeps no listener and no memory per call. In the memory
 * tier (vitest.config.ts): a fork that runs one test file at a time, so no other test's garbage moves the figure.
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
    const calls = 10_000;
    // Warm up first, so compiled code and caches are not counted as growth.
    for (let i = 0; i < 2_000; i++) await chainbill.payouts.list({}, { signal: shared });
    const before = await settledHeap();
    for (let i = 0; i < calls; i++) await chainbill.payouts.list({}, { signal: shared });
    const perCall = ((await settledHeap()) - before) / calls;
    console.log(`${calls} calls on one signal: ${perCall.toFixed(0)} B of heap retained per call`);
    expect(getEventListeners(shared, 'abort')).toHaveLength(0);
    // A listener kept per call keeps its attempt with it, about 1.5 KB (docs/performance.md).
    expect(perCall).toBeLessThan(150);
  });
});
