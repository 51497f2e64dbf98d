/**
 * `revenueEvents.watch` (docs/feed.md): every event of the ledger once, oldest first, and a
 * checkpoint that resumes with no event twice and none missed. Against the fake on vitest's fake
 * timers, which the fake's clock follows (it reads `Date.now()`), so its chain mines blocks and
 * its ledger records events as the timers advance.
 */
import type { Chainbill, RevenueEvent, RevenueEventFeed, RevenueEventWatchOptions } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from './helpers.js';

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

/**
 * Reads a feed for `ms` of fake time, then aborts it. `onEvent` runs inside the loop; returning
 * `false` breaks out of it, as a process that stops would.
 */
async function run(
  options: RevenueEventWatchOptions,
  ms: number,
  onEvent?: (event: RevenueEvent, feed: RevenueEventFeed) => boolean | undefined,
): Promise<{ events: RevenueEvent[]; feed: RevenueEventFeed }> {
  const stop = new AbortController();
  const feed = chainbill.revenueEvents.watch({ pollIntervalMs: 1_000, ...options, signal: stop.signal });
  const events: RevenueEvent[] = [];
  const reading = (async () => {
    for await (const event of feed) {
      events.push(event);
      if (onEvent?.(event, feed) === false) break;
    }
  })();
  await vi.advanceTimersByTimeAsync(ms);
  stop.abort();
  await reading;
  return { events, feed };
}

const iso = (ms: number) => new Date(ms).toISOString();
const ids = (events: readonly { id: string }[]) => events.map((e) => e.id);
/** The feed's order: occurred_at, then id. */
const inFeedOrder = (events: RevenueEvent[]) =>
  [...events].sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at) || (a.id < b.id ? -1 : 1));
const polls = () => fake.requests.filter((r) => r.path === '/revenue/events');

