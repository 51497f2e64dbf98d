import { Chainbill, type Page, type PayoutIntent } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from './helpers.js';

const { fake, client } = useFakeApi();

function seedPayouts(count: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(fake().seed.payout({ amount: i + 1 }).id);
  return ids.reverse(); // newest first, as the API lists them
}

describe('cursor pagination', () => {
  it('awaits to the first page with data, has_more, next_cursor and getNextPage()', async () => {
    const ids = seedPayouts(5);
    const first = await client().payouts.list({ limit: 2 });
    expect(first.data.map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.has_more).toBe(true);
    expect(first.hasNextPage()).toBe(true);
    expect(typeof first.next_cursor).toBe('string');
    const second = await first.getNextPage();
    expect(second.data.map((p) => p.id)).toEqual(ids.slice(2, 4));
    const third = await second.getNextPage();
    expect(third.data.map((p) => p.id)).toEqual(ids.slice(4));
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow('No next page');
    expect(fake().requests.map((r) => r.query['cursor'])).toEqual([
      undefined,
      first.next_cursor,
      second.next_cursor,
    ]);
  });

  it('for await walks every item across pages, in order, each once', async () => {
    const ids = seedPayouts(23);
    const seen: string[] = [];
    for await (const payout of client().payouts.list({ limit: 5, status: 'draft' })) seen.push(payout.id);
    expect(seen).toEqual(ids);
    expect(fake().requests).toHaveLength(5);
    expect(fake().requests.every((r) => r.query['status'] === 'draft' && r.query['limit'] === '5')).toBe(
      true,
    );
  });

  it('.pages() yields every page', async () => {
    seedPayouts(7);
    const sizes: number[] = [];
    for await (const page of client().payouts.list({ limit: 3 }).pages()) sizes.push(page.data.length);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('.toArray({ max }) collects every item, and refuses to cut a longer list', async () => {
    const ids = seedPayouts(12);
    expect((await client().payouts.list({ limit: 5 }).toArray({ max: 12 })).map((p) => p.id)).toEqual(ids);
    await expect(client().payouts.list({ limit: 5 }).toArray({ max: 11 })).rejects.toThrow(RangeError);
  });

  it('sends next_cursor back exactly as received', async () => {
    const cursors = ['opaque/+=cursor 1', 'c2'];
    const sent: (string | null)[] = [];
    const pages = [
      { data: [], has_more: true, next_cursor: cursors[0] },
      { data: [], has_more: true, next_cursor: cursors[1] },
      { data: [], has_more: false, next_cursor: null },
    ];
    const api = new Chainbill({
      apiKey: 'sk_test_1',
      baseUrl: 'https://api.chainbill.test/v1',
      fetch: async (input) => {
        sent.push(new URL(new Request(input).url).searchParams.get('cursor'));
        return Response.json(pages[sent.length - 1]);
      },
    });
    const all: PayoutIntent[] = [];
    for await (const payout of api.payouts.list()) all.push(payout);
    expect(all).toEqual([]);
    expect(sent).toEqual([null, ...cursors]);
  });

  it('withResponse on a list gives the first page', async () => {
    seedPayouts(3);
    const { data, response } = await client().payouts.list({ limit: 2 }).withResponse();
    const page: Page<PayoutIntent> = data;
    expect(page.data).toHaveLength(2);
    expect(response.status).toBe(200);
  });

  it('settlements page the same way', async () => {
    for (let i = 0; i < 4; i++) fake().simulate.settlePayout(fake().seed.payout({ status: 'approved' }).id);
    const records = await client().payouts.settlements.list({ limit: 1 }).toArray();
    expect(new Set(records.map((r) => r.payout_intent_id)).size).toBe(4);
  });
});
