/**
 * `payouts.waitForSettlement` (DESIGN.md: Money safety): polls the settlement records of a payout
 * until one has `minConfirmations`; `WaitTimeoutError` after `maxWaitMs`; an aborted signal ends it
 * at once, with no poll after. On vitest's fake timers, which the fake's clock follows too (it
 * reads `Date.now()` until a test sets it), so the fake's chain mines blocks as the timers advance.
 */
import {
  APIUserAbortError,
  type Chainbill,
  ChainbillError,
  type HookInfo,
  RequestValidationError,
  WaitTimeoutError,
} from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeClient } from './helpers.js';

let fake: FakeChainbill;
let chainbill: Chainbill;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T00:00:00.000Z') });
  ({ fake, client: chainbill } = fakeClient());
});
afterEach(() => {
  vi.useRealTimers();
});

/** How many times the wait asked for the payout's settlements. */
const polls = (id: string) =>
  fake.requests.filter((r) => r.path === '/payouts/settlements' && r.query['payout_intent_id'] === id).length;

describe('payouts.waitForSettlement', () => {
  it('resolves with the settlement once it has minConfirmations, polling every pollIntervalMs', async () => {
    const payout = fake.seed.payout({ status: 'approved' }); // tron: a block every 3 s
    fake.simulate.executePayout(payout.id);
    const settled = chainbill.payouts.waitForSettlement(payout.id, {
      minConfirmations: 4,
      pollIntervalMs: 1_000,
    });
    let result: unknown;
    void settled.then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(result).toBeUndefined(); // settled at 6 s with 2 confirmations, 3 at 9 s, 4 at 12 s
    await vi.advanceTimersByTimeAsync(1_000);
    expect(result).toMatchObject({ payout_intent_id: payout.id, confirmations: 4 });
    expect(polls(payout.id)).toBe(13); // at 0, 1, …, 12 s
  });

  it('resolves at once when the payout already settled with enough confirmations', async () => {
    const payout = fake.seed.payout({ status: 'approved', chain: 'base' });
    fake.simulate.settlePayout(payout.id, { confirmations: 30 });
    const settlement = await chainbill.payouts.waitForSettlement(payout.id, { minConfirmations: 20 });
    expect(settlement).toMatchObject({ payout_intent_id: payout.id, confirmations: 30 });
    expect(polls(payout.id)).toBe(1);
  });

  it('rejects with WaitTimeoutError after maxWaitMs, with the record seen last', async () => {
    const payout = fake.seed.payout({ status: 'approved' });
    fake.simulate.settlePayout(payout.id, { confirmations: 3 });
    const wait = failure(
      chainbill.payouts.waitForSettlement(payout.id, {
        minConfirmations: 10,
        pollIntervalMs: 4_000,
        maxWaitMs: 10_000,
      }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await wait;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toBeInstanceOf(ChainbillError);
    expect(error).toMatchObject({
      waitedMs: 10_000,
      lastSettlement: { payout_intent_id: payout.id, confirmations: 3 },
    });
    expect((error as Error).message).toMatch(/did not settle with 10 confirmations within 10000 ms/);
    expect(polls(payout.id)).toBe(3); // at 0, 4 and 8 s: a poll at the deadline could not end in time
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'WaitTimeoutError', waitedMs: 10_000 });
  });

  it('a payout that never settles times out with lastSettlement null', async () => {
    const payout = fake.seed.payout({ status: 'approved' });
    const wait = failure(chainbill.payouts.waitForSettlement(payout.id, { maxWaitMs: 3_000 }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await wait).toMatchObject({ name: 'WaitTimeoutError', lastSettlement: null, waitedMs: 3_000 });
  });

  it('an aborted signal ends the wait at once, and nothing is polled after', async () => {
    const payout = fake.seed.payout({ status: 'approved' });
    const controller = new AbortController();
    const wait = failure(
      chainbill.payouts.waitForSettlement(payout.id, { signal: controller.signal, pollIntervalMs: 5_000 }),
    );
    await vi.advanceTimersByTimeAsync(7_000);
    expect(polls(payout.id)).toBe(2);
    controller.abort(new Error('shutting down'));
    const error = await wait;
    expect(error).toBeInstanceOf(APIUserAbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls(payout.id)).toBe(2);
  });

  it('a signal aborted before the wait sends nothing', async () => {
    const payout = fake.seed.payout({ status: 'approved' });
    const error = await failure(
      chainbill.payouts.waitForSettlement(payout.id, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    [{ minConfirmations: 0 }, 'minConfirmations'],
    [{ minConfirmations: 1.5 }, 'minConfirmations'],
    [{ minConfirmations: Number.NaN }, 'minConfirmations'],
    [{ pollIntervalMs: 0 }, 'pollIntervalMs'],
    [{ pollIntervalMs: Number.POSITIVE_INFINITY }, 'pollIntervalMs'],
    [{ maxWaitMs: -1 }, 'maxWaitMs'],
    [{ maxWaitMs: 3e9 }, 'maxWaitMs'],
    [{ maxWaitMs: '60000' as unknown as number }, 'maxWaitMs'],
  ])('refuses %o before any poll: RequestValidationError naming %s', async (options, param) => {
    const error = await failure(chainbill.payouts.waitForSettlement('po_1', options));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['draft', /payout po_\w+ is a draft in the object given, and a draft never settles: approve it/],
    ['canceled', /payout po_\w+ is canceled, and a canceled payout never settles/],
  ] as const)('a %s payout object is refused at once, nothing sent', async (status, message) => {
    const payout = fake.seed.payout({ status });
    const error = await failure(chainbill.payouts.waitForSettlement(payout));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param: 'status' });
    expect((error as Error).message).toMatch(message);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['null', null],
    ['an object without an id', { status: 'approved' }],
    [
      'an id getter that throws',
      Object.defineProperty({}, 'id', {
        get: () => {
          throw new Error('trap');
        },
      }),
    ],
    [
      'a Proxy that throws on every trap',
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap');
          },
        },
      ),
    ],
  ])('%s in place of a payout is refused as a bad id, nothing sent', async (_, payout) => {
    const error = await failure(chainbill.payouts.waitForSettlement(payout as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param: 'id' });
    expect(fake.requests).toHaveLength(0);
  });

  it('takes an approved payout object as well as its id', async () => {
    const payout = fake.seed.payout({ status: 'approved', chain: 'base' });
    fake.simulate.settlePayout(payout.id, { confirmations: 3 });
    const settlement = await chainbill.payouts.waitForSettlement(payout, { minConfirmations: 2 });
    expect(settlement).toMatchObject({ payout_intent_id: payout.id, confirmations: 3 });
  });

  it('given an id, the timeout names why a payout may never settle, in the right number', async () => {
    const draft = fake.seed.payout({ status: 'draft' });
    const wait = failure(chainbill.payouts.waitForSettlement(draft.id, { maxWaitMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await wait) as Error).toMatchObject({
      name: 'WaitTimeoutError',
      message: `Payout ${draft.id} did not settle with 1 confirmation within 1000 ms (last seen: no settlement record). It may not be approved yet (a draft never settles), or it was canceled or failed; payouts.list({ status: 'failed' }) lists failed payouts.`,
    });
    const settled = fake.seed.payout({ status: 'approved' });
    fake.simulate.settlePayout(settled.id, { confirmations: 1 });
    const short = failure(
      chainbill.payouts.waitForSettlement(settled, { minConfirmations: 2, maxWaitMs: 1_000 }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(((await short) as Error).message).toBe(
      `Payout ${settled.id} did not settle with 2 confirmations within 1000 ms (last seen: 1 confirmation).`,
    );
  });

  it('each poll is an ordinary call: hooks see every attempt, a 503 is retried', async () => {
    const payout = fake.seed.payout({ status: 'approved' });
    fake.simulate.settlePayout(payout.id, { confirmations: 1 });
    fake.faults.next({ route: '/payouts/settlements' }, { status: 503 });
    const seen: HookInfo[] = [];
    const wait = chainbill.payouts.waitForSettlement(payout.id, {
      maxRetries: 1,
      hooks: { afterResponse: [(info) => void seen.push(info)] },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(wait).resolves.toMatchObject({ confirmations: 1 });
    expect(seen.map((info) => [info.route, info.status, info.attempt])).toEqual([
      ['/payouts/settlements', 503, 1],
      ['/payouts/settlements', 200, 2],
    ]);
  });
});
