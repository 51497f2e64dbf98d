import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  Chainbill,
  type ClientOptions,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  UnprocessableEntityError,
} from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rows, validId, validParams } from './property-rows.js';
import {
  apiError,
  connectionReset,
  envelope,
  hang,
  json,
  payoutFixture,
  retryLogger,
  type SeenRequest,
  type Step,
  scriptedFetch,
  testBaseUrl,
  testKey,
  track,
  uuidV4,
} from './scripted-fetch.js';

const ok: Step = json(200, payoutFixture());
const created: Step = json(201, payoutFixture());
const now0 = { 'retry-after': '0' };
const createParams = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 125.5,
  currency: 'USD',
} as const;

function clientOn(fetch: ClientOptions['fetch'], options: ClientOptions = {}): Chainbill {
  return new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, logLevel: 'off', ...options });
}

/** Milliseconds between consecutive requests, on the clock the requests were seen by. */
function gaps(seen: { at: number }[]): number[] {
  return seen.slice(1).map((request, i) => request.at - (seen[i]?.at ?? 0));
}

/**
 * The fake clock the timing tests run on (STYLE.md rule 15): the SDK's retry waits and per-attempt
 * timeouts are `setTimeout`s, and `Retry-After` dates are read against `Date.now()`.
 */
function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/** Moves the fake clock `ms` on, checking the next request goes out then and not 1 ms sooner. */
async function expectNextRequestAfter(seen: SeenRequest[], ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(0); // the request in flight reaches fetch
  const before = seen.length;
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(seen).toHaveLength(before);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(before + 1);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('what is retried', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a %i, then resolves with the retry', async (status) => {
    const { fetch, seen } = scriptedFetch(apiError(status, now0), created);
    const payout = await clientOn(fetch).payouts.create(createParams);
    expect(payout.id).toBe('po_fixture1');
    expect(seen).toHaveLength(2);
  });

  it('retries a connection error, then resolves', async () => {
    const { fetch, seen } = scriptedFetch(connectionReset(), created);
    await expect(clientOn(fetch).payouts.create(createParams)).resolves.toMatchObject({ id: 'po_fixture1' });
    expect(seen).toHaveLength(2);
  });

  it('gives up on a connection error after maxRetries + 1 attempts with APIConnectionError', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999); // shortest backoff: 375 ms
    const { fetch, seen } = scriptedFetch(connectionReset());
    const error = await clientOn(fetch, { maxRetries: 1 })
      .payouts.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('ECONNRESET');
    expect(seen).toHaveLength(2);
  });

  it('retries a timeout, and gives up after maxRetries + 1 attempts with APIConnectionTimeoutError', async () => {
    useFakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter: the backoff is 500 ms
    const { fetch, seen } = scriptedFetch(hang());
    const call = track(clientOn(fetch, { maxRetries: 1, timeout: 50 }).payouts.create(createParams));
    // Two 50 ms attempts and one 500 ms backoff between them.
    await expectNextRequestAfter(seen, 50 + 500);
    await vi.advanceTimersByTimeAsync(49);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    const error = await call.outcome;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toBe('Request timed out after 50 ms.');
    expect(seen).toHaveLength(2);
  });

  it('the timeout covers a body that stalls, even when fetch does not tie its signal to the body', async () => {
    useFakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    // Like msw or a hand-written fetch: aborting the signal does not error this stream.
    const stalled: Step = () =>
      new Response(
        new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"id":"po_'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const { fetch, seen } = scriptedFetch(stalled, ok);
    const call = track(clientOn(fetch, { maxRetries: 1, timeout: 50 }).payouts.approve('po_1'));
    // The stalled body times out at 50 ms; the retry follows a 500 ms backoff and succeeds.
    await expectNextRequestAfter(seen, 50 + 500);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
    expect(seen).toHaveLength(2);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const aborted = track(
      clientOn(scriptedFetch(stalled).fetch, { maxRetries: 2 }).payouts.approve('po_1', {
        signal: controller.signal,
      }),
    );
    await vi.advanceTimersByTimeAsync(29);
    expect(aborted.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted.settled).toBe(true);
    expect(await aborted.outcome).toBeInstanceOf(APIUserAbortError);
  });

  it('the per-request timeout overrides the client timeout', async () => {
    useFakeClock();
    const { fetch, seen } = scriptedFetch(hang());
    const call = track(clientOn(fetch, { maxRetries: 0, timeout: 60_000 }).payouts.list({}, { timeout: 30 }));
    await vi.advanceTimersByTimeAsync(29);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    expect(await call.outcome).toBeInstanceOf(APIConnectionTimeoutError);
    expect(((await call.outcome) as Error).message).toBe('Request timed out after 30 ms.');
    expect(seen).toHaveLength(1);
  });

  it('retries by default twice (3 attempts), and gives up with the last error', async () => {
    const { fetch, seen } = scriptedFetch(apiError(503, now0));
    const client = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, logLevel: 'off' });
    const error = await client.payouts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect(seen).toHaveLength(3);
  });

  it('maxRetries can be overridden per request, both ways', async () => {
    const lenient = scriptedFetch(apiError(500, now0));
    await expect(
      clientOn(lenient.fetch, { maxRetries: 0 }).payouts.list({}, { maxRetries: 3 }),
    ).rejects.toThrow(InternalServerError);
    expect(lenient.seen).toHaveLength(4);

    const strict = scriptedFetch(apiError(500, now0));
    await expect(
      clientOn(strict.fetch, { maxRetries: 5 }).payouts.list({}, { maxRetries: 0 }),
    ).rejects.toThrow(InternalServerError);
    expect(strict.seen).toHaveLength(1);
  });

  it.each([
    ['maxRetries', { maxRetries: Number.NaN }],
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['timeout', { timeout: Number.NaN }],
    ['timeout', { timeout: 0 }],
    ['timeout', { timeout: -5 }],
  ] as const)(
    'a per-request %s of %o is refused before sending, never retried forever',
    async (param, options) => {
      const { fetch, seen } = scriptedFetch(apiError(503, now0));
      const error = await clientOn(fetch)
        .payouts.list({}, options)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).param).toBe(param);
      expect(seen).toHaveLength(0);
    },
  );

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
  ])('never retries a %i', async (status, ErrorClass) => {
    const { fetch, seen } = scriptedFetch(apiError(status, now0), ok);
    await expect(clientOn(fetch, { maxRetries: 3 }).payouts.approve('po_1')).rejects.toThrow(ErrorClass);
    expect(seen).toHaveLength(1);
  });

  it('never retries a 501 (only 500, 502, 503 and 504 are transient)', async () => {
    const { fetch, seen } = scriptedFetch(apiError(501, now0), ok);
    await expect(clientOn(fetch, { maxRetries: 3 }).payouts.approve('po_1')).rejects.toThrow(
      InternalServerError,
    );
    expect(seen).toHaveLength(1);
  });
});

