/**
 * `revenueEvents.watch` (docs/feed.md) against real `node:http` servers that misbehave: an event
 * served twice, pages out of order, `date_from` ignored, a 503 then recovery, failing for good,
 * ids and times the feed must keep or refuse, and a replay longer than one poll holds. Polls are
 * counted, never timed: each test stops its feed from a hook after a number of answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Chainbill,
  type ClientOptions,
  InternalServerError,
  ResponseValidationError,
  type RevenueEvent,
  type RevenueEventWatchOptions,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { testKey } from './scripted-fetch.js';

const loopback = useLoopback();
const base = Date.parse('2026-03-01T00:00:00.000Z');

/** How the ledger server misbehaves. */
interface Quirks {
  /** Each page also carries the first event of the next one: an event served twice. */
  repeat?: boolean;
  /** Each page's events in a scrambled order. */
  shuffle?: boolean;
  /** `date_from` and `date_to` are not applied. */
  ignoreDates?: boolean;
  /** Statuses answered, one per request, before (or, with `after`, after) serving pages. */
  statuses?: number[];
  /** Serve this many requests before answering `statuses`. */
  after?: number;
}

function event(id: string, ms: number): RevenueEvent {
  const at = new Date(ms).toISOString();
  return { id, org_id: 'org_1', amount: 10, currency: 'USD', occurred_at: at, created_at: at };
}

// Parsed once per event: a replay's server would otherwise spend its time in Date.parse.
const times = new WeakMap<RevenueEvent, number>();
function timeOf(e: RevenueEvent): number {
  const ms = times.get(e) ?? Date.parse(e.occurred_at);
  times.set(e, ms);
  return ms;
}

/** A ledger server: `GET /v1/revenue/events` over `ledger` (in recording order), newest first. */
function ledgerServer(ledger: RevenueEvent[], quirks: Quirks = {}) {
  let served = 0;
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const status = served++ >= (quirks.after ?? 0) ? quirks.statuses?.shift() : undefined;
    const reply = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify(body));
    };
    if (status !== undefined) {
      reply(status, { error: { type: 'api_error', code: 'down', message: 'down', param: null } });
      return;
    }
    const from = Date.parse(url.searchParams.get('date_from') ?? '') || Number.NEGATIVE_INFINITY;
    const to = Date.parse(url.searchParams.get('date_to') ?? '') || Number.POSITIVE_INFINITY;
    const listed = [...ledger].reverse().filter((e) => {
      const ms = timeOf(e);
      return quirks.ignoreDates || (ms >= from && ms <= to);
    });
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const data = listed.slice(offset, offset + limit + (quirks.repeat ? 1 : 0));
    if (quirks.shuffle)
      data.sort(
        (a, b) =>
          ((a.id.length * 7 + a.id.charCodeAt(a.id.length - 1)) % 5) -
          ((b.id.length * 7 + b.id.charCodeAt(b.id.length - 1)) % 5),
      );
    const more = offset + limit < listed.length;
    reply(200, { data, has_more: more, next_cursor: more ? String(offset + limit) : null });
  };
}

/**
 * Reads a feed on `url` until `answers` responses came back (then a hook aborts it), or until it
 * ends by itself; returns the events and how it ended.
 */
async function watch(
  url: string,
  options: RevenueEventWatchOptions,
  answers: number,
  client: ClientOptions = {},
): Promise<{ events: RevenueEvent[]; error: unknown; checkpoint: string }> {
  const chainbill = new Chainbill({
    apiKey: testKey,
    baseUrl: url,
    logLevel: 'off',
    maxRetries: 0,
    ...client,
  });
  const stop = new AbortController();
  let count = 0;
  const feed = chainbill.revenueEvents.watch({
    pollIntervalMs: 1,
    ...options,
    signal: stop.signal,
    hooks: { afterResponse: [() => void (++count >= answers && stop.abort())] },
  });
  const events: RevenueEvent[] = [];
  const error = await failure(
    (async () => {
      for await (const e of feed) events.push(e);
    })(),
  );
  return { events, error, checkpoint: feed.checkpoint };
}

const ids = (events: readonly RevenueEvent[]) => events.map((e) => e.id);

