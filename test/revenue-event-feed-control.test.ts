/**
 * `revenueEvents.watch` (docs/feed.md): how a feed stops (the signal, `break`, a poll failing for
 * good) and leaves no timer behind, each poll as an ordinary call (hooks, retries), and what it
 * refuses before sending anything: bad options, and checkpoints it cannot resume from. On the fake
 * and vitest's fake timers.
 */
import {
  APIError,
  type Chainbill,
  ChainbillError,
  ConfigurationError,
  type HookInfo,
  RequestValidationError,
  type RevenueEvent,
} from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeClient } from './helpers.js';

let fake: FakeChainbill;
let chainbill: Chainbill;
const start = Date.parse('2026-06-01T00:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  ({ fake, client: chainbill } = fakeClient());
});
afterEach(() => {
  vi.useRealTimers();
});

const polls = () => fake.requests.filter((r) => r.path === '/revenue/events').length;

/** Reads a feed in the background; `done` holds how it ended. */
function reader(feed: AsyncIterable<RevenueEvent>, onEvent: (event: RevenueEvent) => void = () => {}) {
  const state: { done: boolean; outcome: Promise<unknown> } = { done: false, outcome: Promise.resolve() };
  state.outcome = (async () => {
    for await (const event of feed) onEvent(event);
  })().then(
    () => {
      state.done = true;
      return 'ended';
    },
    (error: unknown) => {
      state.done = true;
      return error;
    },
  );
  return state;
}

