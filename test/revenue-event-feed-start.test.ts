/**
 * Where a revenue event feed from `'now'` starts (docs/feed.md, "Where it starts"): at the newest
 * event the ledger holds, or at the server's `Date` when it holds none, never at this machine's
 * clock. On the fake, whose clock is set a year back or a year ahead of this machine's (vitest's
 * fake timers), so a feed that read this machine's clock would yield nothing, or old events.
 */
import type { RevenueEvent } from 'chainbill';
import { memoryStore } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from './helpers.js';

const machine = Date.parse('2026-06-01T00:00:00.000Z');
const yearBack = '2025-06-01T00:00:00.000Z';
const yearAhead = '2027-06-01T00:00:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ now: machine });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A checkout confirmed on the fake now: its `checkout_confirmed` event, at the fake clock's time. */
function pay(fake: FakeChainbill, usd: number): string {
  const checkout = fake.seed.checkout({ amount_usd: usd, amount_atomic: String(usd * 1_000_000) });
  fake.simulate.confirmCheckout(checkout.checkout_id);
  return checkout.checkout_id;
}

/** A fake at `clock` with a default payment method, a client on it, and a feed from 'now' read in the background. */
function watching(clock: string, before: (fake: FakeChainbill) => void = () => {}) {
  const { fake, client } = fakeClient();
  fake.clock.set(clock);
  fake.seed.paymentMethod({ chain: 'tron', token: 'USDT', is_default: true });
  before(fake);
  const stop = new AbortController();
  const feed = client.revenueEvents.watch({
    event_type: 'checkout_confirmed',
    pollIntervalMs: 1_000,
    signal: stop.signal,
  });
  const events: RevenueEvent[] = [];
  const reading = (async () => {
    for await (const event of feed) events.push(event);
  })();
  return {
    fake,
    client,
    feed,
    events,
    stop: async () => {
      stop.abort();
      await reading;
    },
  };
}

describe("a feed from 'now' starts at the server's present", () => {
  it.each([
    ['a year back', yearBack],
    ['a year ahead', yearAhead],
  ])('the fake clock %s, the ledger holding an event: only what comes after it', async (_, clock) => {
    let old = '';
    const run = watching(clock, (fake) => {
      old = pay(fake, 120);
    });
    await vi.advanceTimersByTimeAsync(0); // the first request: where the ledger stands
    const paid = pay(run.fake, 35); // at the same instant of the frozen clock: after the start all the same
    run.fake.clock.advance({ seconds: 30 });
    const later = pay(run.fake, 49);
    await vi.advanceTimersByTimeAsync(3_000);
    await run.stop();
    expect(run.events.map((event) => event.checkout_id)).toEqual([paid, later]);
    expect(old).not.toBe(paid);
  });

  it.each([
    ['a year back', yearBack],
    ['a year ahead', yearAhead],
  ])('the fake clock %s, the ledger empty: from the server’s Date', async (_, clock) => {
    const run = watching(clock);
    await vi.advanceTimersByTimeAsync(0);
    run.fake.clock.advance({ seconds: 5 });
    const paid = pay(run.fake, 35);
    await vi.advanceTimersByTimeAsync(3_000);
    await run.stop();
    expect(run.events.map((event) => event.checkout_id)).toEqual([paid]);
    expect(run.events[0]?.occurred_at.slice(0, 4)).toBe(clock.slice(0, 4));
  });

  it("its checkpoint says 'now' until the first request, then where it started", async () => {
    const run = watching(yearBack, (fake) => void pay(fake, 120));
    const early = run.feed.checkpoint;
    expect(early).toMatch(/^rf1\.[\w-]+\.now$/);
    await vi.advanceTimersByTimeAsync(0);
    const started = run.feed.checkpoint;
    expect(started).not.toBe(early);
    run.fake.clock.advance({ seconds: 5 });
    const paid = pay(run.fake, 35);
    await run.stop();
    // Resumed from either: the event after the start, and not the one before.
    for (const from of [started, early]) {
      const events: string[] = [];
      const stop = new AbortController();
      const feed = run.client.revenueEvents.watch({
        event_type: 'checkout_confirmed',
        from,
        signal: stop.signal,
      });
      const reading = (async () => {
        for await (const event of feed) events.push(event.checkout_id ?? '');
      })();
      await vi.advanceTimersByTimeAsync(6_000);
      stop.abort();
      await reading;
      expect(events).toEqual(from === started ? [paid] : []);
    }
  });
});

describe("a consumer from 'now' starts at the server's present too", () => {
  it.each([
    ['a year back', yearBack],
    ['a year ahead', yearAhead],
  ])(
    'the fake clock %s: it handles what comes after the start, and a worker taking over starts there',
    async (_, clock) => {
      const { fake, client } = fakeClient();
      fake.clock.set(clock);
      fake.seed.paymentMethod({ chain: 'tron', token: 'USDT', is_default: true });
      const old = pay(fake, 120);
      const store = memoryStore();
      const handled: string[] = [];
      const consume = (signal: AbortSignal) =>
        client.revenueEvents.consume({
          name: 'fulfilment',
          store,
          from: 'now',
          event_type: 'checkout_confirmed',
          pollIntervalMs: 1_000,
          leaseMs: 3_000,
          handlers: { checkout_confirmed: (event) => void handled.push(event.checkout_id ?? '') },
          signal,
        });
      const first = new AbortController();
      const running = consume(first.signal);
      await vi.advanceTimersByTimeAsync(2_000); // its first poll fixed the start; the heartbeat saved it
      first.abort();
      await running.done;
      // Nobody runs while this is paid: the next worker starts where the first one started.
      fake.clock.advance({ seconds: 30 });
      const paidMeanwhile = pay(fake, 35);
      const second = new AbortController();
      const resumed = consume(second.signal);
      await vi.advanceTimersByTimeAsync(3_000);
      second.abort();
      await resumed.done;
      expect(handled).toEqual([paidMeanwhile]);
      expect(handled).not.toContain(old);
    },
  );
});
