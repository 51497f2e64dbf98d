/**
 * The list guards (DESIGN.md: Lists): `has_more` alone decides, a page that would loop or stop
 * silently rejects, `break` stops fetching (memory over a long walk: test/memory/pagination.test.ts).
 */

import { Chainbill, ResponseValidationError } from 'chainbill';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { envelope, payoutFixture, testBaseUrl, testKey } from './scripted-fetch.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = (): Chainbill =>
  new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, maxRetries: 0, logLevel: 'off' });

/** Serves `GET {path}` from `answer(query)`, recording each query; stops a runaway loop at 20 requests. */
function serve(path: string, answer: (query: URLSearchParams) => JsonBodyType): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${testBaseUrl}${path}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      if (queries.length > 20) return HttpResponse.json({ error: { message: 'runaway' } }, { status: 400 });
      return HttpResponse.json(answer(query));
    }),
  );
  return queries;
}

const po = (n: number) => payoutFixture({ id: `po_${n}` });
const customer = (n: number) => ({
  id: `cus_${n}`,
  org_id: 'org_1',
  email: `c${n}@example.com`,
  name: null,
  external_id: null,
  metadata: {},
  environment: 'sandbox',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
});

/** Cursor pages from a table: cursor sent (or '' for the first page) → envelope. */
function cursorPages(table: Record<string, JsonBodyType>): (query: URLSearchParams) => JsonBodyType {
  return (query) => table[query.get('cursor') ?? ''] ?? null;
}

describe('has_more alone decides', () => {
  it('an empty page with has_more: true and a cursor goes on to the next page', async () => {
    const queries = serve(
      '/payouts',
      cursorPages({
        '': envelope([po(1)], 'c1'),
        c1: envelope([], 'c2'),
        c2: envelope([], 'c3'),
        c3: envelope([po(2)]),
      }),
    );
    const ids: string[] = [];
    for await (const payout of client().payouts.list()) ids.push(payout.id);
    expect(ids).toEqual(['po_1', 'po_2']);
    expect(queries.map((q) => q.get('cursor'))).toEqual([null, 'c1', 'c2', 'c3']);
  });

  it('a full page with has_more: false stops, even with a next_cursor', async () => {
    const queries = serve(
      '/payouts',
      cursorPages({ '': { data: [po(1), po(2)], has_more: false, next_cursor: 'c1' } }),
    );
    const items = await client().payouts.list({ limit: 2 }).toArray();
    expect(items).toHaveLength(2);
    expect(queries).toHaveLength(1);
  });
});

describe('cursor lists reject pages that would loop or stop silently', () => {
  it.each([
    ['null', null],
    ['empty', ''],
    ['absent', undefined],
  ])('has_more: true with a %s next_cursor rejects with ResponseValidationError', async (_, cursor) => {
    const queries = serve('/payouts', () => ({ data: [po(1)], has_more: true, next_cursor: cursor }));
    const seen: string[] = [];
    const walk = async (): Promise<void> => {
      for await (const payout of client().payouts.list()) seen.push(payout.id);
    };
    const error = await failure(walk());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ status: 200, issues: [{ code: 'invalid_pagination' }] });
    expect((error as Error).message).toContain('next_cursor is missing');
    expect(queries).toHaveLength(1);
  });

  it('rejects when awaiting the first page, before anyone iterates', async () => {
    serve('/payouts', () => ({ data: [], has_more: true, next_cursor: null }));
    await expect(client().payouts.list()).rejects.toThrow(ResponseValidationError);
  });

  it('a cursor that repeats the one just sent rejects', async () => {
    const queries = serve('/payouts/settlements', (query) =>
      envelope([], query.get('cursor') === 'c1' ? 'c1' : 'c1'),
    );
    const error = await failure(client().payouts.settlements.list().toArray());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('repeats the cursor');
    expect(queries.map((q) => q.get('cursor'))).toEqual([null, 'c1']);
  });

  it('a cursor seen earlier in the walk (a loop of three pages) rejects', async () => {
    const queries = serve(
      '/payouts',
      cursorPages({
        '': envelope([po(1)], 'a'),
        a: envelope([po(2)], 'b'),
        b: envelope([po(3)], 'c'),
        c: envelope([po(4)], 'a'),
      }),
    );
    const error = await failure(client().payouts.list().toArray());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(queries.map((q) => q.get('cursor'))).toEqual([null, 'a', 'b', 'c']);
  });

  it('a loop back to the cursor the caller started from rejects', async () => {
    const queries = serve(
      '/payouts',
      cursorPages({ start: envelope([po(1)], 'a'), a: envelope([po(2)], 'start') }),
    );
    const error = await failure(client().payouts.list({ cursor: 'start' }).toArray());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(queries.map((q) => q.get('cursor'))).toEqual(['start', 'a']);
  });

  it('fetching the same next page twice is not a loop', async () => {
    serve('/payouts', cursorPages({ '': envelope([po(1)], 'a'), a: envelope([po(2)]) }));
    const first = await client().payouts.list();
    const once = await first.getNextPage();
    const again = await first.getNextPage();
    expect(once.data.map((p) => p.id)).toEqual(['po_2']);
    expect(again.data.map((p) => p.id)).toEqual(['po_2']);
  });
});

