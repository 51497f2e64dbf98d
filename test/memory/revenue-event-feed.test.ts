/**
 * A revenue event feed keeps memory bounded by its window, not by how many events it has yielded
 * (docs/feed.md): a replay of 100 000 events through one feed, from a server that makes each page
 * on demand and holds nothing, so the heap measured is the feed's.
 */
import { Chainbill, type Fetch } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { collectGarbage, settledHeap } from '../helpers.js';

const total = 100_000;
const base = Date.parse('2026-01-01T00:00:00.000Z');
const spacingMs = 100; // ten events a second: a 60 s window holds 600 of them

/** The ledger `GET /revenue/events` serves: event i occurred at base + i * spacingMs. */
function event(i: number) {
  const at = new Date(base + i * spacingMs).toISOString();
  return {
    id: `rev_${String(i).padStart(6, '0')}`,
    org_id: 'org_1',
    amount: 10,
    currency: 'USD',
    occurred_at: at,
    created_at: at,
  };
}

/** Pages of the events within `date_from` and `date_to`, newest first; the cursor is an offset. */
const ledger: Fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const from = Date.parse(url.searchParams.get('date_from') ?? '') || base;
  const to = Date.parse(url.searchParams.get('date_to') ?? '') || Number.POSITIVE_INFINITY;
  const first = Math.max(0, Math.ceil((from - base) / spacingMs));
  const last = Math.min(total - 1, Math.floor((to - base) / spacingMs));
  const offset = Number(url.searchParams.get('cursor') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const data = [];
  for (let i = last - offset; i >= first && data.length < limit; i--) data.push(event(i));
  const more = last - offset - limit >= first;
  return new Response(
    JSON.stringify({ data, has_more: more, next_cursor: more ? String(offset + limit) : null }),
    {
      headers: { 'content-type': 'application/json' },
    },
  );
};

describe('memory', () => {
  it('a 100 000-event replay through one feed keeps the heap bounded', { timeout: 120_000 }, async () => {
    let requests = 0;
    const fetch: Fetch = (input, init) => {
      requests += 1;
      return ledger(input, init);
    };
    const chainbill = new Chainbill({
      apiKey: 'sk_test_memory_feed',
      baseUrl: 'https://api.chainbill.test/v1',
      fetch,
      logLevel: 'off',
    });
    const before = await settledHeap();
    let peak = before;
    let count = 0;
    let inOrder = true;
    let checkpoint = '';
    const feed = chainbill.revenueEvents.watch({ from: new Date(base) });
    for await (const e of feed) {
      inOrder &&= e.id === event(count).id;
      count += 1;
      // The live heap every 25 000 events (collected first: a raw sample is mostly garbage), with
      // the checkpoint a backend would save: its size is the window's too.
      if (count % 25_000 === 0) {
        checkpoint = feed.checkpoint;
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      if (count === total) break;
    }
    const after = await settledHeap();
    const growthMb = (after - before) / 2 ** 20;
    const peakMb = (peak - before) / 2 ** 20;
    console.log(
      `100 000-event feed: retained heap growth ${growthMb.toFixed(2)} MB (peak +${peakMb.toFixed(1)} MB), ` +
        `${requests} requests, checkpoint ${checkpoint.length} characters`,
    );
    expect(count).toBe(total);
    expect(inOrder).toBe(true);
    // 1 000 pages hold them: each is read about once, not once per poll of the replay.
    expect(requests).toBeLessThan(1_250);
    expect(checkpoint.length).toBeLessThan(40_000); // ids of one 60 s window, not of 100 000 events
    expect(growthMb).toBeLessThan(8);
    expect(peakMb).toBeLessThan(32);
  });
});
