/**
 * Timeouts (DESIGN.md: Retries): `timeout` bounds each attempt, the body included, on the client
 * and per call; on a fake clock, so each bound is checked to the millisecond.
 */
import { APIConnectionTimeoutError, APIUserAbortError } from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientOn,
  expectNextRequestAfter,
  hang,
  ok,
  type Step,
  scriptedFetch,
  track,
  useFakeClock,
} from './scripted-fetch.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('timeouts', () => {
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

  /** A fetch that rejects with an error of its own on abort, not the signal's reason. */
  const hangsThenThrows: Step = (request) =>
    new Promise<Response>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });

  it.each([
    ['rejects with the signal’s reason', hang()],
    ['rejects with an error of its own', hangsThenThrows],
  ])('the per-request timeout overrides the client timeout, with a fetch that %s', async (_, step) => {
    useFakeClock();
    const { fetch, seen } = scriptedFetch(step);
    const call = track(clientOn(fetch, { maxRetries: 0, timeout: 60_000 }).payouts.list({}, { timeout: 30 }));
    await vi.advanceTimersByTimeAsync(29);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    expect(await call.outcome).toBeInstanceOf(APIConnectionTimeoutError);
    expect(((await call.outcome) as Error).message).toBe('Request timed out after 30 ms.');
    expect(seen).toHaveLength(1);
  });
});
