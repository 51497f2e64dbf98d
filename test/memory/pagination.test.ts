/**
 * A long walk keeps memory flat (DESIGN.md: Lists). In the memory tier (vitest.config.ts): a fork
 * that runs one test file at a time, so no other test's garbage moves the figures.
 */
import { Chainbill } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { collectGarbage, fakeClient, settledHeap } from '../helpers.js';

const pages = 1_000;
const perPage = 100;

/**
 * A `fetch` that answers `GET /payouts` with `pages` pages of `perPage` payouts, each page made as
 * it is asked for: the server holds nothing, so the heap measured is the walk's own. The payouts
 * are one from the fake with a new id each.
 */
async function pagedFetch(): Promise<{ fetch: typeof fetch; requests: string[] }> {
  const { fake, client } = fakeClient();
  fake.seed.payout({ amount: 600 });
  const seeded = await client.payouts.list();
  const [template] = seeded.data;
  if (template === undefined) throw new Error('the fake seeded no payout');
  const requests: string[] = [];
  const fetch = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    requests.push(url.pathname + url.search);
    const page = Number(url.searchParams.get('cursor') ?? '0');
    const data = Array.from({ length: perPage }, (_, i) => ({
      ...template,
      id: `po_${(page * perPage + i).toString(16).padStart(24, '0')}`,
    }));
    const more = page + 1 < pages;
    const body = { data, has_more: more, next_cursor: more ? String(page + 1) : null };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { fetch, requests };
}

describe('memory', () => {
  it('a 100 000-item walk keeps heap growth small', { timeout: 120_000 }, async () => {
    const { fetch, requests } = await pagedFetch();
    const chainbill = new Chainbill({
      apiKey: 'sk_test_walk',
      baseUrl: 'https://api.chainbill.test/v1',
      fetch,
    });

    const before = await settledHeap();
    const ids = new Set<string>();
    let count = 0;
    let peak = before;
    for await (const payout of chainbill.payouts.list({ limit: perPage })) {
      count += 1;
      // Every 1 000th id, to see that pages follow each other without keeping every item.
      if (count % 1_000 === 1) ids.add(payout.id);
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
        `(peak +${peakMb.toFixed(1)} MB), ${requests.length} requests`,
    );
    expect(count).toBe(pages * perPage);
    expect(ids.size).toBe(100);
    expect(requests).toHaveLength(pages);
    expect(requests.at(-1)).toBe(`/v1/payouts?limit=${perPage}&cursor=${pages - 1}`);
    expect(growthMb).toBeLessThan(8);
    // Measured on Node 20: a few MB (signals undici frees only once the walk's task ends);
    // keeping the 100 000 items reaches about +50 MB.
    expect(peakMb).toBeLessThan(32);
  });
});