describe('validateResponses: false', () => {
  it('leaves the items unchecked but still checks the envelope that paging relies on', async () => {
    serve(
      '/payouts',
      cursorPages({ '': envelope([{ id: 'po_1', amount: 'twelve' }], 'a'), a: { data: null } }),
    );
    const chainbill = new Chainbill({
      apiKey: testKey,
      baseUrl: testBaseUrl,
      maxRetries: 0,
      validateResponses: false,
    });
    const first = await chainbill.payouts.list();
    expect(first.data).toEqual([{ id: 'po_1', amount: 'twelve' }]);
    await expect(first.getNextPage()).rejects.toThrow(ResponseValidationError);
  });
});

describe('offset lists', () => {
  it('advance offset by the items received, until has_more is false', async () => {
    const queries = serve('/customers', (query) => {
      const offset = Number(query.get('offset'));
      return offset === 0
        ? envelope([customer(1), customer(2)], null, true)
        : envelope([customer(3)], null, false);
    });
    const items = await client().customers.list({ limit: 2 }).toArray();
    expect(items.map((c) => c.id)).toEqual(['cus_1', 'cus_2', 'cus_3']);
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '2']);
  });

  it('an empty page with has_more: true rejects instead of asking for the same offset forever', async () => {
    const queries = serve('/customers', (query) =>
      Number(query.get('offset')) === 0 ? envelope([customer(1)], null, true) : envelope([], null, true),
    );
    const ids: string[] = [];
    const walk = async (): Promise<void> => {
      for await (const c of client().customers.list()) ids.push(c.id);
    };
    const error = await failure(walk());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('the page is empty');
    expect(ids).toEqual(['cus_1']);
    expect(queries.map((q) => q.get('offset'))).toEqual(['0', '1']);
  });

  it('a constant next_cursor on an offset list is ignored, not taken for a loop', async () => {
    const queries = serve('/customers', (query) =>
      Number(query.get('offset')) === 0
        ? { data: [customer(1)], has_more: true, next_cursor: 'same' }
        : { data: [customer(2)], has_more: false, next_cursor: 'same' },
    );
    const items = await client().customers.list().toArray();
    expect(items).toHaveLength(2);
    expect(queries).toHaveLength(2);
  });
});

describe('break stops fetching', () => {
  const endless = (query: URLSearchParams) => {
    const n = Number(query.get('cursor') ?? 0);
    return envelope([po(n * 2), po(n * 2 + 1)], String(n + 1));
  };

  it('breaking on the first item fetches only the first page', async () => {
    const queries = serve('/payouts', endless);
    for await (const payout of client().payouts.list({ limit: 2 })) {
      expect(payout.id).toBe('po_0');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries).toHaveLength(1);
  });

  it('breaking inside the third page fetches three pages', async () => {
    const queries = serve('/payouts', endless);
    let count = 0;
    for await (const _ of client().payouts.list({ limit: 2 })) {
      if (++count === 5) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries).toHaveLength(3);
  });

  it('breaking out of .pages() fetches nothing more', async () => {
    const queries = serve('/payouts', endless);
    let pages = 0;
    for await (const _ of client().payouts.list({ limit: 2 }).pages()) {
      if (++pages === 2) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries).toHaveLength(2);
  });
});