describe('backoff', () => {
  it('waits 0.5 s then 1 s (no jitter when Math.random() is 0)', async () => {
    useFakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, seen } = scriptedFetch(apiError(503), apiError(503), ok);
    const call = track(clientOn(fetch, { maxRetries: 2 }).payouts.approve('po_1'));
    await expectNextRequestAfter(seen, 500);
    await expectNextRequestAfter(seen, 1_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
    expect(gaps(seen)).toEqual([500, 1_000]);
  });

  it('jitter takes off at most 25%', async () => {
    useFakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999); // the most jitter: 500 ms less 25%
    const { fetch, seen } = scriptedFetch(apiError(503), ok);
    const call = track(clientOn(fetch, { maxRetries: 1 }).payouts.approve('po_1'));
    await vi.advanceTimersByTimeAsync(374);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(seen).toHaveLength(2);
    expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
  });

  it('with real jitter, the first wait is between 375 and 500 ms', async () => {
    useFakeClock();
    const { fetch, seen } = scriptedFetch(connectionReset(), ok);
    const { logger, retries } = retryLogger();
    const call = track(clientOn(fetch, { maxRetries: 1, logger, logLevel: 'info' }).payouts.approve('po_1'));
    await vi.advanceTimersByTimeAsync(374);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500 - 374);
    expect(seen).toHaveLength(2);
    expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
    expect(retries).toHaveLength(1);
    expect(retries[0]?.ms).toBeGreaterThanOrEqual(375);
    expect(retries[0]?.ms).toBeLessThanOrEqual(500);
  });

  it('doubles up to 8 s and stays there (min(0.5 * 2^n, 8) s)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, seen } = scriptedFetch(apiError(502));
    const lines: string[] = [];
    const logger = { error() {}, warn() {}, debug() {}, info: (line: string) => lines.push(line) };
    const call = clientOn(fetch, { maxRetries: 6, logger, logLevel: 'info' }).payouts.list();
    const settled = call.catch((e: unknown) => e);
    const started = Date.now();
    await vi.advanceTimersByTimeAsync(500 + 1_000 + 2_000 + 4_000 + 8_000 + 8_000 - 1);
    expect(seen).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(7);
    expect(Date.now() - started).toBe(23_500);
    const delays = lines.map((line) => Number(/in (\d+) ms/.exec(line)?.[1]));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});

