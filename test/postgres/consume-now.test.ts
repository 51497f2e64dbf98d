/**
 * A consumer of a new name from `'now'` starts where its feed does (docs/feed.md, "Where it
 * starts"): at the newest event the ledger holds, by the server's clock, and saves that position
 * before any event, so a restart before the first event misses nothing. On the fake with its clock
 * a year back of this machine's; real timers and a memory store, waiting for what is counted.
 */
import { memoryStore, type RevenueEvent } from 'chainbill';
import { describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../helpers.js';

describe("revenueEvents.consume from 'now'", () => {
  it('starts at the fake clock’s present a year back, and a restart goes on from the saved start', async () => {
    const { fake, client } = fakeClient();
    fake.clock.set('2025-11-28T00:00:00.000Z');
    const old = fake.seed.revenueEvent();
    const store = memoryStore();
    const handled: string[] = [];
    const run = () => {
      const stop = new AbortController();
      const consumer = client.revenueEvents.consume({
        name: 'fulfilment',
        store,
        pollIntervalMs: 20,
        leaseMs: 1_000,
        handlers: { default: async (event: RevenueEvent) => void handled.push(event.id) },
        signal: stop.signal,
      });
      return { done: consumer.done, stop: () => stop.abort() };
    };
    const polls = () => fake.requests.filter((request) => request.path === '/revenue/events').length;
    const first = run();
    // Its second request comes after the start was saved: the first says where the ledger stands.
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(1), { timeout: 30_000, interval: 20 });
    first.stop();
    await first.done;
    // Between the two runs: an event the second must handle, from the start the first saved.
    fake.clock.advance({ seconds: 1 });
    const missed = fake.seed.revenueEvent();
    const second = run();
    await vi.waitFor(() => expect(handled).toContain(missed.id), { timeout: 30_000, interval: 20 });
    fake.clock.advance({ seconds: 1 });
    const next = fake.seed.revenueEvent();
    await vi.waitFor(() => expect(handled).toContain(next.id), { timeout: 30_000, interval: 20 });
    second.stop();
    await second.done;
    expect(handled).toEqual([missed.id, next.id]);
    expect(handled).not.toContain(old.id);
  });
});
