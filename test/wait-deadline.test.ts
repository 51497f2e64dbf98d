/**
 * `payouts.waitForSettlement` against servers that misbehave: `maxWaitMs` is a deadline for the
 * whole wait (a list that never ends, a poll that never answers, a 503 storm, `Retry-After`), a
 * record of another payout is never taken, and the record kept on the timeout is redacted. Real
 * `node:http` servers; the clock is vitest's (`setTimeout` and `Date` faked), so a test moves
 * time and lets the network run separately (`until`).
 */
import type { ServerResponse } from 'node:http';
import { Chainbill, type ClientOptions, type PayoutSettlement, WaitTimeoutError } from 'chainbill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until, useLoopback } from './loopback.js';
import { settlementFixture, type Tracked, track, useFakeClock } from './scripted-fetch.js';

const key = 'sk_test_waitsecret5Hn3Jk8';
const loopback = useLoopback();

beforeEach(() => useFakeClock());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Starts a settlement list server whose requests `answer` handles; counts the responses the client read. */
async function settlementsApi(answer: (res: ServerResponse, url: URL, authorization: string) => void) {
  return loopback((req, res) =>
    answer(res, new URL(req.url ?? '/', 'http://localhost'), req.headers.authorization ?? ''),
  );
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A wait on `url` for `po_1`, tracked; `read()` is how many responses its polls have read. */
function waitOn(
  url: string,
  options: Parameters<Chainbill['payouts']['waitForSettlement']>[1],
  client: ClientOptions = {},
) {
  let read = 0;
  const hooks = {
    afterResponse: [
      () => {
        read += 1;
      },
    ],
  };
  const chainbill = new Chainbill({ apiKey: key, baseUrl: url, logLevel: 'off', ...client });
  const wait: Tracked = track(chainbill.payouts.waitForSettlement('po_1', { hooks, ...options }));
  return { wait, read: () => read, started: Date.now() };
}

const page = (data: PayoutSettlement[], next: string | null = null) => ({
  data,
  has_more: next !== null,
  next_cursor: next,
});

describe('maxWaitMs is a deadline for the whole wait', () => {
  it('a list that never ends: each poll reads a bounded number of pages, and the wait ends on time', async () => {
    let served = 0;
    const api = await settlementsApi((res) => send(res, 200, page([], `c${++served}${'x'.repeat(8_000)}`)));
    const { wait, read } = waitOn(api.url, { pollIntervalMs: 60_000, maxWaitMs: 90_000 });
    await until(() => read() === 10);
    await vi.advanceTimersByTimeAsync(60_000);
    await until(() => read() === 20);
    await vi.advanceTimersByTimeAsync(30_000);
    await until(() => wait.settled);
    const error = await wait.outcome;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({ waitedMs: 90_000, lastSettlement: null });
    expect((error as Error).message).toContain('A poll reads at most 10 pages, and the list went on.');
    expect(api.hits()).toBe(20);
  });

  it('a poll that never answers is aborted at the deadline', async () => {
    let closed = false;
    const api = await settlementsApi((res) => {
      res.on('close', () => {
        closed = true;
      });
    });
    const { wait, started } = waitOn(api.url, { maxWaitMs: 5_000 });
    await until(() => api.hits() === 1);
    await vi.advanceTimersByTimeAsync(4_999);
    await until(() => true);
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => wait.settled && closed);
    expect(await wait.outcome).toMatchObject({ name: 'WaitTimeoutError', waitedMs: 5_000 });
    expect(Date.now() - started).toBe(5_000);
  });

  it('a 503 storm: a retry whose backoff would end past the deadline is not waited for', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // backoffs of 500, 1 000, 2 000 ms
    const api = await settlementsApi((res) => send(res, 503, { error: { message: 'busy' } }));
    const { wait, read } = waitOn(api.url, { maxWaitMs: 3_000, pollIntervalMs: 60_000 }, { maxRetries: 5 });
    await until(() => read() === 1);
    await vi.advanceTimersByTimeAsync(500);
    await until(() => read() === 2);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => read() === 3); // its retry would wait 2 000 ms, to 3 500
    await vi.advanceTimersByTimeAsync(1_499);
    await until(() => true);
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => wait.settled);
    expect(await wait.outcome).toMatchObject({ name: 'WaitTimeoutError', waitedMs: 3_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    await until(() => true);
    expect(api.hits()).toBe(3);
  });

  it('Retry-After: 3 past a deadline 2 s away is not waited for', async () => {
    const api = await settlementsApi((res) =>
      send(res, 503, { error: { message: 'busy' } }, { 'retry-after': '3' }),
    );
    const { wait, read } = waitOn(api.url, { maxWaitMs: 2_000 }, { maxRetries: 2 });
    await until(() => read() === 1);
    await vi.advanceTimersByTimeAsync(1_999);
    await until(() => true);
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => wait.settled);
    expect(await wait.outcome).toMatchObject({ name: 'WaitTimeoutError', waitedMs: 2_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    await until(() => true);
    expect(api.hits()).toBe(1);
  });
});

describe('a server that ignores payout_intent_id', () => {
  const mixed = () =>
    settlementsApi((res) =>
      send(
        res,
        200,
        page([
          settlementFixture({ id: 'ps_other', payout_intent_id: 'po_OTHER', confirmations: 50 }),
          settlementFixture({ id: 'ps_mine', payout_intent_id: 'po_1', confirmations: 2 }),
        ]),
      ),
    );

  it("never resolves with another payout's record", async () => {
    const api = await mixed();
    const { wait } = waitOn(api.url, { minConfirmations: 2 });
    await until(() => wait.settled);
    expect(await wait.outcome).toMatchObject({ id: 'ps_mine', payout_intent_id: 'po_1', confirmations: 2 });
  });

  it('times out with the record of its own payout, and says the server did not filter', async () => {
    const api = await mixed();
    const { wait, read } = waitOn(api.url, { minConfirmations: 3, maxWaitMs: 1_000 });
    await until(() => read() === 1);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => wait.settled);
    const error = (await wait.outcome) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.lastSettlement).toMatchObject({ id: 'ps_mine', confirmations: 2 });
    expect(error.message).toContain('Records of other payouts came back and were ignored');
  });
});

describe('the record kept on a timeout', () => {
  it('is server data, redacted, in lastSettlement and in toJSON()', async () => {
    const api = await settlementsApi((res, _, auth) =>
      send(res, 200, page([settlementFixture({ payout_intent_id: 'po_1', block_hash: auth })])),
    );
    const { wait, read } = waitOn(api.url, { minConfirmations: 5, maxWaitMs: 1_000 });
    await until(() => read() === 1);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => wait.settled);
    const error = (await wait.outcome) as WaitTimeoutError;
    expect(error.lastSettlement?.block_hash).toBe('Bearer sk_test_***');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      lastSettlement: { block_hash: 'Bearer sk_test_***' },
    });
    expect(JSON.stringify(error)).not.toContain(key.slice(8));
  });
});