describe('Retry-After', () => {
  it('honours seconds: waits 1 s where backoff alone would wait at most 0.5 s', async () => {
    useFakeClock();
    const { fetch, seen } = scriptedFetch(apiError(429, { 'retry-after': '1' }), ok);
    const call = track(clientOn(fetch, { maxRetries: 1 }).payouts.approve('po_1'));
    await expectNextRequestAfter(seen, 1_000);
    expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
  });

  it('honours an HTTP date: the retry is not sent before that date', async () => {
    useFakeClock();
    vi.setSystemTime(Date.parse('2026-01-05T10:00:00.250Z'));
    const target = Date.parse('2026-01-05T10:00:02.000Z'); // an HTTP date is whole seconds: 1.75 s ahead
    let retriedAt = 0;
    const { fetch, seen } = scriptedFetch(
      apiError(503, { 'retry-after': new Date(target).toUTCString() }),
      (request) => {
        retriedAt = Date.now();
        return ok(request);
      },
    );
    const call = track(clientOn(fetch, { maxRetries: 1 }).payouts.approve('po_1'));
    await expectNextRequestAfter(seen, 1_750);
    expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
    expect(retriedAt).toBe(target);
  });

  it('honours up to 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch, seen } = scriptedFetch(apiError(429, { 'retry-after': '60' }), ok);
    const call = clientOn(fetch, { maxRetries: 1 }).payouts.approve('po_1');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toMatchObject({ id: 'po_fixture1' });
    expect(seen).toHaveLength(2);
  });

  it('fails fast on more than 60 s, with retryAfter in seconds', async () => {
    useFakeClock();
    const { fetch, seen } = scriptedFetch(apiError(429, { 'retry-after': '3600' }), ok);
    const { logger, retries } = retryLogger();
    const call = track(clientOn(fetch, { maxRetries: 2, logger, logLevel: 'info' }).payouts.approve('po_1'));
    // Settled with the clock not moved on: no wait at all.
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(retries).toEqual([]);
    const error = await call.outcome;
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(seen).toHaveLength(1);
  });

  it('fails fast on an HTTP date more than 60 s away, and on a 503 as well', async () => {
    useFakeClock();
    const later = new Date(Date.now() + 3_600_000).toUTCString();
    const { fetch, seen } = scriptedFetch(apiError(503, { 'retry-after': later }), ok);
    const { logger, retries } = retryLogger();
    const call = track(clientOn(fetch, { maxRetries: 2, logger, logLevel: 'info' }).payouts.approve('po_1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(retries).toEqual([]);
    expect(await call.outcome).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });
});

describe('aborts', () => {
  it('a user abort during the request is never retried', async () => {
    const controller = new AbortController();
    const { fetch, seen } = scriptedFetch(hang());
    setTimeout(() => controller.abort(), 30);
    const error = await clientOn(fetch, { maxRetries: 3 })
      .payouts.create(createParams, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { fetch, seen } = scriptedFetch(ok);
    const error = await clientOn(fetch, { maxRetries: 3 })
      .payouts.approve('po_1', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(0);
  });

  it('an abort during the retry wait stops at once, without another attempt', async () => {
    useFakeClock();
    const controller = new AbortController();
    const { fetch, seen } = scriptedFetch(apiError(503, { 'retry-after': '1' }), ok);
    setTimeout(() => controller.abort(), 100);
    const call = track(
      clientOn(fetch, { maxRetries: 2 }).payouts.approve('po_1', { signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(call.settled).toBe(false);
    // The abort at 100 ms ends the 1 s wait then, not when it would have run out.
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    const error = await call.outcome;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).message).toContain('waiting to retry');
    expect(seen).toHaveLength(1);
  });

  it('an abort while the body is being read is a user abort, not a connection error', async () => {
    const controller = new AbortController();
    const stalled: Step = (request) =>
      new Response(
        new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"id":"po_'));
            request.signal.addEventListener('abort', () => stream.error(request.signal.reason));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const { fetch, seen } = scriptedFetch(stalled, ok);
    setTimeout(() => controller.abort(), 30);
    const error = await clientOn(fetch, { maxRetries: 3 })
      .payouts.approve('po_1', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  // Every write of the public surface, from the property rows (test/surface.test.ts checks that
  // every method has one), each called with valid input.
  const mutations = rows
    .filter((row) => row.http !== 'GET')
    .map((row) => {
      const [id = ''] = fc.sample(validId(row), { numRuns: 1, seed: 7 });
      const [params] = fc.sample(validParams(row), { numRuns: 1, seed: 7 });
      return [row.name, (c: Chainbill) => row.call(c, id, params as never), row.http] as const;
    });

  it('covers every write', () => {
    expect(mutations.map(([name]) => name)).toEqual(
      expect.arrayContaining(['payouts.create', 'subscriptions.pause', 'webhookEndpoints.delete']),
    );
    expect(mutations.length).toBeGreaterThanOrEqual(16);
  });

  it.each(mutations)('%s sends a UUID v4, the same on every retry', async (_, call, method) => {
    const { fetch, seen } = scriptedFetch(apiError(503, now0), apiError(502, now0), ok);
    // The last answer is a payout, which other resources reject as a body: only the keys matter here.
    await call(clientOn(fetch, { maxRetries: 2 })).then(
      () => undefined,
      () => undefined,
    );
    expect(seen).toHaveLength(3);
    expect(seen.map((r) => r.method)).toEqual([method, method, method]);
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(uuidV4);
    expect(new Set(keys).size).toBe(1);
  });

  it.each(mutations)('%s sends a new key on each call', async (_, call) => {
    const { fetch, seen } = scriptedFetch(ok);
    const client = clientOn(fetch);
    for (let i = 0; i < 3; i++)
      await call(client).then(
        () => undefined,
        () => undefined,
      );
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys.every((key) => uuidV4.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps the key across a connection error and a timeout too', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { fetch, seen } = scriptedFetch(connectionReset(), hang(), created);
    await clientOn(fetch, { maxRetries: 2, timeout: 50 }).payouts.create(createParams);
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(uuidV4);
    expect(new Set(keys).size).toBe(1);
  });

  it('uses options.idempotencyKey as given, on every retry', async () => {
    const { fetch, seen } = scriptedFetch(apiError(500, now0), created);
    await clientOn(fetch).payouts.create(createParams, { idempotencyKey: 'payout-run-2026-01-05-row-17' });
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual([
      'payout-run-2026-01-05-row-17',
      'payout-run-2026-01-05-row-17',
    ]);
  });

  it('options.headers cannot set the key of a call: refused, pointing to idempotencyKey, nothing sent', async () => {
    const { fetch, seen } = scriptedFetch(ok);
    const error = await clientOn(fetch)
      .payouts.approve('po_1', { headers: { 'idempotency-key': 'fixed' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param: 'headers' });
    expect((error as Error).message).toContain('idempotencyKey');
    expect(seen).toHaveLength(0);
    expect(() => clientOn(fetch, { defaultHeaders: { 'Idempotency-Key': 'fixed' } })).toThrow(
      /defaultHeaders must not set Idempotency-Key/,
    );
  });

  it('GET requests carry none, on the first page, the next pages and retries', async () => {
    const { fetch, seen } = scriptedFetch(
      apiError(503, now0),
      json(200, envelope([payoutFixture()], 'c1')),
      json(200, envelope([payoutFixture({ id: 'po_2' })])),
      json(200, envelope([])),
    );
    const client = clientOn(fetch);
    const items = await client.payouts.list().toArray();
    await client.payouts.settlements.list();
    expect(items).toHaveLength(2);
    expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
    expect(seen.map((r) => r.headers.has('idempotency-key'))).toEqual([false, false, false, false]);
  });

  it('a create whose response is lost is retried with the same key, and the fake pays once', async () => {
    const fake = createFakeChainbill();
    let calls = 0;
    // The first request reaches the server, which creates the payout; then the connection drops.
    const lossy: ClientOptions['fetch'] = async (input, init) => {
      const response = await fake.fetch(input, init);
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return response;
    };
    const client = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: lossy,
      logLevel: 'off',
    });
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const payout = await client.payouts.create(createParams);
    const creates = fake.requests.filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toBe(creates[1]?.idempotencyKey);
    const all = await new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch }).payouts
      .list()
      .toArray();
    expect(all.map((p) => p.id)).toEqual([payout.id]);
  });
});
