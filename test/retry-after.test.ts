/**
 * `Retry-After` (RFC 9110 §10.2.3; DESIGN.md: Retries): delta-seconds or an HTTP date is the wait
 * before the retry, up to 60 s; more fails fast; any other value is ignored for the normal backoff.
 * On a fake clock: each wait is read from the client's `info` line and checked against when the
 * retry really went out.
 */
import { InternalServerError, RateLimitError } from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './helpers.js';
import {
  apiError,
  clientOn,
  envelope,
  expectNextRequestAfter,
  json,
  ok,
  retryLogger,
  scriptedFetch,
  track,
  useFakeClock,
} from './scripted-fetch.js';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Answers `status` with `Retry-After: value` then a payout, on a fake clock set to `now`; checks
 * the client announced a wait of `ms` and sent the retry then, not 1 ms sooner, and that it
 * resolved with the payout.
 */
async function expectRetryAfter(status: number, value: string, ms: number, now?: string): Promise<void> {
  useFakeClock();
  if (now !== undefined) vi.setSystemTime(Date.parse(now));
  const { fetch, seen } = scriptedFetch(apiError(status, { 'retry-after': value }), ok);
  const { logger, retries } = retryLogger();
  const call = track(clientOn(fetch, { maxRetries: 1, logger, logLevel: 'info' }).payouts.approve('po_1'));
  await expectNextRequestAfter(seen, ms);
  expect(retries.map((retry) => retry.ms)).toEqual([ms]);
  expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBe(ms);
  expect(await call.outcome).toMatchObject({ id: 'po_fixture1' });
}

describe('Retry-After', () => {
  it.each([
    ['delta-seconds on a 429 (backoff alone would wait at most 0.5 s)', 429, '1', 1_000, undefined],
    ['delta-seconds on a 503', 503, '2', 2_000, undefined],
    ['delta-seconds up to 60 s', 429, '60', 60_000, undefined],
    // An HTTP date is whole seconds: from 10:00:00.250 the retry waits 1.75 s, to the date itself.
    ['an HTTP date', 503, 'Mon, 05 Jan 2026 10:00:02 GMT', 1_750, '2026-01-05T10:00:00.250Z'],
    ['an IMF-fixdate 10 s ahead', 503, 'Sun, 22 Nov 2026 10:00:10 GMT', 10_000, '2026-11-22T10:00:00.000Z'],
  ])('honours %s: the retry is not sent before it', async (_, status, value, ms, now) => {
    await expectRetryAfter(status, value, ms, now);
  });

  it.each(['-1', 'x 5', '1, 2', '1.5', '+3', 'Sun, 06 Nov 1994 08:49:37', 'Mon, 31 Feb 2099 10:00:00 GMT'])(
    'ignores %j and uses the normal backoff',
    async (value) => {
      useFakeClock();
      const { fetch, seen } = scriptedFetch(apiError(503, { 'retry-after': value }), json(200, envelope([])));
      const { logger, retries } = retryLogger();
      const call = track(clientOn(fetch, { maxRetries: 1, logger, logLevel: 'info' }).payouts.list());
      // First backoff: 500 ms less up to 25 % jitter.
      await vi.advanceTimersByTimeAsync(374);
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(500 - 374);
      expect(seen).toHaveLength(2);
      expect(retries).toHaveLength(1);
      expect(retries[0]?.ms).toBeGreaterThanOrEqual(375);
      expect(retries[0]?.ms).toBeLessThanOrEqual(500);
      expect(await call.outcome).toMatchObject({ data: [] });
    },
  );

  it('RateLimitError.retryAfter is null for an unreadable value', async () => {
    const { fetch } = scriptedFetch(apiError(429, { 'retry-after': '-1' }));
    const error = await failure(clientOn(fetch, { maxRetries: 0 }).payouts.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeNull();
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