describe('revenueEvents.watch: stopping', () => {
  it('the signal ends the loop without an error during the pause, and leaves no timer', async () => {
    const stop = new AbortController();
    const feed = reader(chainbill.revenueEvents.watch({ signal: stop.signal, pollIntervalMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(2_500);
    expect(polls()).toBe(3); // at 0, 1 and 2 s
    stop.abort(new Error('shutting down'));
    expect(await feed.outcome).toBe('ended');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toBe(3);
  });

  it('the signal ends the loop during a poll in flight, and one aborted before sends nothing', async () => {
    fake.faults.next({ route: '/revenue/events' }, { delay: 30_000 });
    const stop = new AbortController();
    const feed = reader(chainbill.revenueEvents.watch({ signal: stop.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    stop.abort();
    expect(await feed.outcome).toBe('ended');
    expect(vi.getTimerCount()).toBe(0);

    const before = polls();
    const never = reader(chainbill.revenueEvents.watch({ signal: AbortSignal.abort() }));
    expect(await never.outcome).toBe('ended');
    expect(polls()).toBe(before);
  });

  it('break stops polling at once and leaves no timer', async () => {
    const event = fake.seed.revenueEvent({ occurred_at: new Date(start - 1_000).toISOString() });
    const seen: string[] = [];
    for await (const e of chainbill.revenueEvents.watch({ from: new Date(start - 60_000) })) {
      seen.push(e.id);
      break;
    }
    expect(seen).toEqual([event.id]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toBe(1);
  });

  it('a feed is read by one loop: a second is refused', () => {
    const feed = chainbill.revenueEvents.watch();
    feed[Symbol.asyncIterator]();
    expect(() => feed[Symbol.asyncIterator]()).toThrow(ChainbillError);
    expect(() => feed[Symbol.asyncIterator]()).toThrow(/one loop per feed/);
  });
});

describe('revenueEvents.watch: each poll is an ordinary call', () => {
  it('a 503 is retried with the poll’s own options, seen by its hooks, and the feed goes on', async () => {
    const event = fake.seed.revenueEvent({ occurred_at: new Date(start).toISOString() });
    fake.faults.next({ route: '/revenue/events' }, { status: 503 });
    const seen: HookInfo[] = [];
    const events: string[] = [];
    const stop = new AbortController();
    const feed = reader(
      chainbill.revenueEvents.watch({
        from: new Date(start),
        signal: stop.signal,
        maxRetries: 2,
        hooks: { afterResponse: [(info) => void seen.push(info)] },
      }),
      (e) => events.push(e.id),
    );
    await vi.advanceTimersByTimeAsync(3_000);
    stop.abort();
    expect(await feed.outcome).toBe('ended');
    expect(events).toEqual([event.id]);
    expect(seen.slice(0, 2).map((info) => [info.route, info.status, info.attempt])).toEqual([
      ['/revenue/events', 503, 1],
      ['/revenue/events', 200, 2],
    ]);
  });

  it('a poll failing for good ends the loop with its error; the checkpoint is still the last event handled', async () => {
    const first = fake.seed.revenueEvent({ occurred_at: new Date(start - 2_000).toISOString() });
    let saved = '';
    const feed = chainbill.revenueEvents.watch({ from: new Date(start - 60_000), maxRetries: 1 });
    const reading = reader(feed, () => {
      saved = feed.checkpoint;
      fake.faults.next({ route: '/revenue/events' }, { status: 503 }, { times: 2 }); // the next poll, and its retry
    });
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await reading.outcome;
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 503 });
    expect(vi.getTimerCount()).toBe(0);
    expect(feed.checkpoint).toBe(saved);
    // Resumed from it, once the service is back: the next event, and not the first again.
    const second = fake.seed.revenueEvent({ occurred_at: new Date(start + 1_000).toISOString() });
    const events: string[] = [];
    const stop = new AbortController();
    const resumed = reader(chainbill.revenueEvents.watch({ from: saved, signal: stop.signal }), (e) =>
      events.push(e.id),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    stop.abort();
    await resumed.outcome;
    expect(events).toEqual([second.id]);
    expect(first.id).not.toBe(second.id);
  });
});

describe('revenueEvents.watch: refused before sending', () => {
  const checkpointOf = (options: Parameters<Chainbill['revenueEvents']['watch']>[0] = {}) =>
    chainbill.revenueEvents.watch({ from: new Date(start), ...options }).checkpoint;

  it.each([
    ['other filters', () => checkpointOf({ event_type: 'refund' }), /other filters/],
    // The format's version is its prefix: a checkpoint of a later chainbill.
    [
      'a newer format',
      () => checkpointOf().replace(/^rf1\./, 'rf2.'),
      /format 2, this chainbill reads 1 \(it is newer\)/,
    ],
    ['a damaged one', () => checkpointOf().slice(0, -6), /damaged/],
    [
      'an edited one',
      () => `rf1.${Buffer.from(JSON.stringify({ q: '{}', f: 1, a: 0, s: [] })).toString('base64url')}`,
      /damaged/,
    ],
    ['a date, not a checkpoint', () => '2026-06-01T00:00:00Z', /not a `feed.checkpoint`/],
    ['a lone surrogate', () => `rf1.\ud800`, /not a `feed.checkpoint`/],
  ])('a checkpoint of %s is a ConfigurationError, never a silent restart', async (_, checkpoint, message) => {
    const from = checkpoint();
    const error = await failure(Promise.resolve().then(() => chainbill.revenueEvents.watch({ from })));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(message);
    expect(polls()).toBe(0);
  });

  it.each([
    [`{ pollIntervalMs: 0 }`, { pollIntervalMs: 0 }, 'pollIntervalMs'],
    [`{ pollIntervalMs: Number.NaN }`, { pollIntervalMs: Number.NaN }, 'pollIntervalMs'],
    [`{ lookBackMs: -1 }`, { lookBackMs: -1 }, 'lookBackMs'],
    [`{ lookBackMs: 1.5 }`, { lookBackMs: 1.5 }, 'lookBackMs'],
    [`{ from: new Date(Number.NaN) }`, { from: new Date(Number.NaN) }, 'from'],
    [`{ from: new Date("+010000-01-01T00:00:00Z") }`, { from: new Date('+010000-01-01T00:00:00Z') }, 'from'],
    [`{ from: 1_780_000_000_000 }`, { from: 1_780_000_000_000 }, 'from'],
    [`{ date_from: new Date() }`, { date_from: new Date() }, 'date_from'],
    [`{ date_to: new Date() }`, { date_to: new Date() }, 'date_to'],
    [`{ limit: 10 }`, { limit: 10 }, 'limit'],
    [`{ cursor: "abc" }`, { cursor: 'abc' }, 'cursor'],
    [`{ event_type: "payout" }`, { event_type: 'payout' }, 'event_type'],
    [`event_type a lone surrogate`, { event_type: '\ud800' }, 'event_type'],
    [`{ pollIntervalMS: 1_000 }`, { pollIntervalMS: 1_000 }, 'pollIntervalMS'],
    [
      `an own key __proto__ (from JSON.parse)`,
      JSON.parse('{"event_type":"refund","__proto__":1}'),
      '__proto__',
    ],
    [`{ timeout: -1 }`, { timeout: -1 }, 'timeout'],
    [`{ signal: "stop" }`, { signal: 'stop' }, 'signal'],
    [`null`, null, 'params'],
    [`[]`, [], 'params'],
  ])('refuses %s: RequestValidationError naming %s, before anything is sent', (_, options, param) => {
    const error = (() => {
      try {
        chainbill.revenueEvents.watch(options as never);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param });
    expect(polls()).toBe(0);
  });

  it('refuses options whose getter throws, naming the option', () => {
    const options = Object.defineProperty({}, 'lookBackMs', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(() => chainbill.revenueEvents.watch(options)).toThrow(RequestValidationError);
    expect(() => chainbill.revenueEvents.watch(options)).toThrow(/lookBackMs/);
    expect(polls()).toBe(0);
  });

  it('takes options without a prototype', () => {
    const options = Object.assign(Object.create(null) as object, { event_type: 'refund' as const });
    const { checkpoint } = chainbill.revenueEvents.watch(options);
    // Its filter was read: the checkpoint resumes a feed of refunds, and no other.
    expect(chainbill.revenueEvents.watch({ event_type: 'refund', from: checkpoint }).checkpoint).toBe(
      checkpoint,
    );
    expect(() => chainbill.revenueEvents.watch({ from: checkpoint })).toThrow(ConfigurationError);
  });
});
