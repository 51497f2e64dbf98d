/**
 * What a revenue event feed reads and works through (docs/feed.md): a burst at one instant and a
 * replay read each page about once, the checkpoint read after each event costs the same whatever
 * the window holds, and a server that ignores `event_type` cannot make it yield other events.
 * Against a ledger made in process on demand, newest first; requests are counted, never timed.
 */
import { Chainbill, type Fetch, type RevenueEvent } from 'chainbill';
import { describe, expect, it, vi } from 'vitest';
import { testKey } from './scripted-fetch.js';

const base = Date.parse('2026-03-01T00:00:00.000Z');
// The server's clock: a day after the ledger's events, whatever this machine's says.
const serverDate = new Date(base + 86_400_000).toUTCString();

interface Ledger {
  fetch: Fetch;
  requests: () => number;
}

/** `GET /revenue/events` over `times` (ascending ms; event i is `rev_…i`), newest first. */
function ledger(
  times: number[],
  quirks: { types?: (i: number) => RevenueEvent['event_type']; noDate?: boolean } = {},
): Ledger {
  let requests = 0;
  const event = (i: number): RevenueEvent => {
    const at = new Date(times[i] ?? 0).toISOString();
    const type = quirks.types?.(i);
    const fields = { id: `rev_${String(i).padStart(6, '0')}`, org_id: 'org_1', amount: 10, currency: 'USD' };
    return {
      ...fields,
      occurred_at: at,
      created_at: at,
      ...(type === undefined ? {} : { event_type: type }),
    };
  };
  const firstAt = (ms: number) => {
    const i = times.findIndex((t) => t >= ms);
    return i === -1 ? times.length : i;
  };
  const fetch: Fetch = async (input) => {
    requests += 1;
    const url = new URL(input instanceof Request ? input.url : String(input));
    const from = Date.parse(url.searchParams.get('date_from') ?? '');
    const to = Date.parse(url.searchParams.get('date_to') ?? '');
    const first = Number.isNaN(from) ? 0 : firstAt(from);
    const last = (Number.isNaN(to) ? times.length : firstAt(to + 1)) - 1;
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const data = [];
    for (let i = last - offset; i >= first && data.length < limit; i--) data.push(event(i));
    const more = last - offset - limit >= first;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!quirks.noDate) headers['date'] = serverDate;
    return new Response(
      JSON.stringify({ data, has_more: more, next_cursor: more ? String(offset + limit) : null }),
      {
        headers,
      },
    );
  };
  return { fetch, requests: () => requests };
}

const client = (fetch: Fetch) =>
  new Chainbill({ apiKey: testKey, baseUrl: 'https://api.chainbill.test/v1', fetch, logLevel: 'off' });

/** Reads a feed from the first event until `count` came; the ids in the order yielded. */
async function readAll(source: Ledger, count: number, options = {}): Promise<string[]> {
  const ids: string[] = [];
  const feed = client(source.fetch).revenueEvents.watch({ from: new Date(base), ...options });
  for await (const event of feed) if (ids.push(event.id) === count) break;
  return ids;
}

const inOrder = (ids: string[]) => ids.every((id, i) => i === 0 || (ids[i - 1] ?? '') < id);

describe('a feed reads each page about once', () => {
  it('a burst of 20 000 events at one instant: about the 200 pages that hold it', {
    timeout: 60_000,
  }, async () => {
    const source = ledger(Array.from({ length: 20_000 }, () => base));
    const ids = await readAll(source, 20_000);
    expect(new Set(ids).size).toBe(20_000);
    expect(inOrder(ids)).toBe(true);
    expect(source.requests()).toBeLessThanOrEqual(1.05 * 200);
  });

  it('a replay of 20 000 events 10 ms apart: about the 200 pages that hold it', {
    timeout: 60_000,
  }, async () => {
    const source = ledger(Array.from({ length: 20_000 }, (_, i) => base + i * 10));
    const ids = await readAll(source, 20_000);
    expect(new Set(ids).size).toBe(20_000);
    expect(inOrder(ids)).toBe(true);
    expect(source.requests()).toBeLessThanOrEqual(1.1 * 200);
  });

  it('a server without a Date header: every event once, in order, reading its window again', async () => {
    const source = ledger(
      Array.from({ length: 6_000 }, (_, i) => base + i * 10),
      { noDate: true },
    );
    const ids = await readAll(source, 6_000);
    expect(new Set(ids).size).toBe(6_000);
    expect(inOrder(ids)).toBe(true);
  });
});

describe('the checkpoint read after each event', () => {
  it('costs the same whatever the window holds: no more is encoded per event with 8 000 ids in it', async () => {
    const window = 8_000;
    const source = ledger(Array.from({ length: window + 500 }, (_, i) => base + i * 10));
    const feed = client(source.fetch).revenueEvents.watch({ from: new Date(base), lookBackMs: window * 10 });
    let encoded = 0;
    let count = 0;
    let saved = '';
    for await (const event of feed) {
      if (++count === window) {
        const btoa = globalThis.btoa;
        const encode = TextEncoder.prototype.encode;
        vi.spyOn(globalThis, 'btoa').mockImplementation((text) => {
          encoded += text.length;
          return btoa(text);
        });
        vi.spyOn(TextEncoder.prototype, 'encode').mockImplementation(function (this: TextEncoder, text) {
          encoded += text?.length ?? 0;
          return encode.call(this, text);
        });
      }
      if (count > window) saved = feed.checkpoint;
      if (count === window + 499) break;
      expect(event.id).toBeTypeOf('string');
    }
    vi.restoreAllMocks();
    expect(encoded / 499).toBeLessThan(100);
    // It holds the window: a feed from it yields the one event left, and none of the 8 499 before.
    const rest: string[] = [];
    const resumed = client(source.fetch).revenueEvents.watch({ from: saved, lookBackMs: window * 10 });
    for await (const event of resumed) if (rest.push(event.id) === 1) break;
    expect(rest).toEqual(['rev_008499']);
  });
});

describe('a server that ignores event_type', () => {
  it('cannot make the feed yield other events: those that say another type are dropped', async () => {
    const types = ['refund', 'checkout_confirmed', undefined, 'subscription_charged'] as const;
    const source = ledger(
      Array.from({ length: 8 }, (_, i) => base + i * 10),
      { types: (i) => types[i % types.length] },
    );
    const ids = await readAll(source, 4, { event_type: 'refund' });
    // A refund, then one that says no type (the server's filter is taken for it), twice over.
    expect(ids).toEqual(['rev_000000', 'rev_000002', 'rev_000004', 'rev_000006']);
  });
});