describe('revenueEvents.watch', () => {
  it('yields every event once, oldest first (occurred_at, then id), across pages', async () => {
    const base = start - 30_000;
    // Recorded in an order that is not their time order, two by two at the same instant.
    const seeded = Array.from({ length: 250 }, (_, i) =>
      fake.seed.revenueEvent({ occurred_at: iso(base + ((i * 37) % 125) * 200) }),
    );
    const { events } = await run({ from: new Date(base) }, 500);
    expect(ids(events)).toEqual(ids(inFeedOrder(seeded as RevenueEvent[])));
    // One poll of three pages of 100, from the start; then polls that find nothing new.
    expect(
      polls()
        .slice(0, 3)
        .map((r) => [r.query['date_from'], r.query['limit'], 'cursor' in r.query]),
    ).toEqual([
      [iso(base), '100', false],
      [iso(base), '100', true],
      [iso(base), '100', true],
    ]);
  });

  it('from a Date replays the events at or after it, and none before', async () => {
    const at = start - 86_400_000;
    fake.seed.revenueEvent({ occurred_at: iso(at - 1) });
    const first = fake.seed.revenueEvent({ occurred_at: iso(at) });
    const second = fake.seed.revenueEvent({ occurred_at: iso(at + 1_000) });
    const { events } = await run({ from: new Date(at) }, 3_000);
    expect(ids(events)).toEqual([first.id, second.id]);
  });

  it('from now (the default): a checkout confirmed on its chain and a renewal charged, as they happen', async () => {
    fake.seed.revenueEvent({ event_type: 'refund' }); // before the feed starts: not yielded
    await vi.advanceTimersByTimeAsync(1_000);
    fake.seed.paymentMethod({ chain: 'tron', token: 'USDT', is_default: true });
    const checkout = fake.seed.checkout({ amount_usd: 120, amount_atomic: '120000000' });
    const plan = fake.seed.plan({ amount: 49, currency: 'USD' });
    const customer = fake.seed.customer({ email: 'ada@example.com' });
    const stop = new AbortController();
    const feed = chainbill.revenueEvents.watch({ signal: stop.signal }); // from now, every 5 s
    const seen: RevenueEvent[] = [];
    const reading = (async () => {
      for await (const event of feed) seen.push(event);
    })();
    // The subscription is created and charged, then the checkout is paid and confirmed on-chain.
    const subscription = await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
    fake.simulate.payCheckout(checkout.checkout_id);
    await vi.advanceTimersByTimeAsync(120_000);
    // The renewal, charged at the period's end on the fake's clock, moved on by a test.
    fake.clock.advance({ days: 31 });
    await vi.advanceTimersByTimeAsync(5_000);
    stop.abort();
    await reading;
    expect(seen.map((e) => [e.event_type, e.subscription_id ?? e.checkout_id, e.amount])).toEqual([
      ['subscription_charged', subscription.id, 49],
      ['checkout_confirmed', checkout.checkout_id, 120],
      ['subscription_charged', subscription.id, 49],
    ]);
    const [confirmed] = (await chainbill.checkouts.list({ status: 'confirmed' })).data;
    expect(seen[1]?.occurred_at).toBe(confirmed?.confirmed_at);
    expect(seen[1]?.tx_hash).toBe(confirmed?.tx_hash);
    expect(seen[2]?.occurred_at).toBe(subscription.current_period_end);
    expect(seen[2]?.renewal_id).not.toBe(seen[0]?.renewal_id);
  });

  it('resumes from a checkpoint saved mid-page after a crash: no event twice, none missed', async () => {
    const base = start - 600_000;
    const before = Array.from({ length: 250 }, (_, i) =>
      fake.seed.revenueEvent({ occurred_at: iso(base + i * 1_000) }),
    );
    let saved = '';
    let handled = 0;
    const first = await run({ from: new Date(base) }, 1_000, (_, feed) => {
      saved = feed.checkpoint; // what a backend stores after handling each event
      return ++handled < 130 ? undefined : false; // then the process dies, mid-page
    });
    expect(first.events).toHaveLength(130);
    // While it is down: newer events, and one recorded late, inside the window behind the checkpoint.
    const late = fake.seed.revenueEvent({ occurred_at: iso(base + 125_500) });
    const after = Array.from({ length: 10 }, (_, i) =>
      fake.seed.revenueEvent({ occurred_at: iso(start + i) }),
    );
    const second = await run({ from: saved }, 5_000);
    expect([...ids(first.events), ...ids(second.events)].sort()).toEqual(
      ids([...before, late, ...after]).sort(),
    );
    expect(ids(second.events)[0]).toBe(late.id);
    // A larger window on resume reads no further back than the checkpoint's ids cover.
    const third = await run({ from: second.feed.checkpoint, lookBackMs: 3_600_000 }, 5_000);
    expect(third.events).toEqual([]);
  });

  it('an event recorded late inside the look-back window is yielded once; one older than the window is not', async () => {
    const stop = new AbortController();
    const feed = chainbill.revenueEvents.watch({
      lookBackMs: 60_000,
      pollIntervalMs: 1_000,
      signal: stop.signal,
    });
    const events: RevenueEvent[] = [];
    const reading = (async () => {
      for await (const event of feed) events.push(event);
    })();
    await vi.advanceTimersByTimeAsync(120_000);
    const newest = fake.seed.revenueEvent(); // occurred now: start + 120 s
    await vi.advanceTimersByTimeAsync(2_000);
    const inside = fake.seed.revenueEvent({ occurred_at: iso(Date.parse(newest.occurred_at) - 59_000) });
    const outside = fake.seed.revenueEvent({ occurred_at: iso(Date.parse(newest.occurred_at) - 61_000) });
    await vi.advanceTimersByTimeAsync(10_000);
    stop.abort();
    await reading;
    expect(ids(events)).toEqual([newest.id, inside.id]);
    expect(ids(events)).not.toContain(outside.id);
  });

  it('many events at the same occurred_at across page boundaries, resumed between two of them', async () => {
    const at = start - 10_000;
    const seeded = Array.from({ length: 230 }, () => fake.seed.revenueEvent({ occurred_at: iso(at) }));
    let saved = '';
    let handled = 0;
    const first = await run({ from: new Date(at) }, 1_000, (_, feed) => {
      saved = feed.checkpoint;
      return ++handled < 150 ? undefined : false;
    });
    expect(first.events).toHaveLength(150);
    const second = await run({ from: saved }, 5_000);
    expect([...ids(first.events), ...ids(second.events)]).toEqual(ids(seeded).sort());
  });

  it('filters by event_type, and the checkpoint is bound to the filter', async () => {
    fake.seed.revenueEvent({ event_type: 'refund', occurred_at: iso(start - 2_000) });
    const charge = fake.seed.revenueEvent({
      event_type: 'subscription_charged',
      occurred_at: iso(start - 1_000),
    });
    const { events, feed } = await run(
      { event_type: 'subscription_charged', from: new Date(start - 5_000) },
      2_000,
    );
    expect(ids(events)).toEqual([charge.id]);
    expect(polls()[0]?.query['event_type']).toBe('subscription_charged');
    // JSON-safe and opaque: base64url characters after a versioned prefix.
    expect(feed.checkpoint).toMatch(/^[\w.-]+$/);
    expect(JSON.parse(JSON.stringify({ c: feed.checkpoint })).c).toBe(feed.checkpoint);
  });
});
