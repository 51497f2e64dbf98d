/**
 * `fake.faults` (DESIGN.md: Fault injection): the next matching requests fail as the network and
 * the service can, over each way of reaching the fake: fetch, msw and real HTTP.
 */
import {
  APIConnectionError,
  Chainbill,
  InternalServerError,
  type PayoutCreateParams,
  RateLimitError,
} from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { handlers } from 'chainbill/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failure } from '../helpers.js';

const payout: PayoutCreateParams = {
  recipient_address: 'TS7uTd4UvXRM4cEzr1i13x8JPFQ5BSu9uQ',
  chain: 'tron',
  token: 'USDT',
  amount: 125.5,
  currency: 'USD',
  reference_type: 'invoice',
  reference_id: 'inv_1042',
};

const msw = setupServer();
// Real HTTP to the fake's listen() on loopback passes; anything else unhandled is an error.
beforeAll(() =>
  msw.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname !== '127.0.0.1') print.error();
    },
  }),
);
afterEach(() => {
  msw.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => msw.close());

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A client of `fake` over one of the three ways in. */
async function clientOver(
  way: 'fetch' | 'msw' | 'listen',
  fake: FakeChainbill,
  maxRetries = 0,
): Promise<Chainbill> {
  const options = { apiKey: fake.apiKey, maxRetries };
  if (way === 'fetch') return new Chainbill({ ...options, baseUrl: fake.baseUrl, fetch: fake.fetch });
  if (way === 'msw') {
    msw.use(...handlers(fake));
    return new Chainbill({ ...options, baseUrl: fake.baseUrl });
  }
  const server = await fake.listen();
  closers.push(server.close);
  return new Chainbill({ ...options, baseUrl: server.url });
}

async function payoutsOf(fake: FakeChainbill) {
  return (await (await clientOver('fetch', fake, 2)).payouts.list()).data;
}

describe.each(['fetch', 'msw', 'listen'] as const)('over %s', (way) => {
  it('commit-then-drop: the SDK retries with the same Idempotency-Key and one payout exists', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver(way, fake, 2);
    fake.faults.next({ method: 'POST', route: '/payouts' }, 'commit-then-drop');
    const created = await chainbill.payouts.create(payout);
    expect(await payoutsOf(fake)).toEqual([created]);
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.status, r.fault])).toEqual([
      [201, 'commit-then-drop'],
      [201, null], // the first answer, replayed
    ]);
    expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
  });

  it('commit-then-drop: the merchant retries a lost call with its own key and pays once', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver(way, fake);
    fake.faults.next({ method: 'POST', route: '/payouts' }, 'commit-then-drop');
    const key = 'payout-create-inv_1042';
    const lost = await failure(chainbill.payouts.create(payout, { idempotencyKey: key }));
    expect(lost).toBeInstanceOf(APIConnectionError);
    expect(await payoutsOf(fake)).toHaveLength(1); // applied, though the answer was lost
    const again = await chainbill.payouts.create(payout, { idempotencyKey: key });
    expect(await payoutsOf(fake)).toEqual([again]);
  });

  it('reset: nothing is applied, and the SDK sees a connection error', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver(way, fake);
    fake.faults.next({ route: '/payouts' }, 'reset');
    const error = await failure(chainbill.payouts.create(payout));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(await payoutsOf(fake)).toEqual([]);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/payouts', status: 0, fault: 'reset' });
  });

  it('a 503 with the API error body, then the retry goes through', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver(way, fake);
    fake.faults.next({ route: '/payouts' }, { status: 503 });
    const error = await failure(chainbill.payouts.list());
    expect(error).toBeInstanceOf(InternalServerError); // every 5xx
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', type: 'api_error' });
    expect((await chainbill.payouts.list()).data).toEqual([]);
  });
});

describe('statuses and delays', () => {
  it('429 with Retry-After: the SDK waits as told and retries', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver('fetch', fake, 2); // the SDK's default retries
    fake.faults.next({ route: '/customers' }, { status: 429, retryAfter: 0 });
    expect((await chainbill.customers.list()).data).toEqual([]);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);

    fake.faults.next(
      { route: '/customers' },
      { status: 429, retryAfter: 7, code: 'slow_down', message: 'Easy.' },
    );
    const error = await failure(chainbill.customers.list({}, { maxRetries: 0 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 7, code: 'slow_down', message: 'Easy.' });
  });

  it('a delay holds the answer for exactly that long on the process timers', async () => {
    vi.useFakeTimers();
    const fake = createFakeChainbill();
    const chainbill = await clientOver('fetch', fake, 2); // the SDK's default retries
    fake.faults.next({ method: 'GET' }, { delay: 5_000 });
    let settled = false;
    const call = chainbill.customers.list().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call).data).toEqual([]);
    expect(fake.requests[0]).toMatchObject({ status: 200, fault: 'delay' });
  });
});

describe('matching', () => {
  it('a route template matches its paths only; faults apply in order, `times` each', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver('fetch', fake);
    const { id } = await chainbill.payouts.create(payout);
    fake.faults.next({ route: '/payouts/{id}' }, { status: 502 }, { times: 2 });
    fake.faults.next({ method: 'PATCH' }, { status: 504 });
    expect(fake.faults.pending.map((f) => f.remaining)).toEqual([2, 1]);
    await chainbill.payouts.list(); // /payouts is not /payouts/{id}
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        await chainbill.payouts.approve(id).then(
          () => 200,
          (e: unknown) => (e as { status: number }).status,
        ),
      );
    expect(statuses).toEqual([502, 502, 504, 200]);
    expect(fake.faults.pending).toEqual([]);
  });

  it('times: Infinity stays until clear()', async () => {
    const fake = createFakeChainbill();
    const chainbill = await clientOver('fetch', fake);
    fake.faults.next({}, { status: 500 }, { times: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 3; i++)
      await expect(chainbill.customers.list()).rejects.toMatchObject({ status: 500 });
    fake.faults.clear();
    expect((await chainbill.customers.list()).data).toEqual([]);
  });

  it('refuses a bad fault with one line naming the field, and arms nothing', () => {
    const fake = createFakeChainbill();
    const cases: [Parameters<FakeChainbill['faults']['next']>, RegExp][] = [
      [[{ route: '/payout' }, 'reset'], /match.route "\/payout" is not a route of the API/],
      [[{ method: 'post' }, 'reset'], /match.method must be one of GET, POST/],
      [[{ path: '/payouts' } as never, 'reset'], /unknown field "path"/],
      [[{}, { status: 200 }], /fault.status must be a whole number from 400 to 599, got 200/],
      [[{}, { delay: -1 }], /fault.delay must be milliseconds, at least 0, at most 2147483647 .*, got -1/],
      [[{}, 'explode' as never], /a fault is \{ status \}, \{ delay \}, "reset" or "commit-then-drop"/],
      [[{}, 'reset', { times: 0 }], /times must be a whole number of at least 1 or Infinity, got 0/],
    ];
    for (const [args, message] of cases) {
      expect(() => fake.faults.next(...args)).toThrow(message);
    }
    expect(fake.faults.pending).toEqual([]);
  });
});
