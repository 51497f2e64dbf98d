/**
 * What is retried and how long the client waits (DESIGN.md: Retries): transient statuses, broken
 * connections and timeouts, up to `maxRetries`, after a backoff of min(0.5 * 2^n, 8) s less up to
 * 25% jitter. `Retry-After` is in retry-after.test.ts, the Idempotency-Key in idempotency.test.ts.
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  Chainbill,
  InternalServerError,
  RequestValidationError,
} from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './helpers.js';
import {
  apiError,
  clientOn,
  connectionReset,
  created,
  payoutParams as createParams,
  expectNextRequestAfter,
  hang,
  ok,
  retryLogger,
  scriptedFetch,
  testBaseUrl,
  testKey,
  track,
  useFakeClock,
} from './scripted-fetch.js';

const now0 = { 'retry-after': '0' };

/** Milliseconds between consecutive requests, on the clock the requests were seen by. */
function gaps(seen: { at: number }[]): number[] {
  return seen.slice(1).map((request, i) => request.at - (seen[i]?.at ?? 0));
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
    const error = await failure(clientOn(fetch, { maxRetries: 1 }).payouts.list());
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

  it('retries by default twice (3 attempts), and gives up with the last error', async () => {
    const { fetch, seen } = scriptedFetch(apiError(503, now0));
    const client = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, logLevel: 'off' });
    const error = await failure(client.payouts.list());
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
      const error = await failure(clientOn(fetch).payouts.list({}, options));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).param).toBe(param);
      expect(seen).toHaveLength(0);
    },
  );

  // Only 408, 429, 500, 502, 503 and 504 are transient; the class of each status is in errors.test.ts.
  it.each([400, 401, 403, 404, 409, 422, 501])('never retries a %i', async (status) => {
    const { fetch, seen } = scriptedFetch(apiError(status, now0), ok);
    await expect(clientOn(fetch, { maxRetries: 3 }).payouts.approve('po_1')).rejects.toMatchObject({
      status,
    });
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
    const settled = failure(call);
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
