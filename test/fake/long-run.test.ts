/**
 * A long-running fake keeps bounded history. `fake.requests`, `fake.events` and
 * the idempotency store keep the last `historyLimit` entries (10 000 by default), oldest dropped
 * first; `?since=N` on the control API stays exact across the drop; `chainbill-fake
 * --history-limit N` sets it. (What it saves in memory: test/memory/fake-history.test.ts.)
 */
import { Chainbill, type PayoutCreateParams } from 'chainbill';
import {
  applySeedFile,
  createFakeChainbill,
  type FakeChainbill,
  type FakeServer,
  randomAddress,
} from 'chainbill/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli } from './cli-process.js';

const payout = (amount: number): PayoutCreateParams => ({
  recipient_address: randomAddress('base'),
  chain: 'base',
  token: 'USDC',
  amount,
  currency: 'USD',
});

function clientOf(fake: FakeChainbill, baseUrl = fake.baseUrl): Chainbill {
  return new Chainbill({
    apiKey: fake.apiKey,
    baseUrl,
    maxRetries: 0,
    logLevel: 'off',
    ...(baseUrl === fake.baseUrl ? { fetch: fake.fetch } : {}),
  });
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('historyLimit: the last N requests, events and idempotency keys', () => {
  it('keeps the last 10 000 events by default; sequence counts every one', () => {
    const fake = createFakeChainbill();
    for (let i = 0; i < 10_005; i++) fake.seed.payout({ amount: (i % 100) + 1 });
    expect(fake.events).toHaveLength(10_000);
    expect([fake.events[0]?.sequence, fake.events.at(-1)?.sequence]).toEqual([6, 10_005]);
  });

  it('keeps the last historyLimit requests and events, oldest dropped first', async () => {
    const fake = createFakeChainbill({ historyLimit: 3 });
    const client = clientOf(fake);
    const ids: string[] = [];
    for (const amount of [1, 2, 3, 4, 5]) ids.push((await client.payouts.create(payout(amount))).id);
    expect(fake.requests.map((r) => [r.sequence, (r.body as { amount: number }).amount])).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    expect(fake.events.map((e) => [e.sequence, e.objectId])).toEqual([
      [3, ids[2]],
      [4, ids[3]],
      [5, ids[4]],
    ]);
    expect((await client.payouts.list()).data).toHaveLength(5); // records are state, not history
    fake.reset();
    await client.payouts.list();
    expect(fake.requests.map((r) => r.sequence)).toEqual([1]);
  });

  it('forgets the oldest Idempotency-Key past the limit: a repeat of a kept one replays, of a dropped one runs again', async () => {
    const fake = createFakeChainbill({ historyLimit: 2 });
    const client = clientOf(fake);
    const params = payout(10);
    const create = (key: string) => client.payouts.create(params, { idempotencyKey: key });
    const first = await create('invoice-1');
    await create('invoice-2');
    const third = await create('invoice-3');
    expect((await create('invoice-3')).id).toBe(third.id);
    expect((await create('invoice-1')).id).not.toBe(first.id);
    expect((await client.payouts.list()).data).toHaveLength(4);
  });

  it('a clock move lists every renewal, and keeps the last historyLimit of its events', async () => {
    const fake = createFakeChainbill({ historyLimit: 4 });
    fake.clock.set('2026-01-01T00:00:00Z');
    fake.seed.paymentMethod({ chain: 'tron', token: 'USDT' });
    const plan = fake.seed.plan({ amount: 9.99 });
    const customer = fake.seed.customer({ email: 'ada@example.com' });
    const { id } = await clientOf(fake).subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
    const moved = fake.clock.advance({ days: 365 });
    expect(moved.renewed).toEqual(Array(12).fill(id));
    expect(moved.events.map((e) => e.at.slice(0, 10))).toEqual([
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
    expect(fake.events).toEqual(moved.events);
  });

  it('refuses a historyLimit that is not a whole number of at least 1', () => {
    for (const historyLimit of [0, -1, 1.5, Number.NaN, '10' as never])
      expect(() => createFakeChainbill({ historyLimit })).toThrow(RangeError);
    expect(createFakeChainbill({ historyLimit: Number.POSITIVE_INFINITY }).requests).toEqual([]);
  });
});

describe('the control API: ?since=N across the drop', () => {
  it('gives what is new since N, says how many were dropped unread, and next counts them all', async () => {
    const fake = createFakeChainbill({ historyLimit: 3 });
    const server: FakeServer = await fake.listen({ controlToken: 'control-token-9' });
    closers.push(server.close);
    const client = clientOf(fake, server.url);
    const control = async (path: string) => {
      const response = await fetch(`${server.url.replace(/\/v1$/, '/_fake')}${path}`, {
        headers: { authorization: 'Bearer control-token-9' },
      });
      return (await response.json()) as { requests: { sequence: number }[]; next: number; missed: number };
    };
    await client.customers.list();
    await client.customers.list();
    expect(await control('/requests')).toMatchObject({ next: 2, missed: 0 });
    for (let i = 0; i < 4; i++) await client.customers.list(); // 6 in all; 4, 5 and 6 kept
    const since2 = await control('/requests?since=2');
    expect([since2.requests.map((r) => r.sequence), since2.next, since2.missed]).toEqual([[4, 5, 6], 6, 1]);
    const since5 = await control('/requests?since=5');
    expect([since5.requests.map((r) => r.sequence), since5.next, since5.missed]).toEqual([[6], 6, 0]);
    expect(await control('/requests?since=6')).toMatchObject({ requests: [], next: 6, missed: 0 });
  });
});

// chainbill-fake as its users run it: test/fake/cli-process.ts.
describe('chainbill-fake --history-limit', () => {
  it('keeps the last N requests; ?since=N stays exact', async () => {
    const server = await startCli('--history-limit', '2', '--control-token', 'control-token-7');
    const info = (await (
      await fetch(server.controlUrl, { headers: { authorization: 'Bearer control-token-7' } })
    ).json()) as { apiKey: string };
    const client = new Chainbill({
      apiKey: info.apiKey,
      baseUrl: server.baseUrl,
      maxRetries: 0,
      logLevel: 'off',
    });
    for (let i = 0; i < 3; i++) await client.customers.list();
    const answer = await fetch(`${server.controlUrl}requests?since=0`, {
      headers: { authorization: 'Bearer control-token-7' },
    });
    const body = (await answer.json()) as { requests: { sequence: number }[]; next: number; missed: number };
    expect([body.requests.map((r) => r.sequence), body.next, body.missed]).toEqual([[2, 3], 3, 1]);
  });

  it('refuses a limit that is not a whole number of at least 1 (exit 2)', async () => {
    await expect(startCli('--history-limit', '0')).rejects.toThrow(
      /exited 2: chainbill-fake: --history-limit must be a whole number of at least 1, got "0"/,
    );
  });
});

describe('a history of any length is copied without its length on the stack', () => {
  it('a seed file applies to a fake that keeps 150 000 events', async () => {
    // Each failed renewal is one event; a schedule this long keeps the subscription past_due.
    const retryDays = Array.from({ length: 150_000 }, (_, i) => i + 1);
    const fake = createFakeChainbill({
      historyLimit: Number.POSITIVE_INFINITY,
      renewalRetries: { retryDays },
    });
    fake.seed.paymentMethod();
    const plan = fake.seed.plan({ name: 'Pro', amount: 29 });
    const customer = fake.seed.customer({ email: 'ada@example.com' });
    const { id } = await clientOf(fake).subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
    for (let i = 0; i < 150_000; i++) fake.simulate.failRenewal(id);
    const kept = fake.events.length;
    expect(kept).toBeGreaterThan(150_000);

    const file = { organizations: [{ id: 'org_history', keys: { sandbox: ['sk_test_history_1'] } }] };
    expect(applySeedFile(fake, file).organizations).toMatchObject([
      { id: 'org_history', keys: { sandbox: ['sk_test_history_1'] } },
    ]);
    expect(fake.events.length).toBe(kept);
    expect(fake.events.at(-1)).toMatchObject({ type: 'subscription.renewal_failed', attempt: 150_000 });
  });
});