describe('revenueEvents.watch against servers that misbehave', () => {
  it('an event served twice, pages out of order: each event once, oldest first', async () => {
    const ledger = Array.from({ length: 250 }, (_, i) =>
      event(`rev_${1000 + ((i * 7) % 250)}`, base + i * 1_000),
    );
    const { url } = await loopback(ledgerServer(ledger, { repeat: true, shuffle: true }));
    const { events, error } = await watch(url, { from: new Date(base) }, 9); // three polls of three pages
    expect(error).toBeUndefined();
    expect(ids(events)).toEqual(ids(ledger));
  });

  it('date_from ignored: nothing before the start, nothing twice', async () => {
    const ledger = Array.from({ length: 40 }, (_, i) => event(`rev_${i}`, base + i * 1_000));
    const { url } = await loopback(ledgerServer(ledger, { ignoreDates: true }));
    const { events } = await watch(url, { from: new Date(base + 30_000) }, 5);
    expect(ids(events)).toEqual(ids(ledger.slice(30)));
  });

  it('a 503 is retried over real HTTP, and the feed goes on', async () => {
    const ledger = [event('rev_1', base)];
    const server = await loopback(ledgerServer(ledger, { statuses: [503] }));
    const { events, error } = await watch(server.url, { from: new Date(base) }, 3, { maxRetries: 1 });
    expect(error).toBeUndefined();
    expect(ids(events)).toEqual(['rev_1']);
    expect(server.hits()).toBe(3); // the 503, its retry, one more poll
  });

  it('failing for good ends the loop with the error; its checkpoint resumes with nothing twice', async () => {
    const ledger = [event('rev_1', base), event('rev_2', base + 1)];
    const down = await loopback(ledgerServer(ledger, { after: 1, statuses: [500, 500] }));
    const failed = await watch(down.url, { from: new Date(base) }, 10, { maxRetries: 1 });
    expect(failed.error).toBeInstanceOf(InternalServerError);
    expect(ids(failed.events)).toEqual(['rev_1', 'rev_2']);
    expect(down.hits()).toBe(3); // the first poll, then the failing one and its retry
    ledger.push(event('rev_3', base + 2));
    const up = await loopback(ledgerServer(ledger));
    const resumed = await watch(up.url, { from: failed.checkpoint }, 2);
    expect(ids(resumed.events)).toEqual(['rev_3']);
  });

  it('keeps any id across a checkpoint: a lone surrogate, __proto__, constructor, 2 000 characters', async () => {
    const odd = ['\ud800', '__proto__', 'constructor', 'x'.repeat(2_000), 'rev_é'];
    const ledger = odd.map((id, i) => event(id, base + i));
    const { url } = await loopback(ledgerServer(ledger));
    const first = await watch(url, { from: new Date(base) }, 2);
    expect(ids(first.events)).toEqual(
      ids([...ledger].sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at))),
    );
    const again = await watch(url, { from: first.checkpoint }, 2);
    expect(again.events).toEqual([]);
  });

  it('refuses an event it cannot place (validateResponses: false): no time, or no string id', async () => {
    const { url } = await loopback(
      ledgerServer([{ ...event('rev_1', base), occurred_at: 'yesterday' }], { ignoreDates: true }),
    );
    const noTime = await watch(url, { from: new Date(base) }, 5, { validateResponses: false });
    expect(noTime.error).toBeInstanceOf(ResponseValidationError);
    expect(noTime.error).toMatchObject({ issues: [{ path: ['occurred_at'] }] });
    const bad = { ...event('rev_2', base), id: 42 } as unknown as RevenueEvent;
    const other = await loopback(ledgerServer([bad], { ignoreDates: true }));
    const noId = await watch(other.url, { from: new Date(base) }, 5, { validateResponses: false });
    expect(noId.error).toMatchObject({ name: 'ResponseValidationError', issues: [{ path: ['id'] }] });
  });

  it('a replay longer than one poll holds: every event once, in order, reading each page about once', async () => {
    const ledger = Array.from({ length: 7_500 }, (_, i) =>
      event(`rev_${String(i).padStart(5, '0')}`, base + i * 1_000),
    );
    const server = await loopback(ledgerServer(ledger));
    const chainbill = new Chainbill({ apiKey: testKey, baseUrl: server.url, logLevel: 'off' });
    let n = 0;
    let inOrder = true;
    for await (const e of chainbill.revenueEvents.watch({ from: new Date(base) })) {
      inOrder &&= e.id === ledger[n]?.id;
      if (++n === ledger.length) break;
    }
    expect(inOrder).toBe(true);
    // 75 pages hold them: slices of time, each sized by the last, read each page about once.
    expect(server.hits()).toBeLessThan(1.25 * 75);
  });
});
