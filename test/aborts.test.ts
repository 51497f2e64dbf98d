/**
 * Aborts (DESIGN.md: Retries): a caller's signal ends a call at once, whether the request, the
 * retry wait or the body is in progress, and an abort is never retried.
 */
import { APIUserAbortError } from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './helpers.js';
import {
  apiError,
  clientOn,
  payoutParams as createParams,
  hang,
  ok,
  type Step,
  scriptedFetch,
  track,
  useFakeClock,
} from './scripted-fetch.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('aborts', () => {
  it('a user abort during the request is never retried', async () => {
    const controller = new AbortController();
    const { fetch, seen } = scriptedFetch(hang());
    setTimeout(() => controller.abort(), 30);
    const error = await failure(
      clientOn(fetch, { maxRetries: 3 }).payouts.create(createParams, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { fetch, seen } = scriptedFetch(ok);
    const error = await failure(
      clientOn(fetch, { maxRetries: 3 }).payouts.approve('po_1', { signal: AbortSignal.abort() }),
    );
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
    const error = await failure(
      clientOn(fetch, { maxRetries: 3 }).payouts.approve('po_1', { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toHaveLength(1);
  });
});
