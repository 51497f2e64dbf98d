/**
 * An injected `{ delay }` ends with its request. A client's timeout or
 * abort ends the call at once (not when the delay is over), `reset()` and a closed server end what
 * is still waiting, and no timer is left behind; a delay past a timer's range is refused.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  Chainbill,
  type PayoutCreateParams,
} from 'chainbill';
import { createFakeChainbill, type FakeChainbill, randomAddress } from 'chainbill/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';

const payout: PayoutCreateParams = {
  recipient_address: randomAddress('tron'),
  chain: 'tron',
  token: 'USDT',
  amount: 25.5,
  currency: 'USD',
};

afterEach(() => {
  vi.useRealTimers();
});

function clientOf(fake: FakeChainbill, timeout = 60_000): Chainbill {
  return new Chainbill({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    fetch: fake.fetch,
    maxRetries: 0,
    timeout,
    logLevel: 'off',
  });
}

/** What a call settles with, once it has. */
function settled(call: Promise<unknown>): { value: () => unknown } {
  let value: unknown = 'pending';
  call.then(
    (result) => {
      value = result;
    },
    (error: unknown) => {
      value = error;
    },
  );
  return { value: () => value };
}

describe('over fake.fetch, a delayed request ends with its signal', () => {
  it('a client timeout of 300 ms ends a 5 000 ms delay at 300 ms; nothing applied, no timer left', async () => {
    vi.useFakeTimers();
    const fake = createFakeChainbill();
    fake.faults.next({ method: 'POST', route: '/payouts' }, { delay: 5_000 });
    const call = settled(clientOf(fake, 300).payouts.create(payout));
    await vi.advanceTimersByTimeAsync(299);
    expect(call.value()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(call.value()).toBeInstanceOf(APIConnectionTimeoutError);
    expect(vi.getTimerCount()).toBe(0);
    expect(fake.requests.map((r) => [r.fault, r.status])).toEqual([['delay', 0]]);
    vi.useRealTimers();
    expect((await clientOf(fake).payouts.list()).data).toEqual([]);
  });

  it("the caller's signal aborting at 500 ms ends the delay then: APIUserAbortError, no timer left", async () => {
    vi.useFakeTimers();
    const fake = createFakeChainbill();
    fake.faults.next({ route: '/payouts' }, { delay: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const call = settled(clientOf(fake).payouts.list({}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(500);
    expect(call.value()).toBeInstanceOf(APIUserAbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fake.fetch rejects with the signal’s reason, as fetch does, already aborted or during the delay', async () => {
    const fake = createFakeChainbill();
    const reason = new Error('gone');
    const init = { headers: { authorization: `Bearer ${fake.apiKey}` } };
    await expect(
      fake.fetch(`${fake.baseUrl}/payouts`, { ...init, signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    vi.useFakeTimers();
    fake.faults.next({}, { delay: 10_000 });
    const controller = new AbortController();
    const call = settled(fake.fetch(`${fake.baseUrl}/payouts`, { ...init, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.value()).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reset() ends a { delay: 1e9 } at once, as a reset connection, and leaves no timer', async () => {
    vi.useFakeTimers();
    const fake = createFakeChainbill();
    fake.faults.next({ method: 'POST', route: '/payouts' }, { delay: 1e9 });
    const call = settled(clientOf(fake).payouts.create(payout));
    await vi.advanceTimersByTimeAsync(1_000);
    expect([call.value(), vi.getTimerCount()]).toEqual(['pending', 2]); // the delay and the client's timeout
    fake.reset();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.value()).toBeInstanceOf(APIConnectionError);
    expect(call.value()).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    expect((await clientOf(fake).payouts.list()).data).toEqual([]); // not applied
  });
});

describe('delays a timer cannot hold', () => {
  it('refuses a delay over 2^31 − 1 ms, in process and over the control API, and arms nothing', async () => {
    const fake = createFakeChainbill();
    for (const delay of [3e9, 2 ** 31]) {
      expect(() => fake.faults.next({}, { delay })).toThrow(TypeError);
      expect(() => fake.faults.next({}, { delay })).toThrow(/at most 2147483647/);
    }
    fake.faults.next({}, { delay: 2 ** 31 - 1 });
    expect(fake.faults.pending).toEqual([{ match: {}, fault: { delay: 2 ** 31 - 1 }, remaining: 1 }]);
    fake.faults.clear();
    const server = await fake.listen({ controlToken: 'control-token-1' });
    try {
      const response = await fetch(server.url.replace(/\/v1$/, '/_fake/faults'), {
        method: 'POST',
        headers: { authorization: 'Bearer control-token-1', 'content-type': 'application/json' },
        body: JSON.stringify({ fault: { delay: 3e9 } }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringMatching(/at most 2147483647/) },
      });
      expect(fake.faults.pending).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

// Over listen(), in a process of its own: it must end by itself once the server is closed, which
// it cannot while a timer waits (the delay used to hold the process for 1e9 ms after close()).
const root = fileURLToPath(new URL('../../', import.meta.url));
const script = `
import { APIConnectionTimeoutError, Chainbill } from ${JSON.stringify(join(root, 'dist/index.js'))};
import { createFakeChainbill } from ${JSON.stringify(join(root, 'dist/testing/index.js'))};
const fake = createFakeChainbill();
const server = await fake.listen();
fake.faults.next({ route: '/payouts' }, { delay: 1e9 });
const client = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url, timeout: 300, maxRetries: 0, logLevel: 'off' });
const error = await client.payouts.list().catch((caught) => caught);
fake.faults.next({ route: '/payouts' }, { delay: 1e9 });
const held = client.withOptions({ timeout: 2 ** 31 - 1 }).payouts.list().catch((caught) => caught.constructor.name);
while (fake.requests.length < 2) await new Promise((resolve) => setImmediate(resolve));
await server.close();
console.log(JSON.stringify({ timedOut: error instanceof APIConnectionTimeoutError, held: await held }));
`;

describe('over listen(), a closed connection ends the delay', () => {
  const running: ChildProcess[] = [];
  afterEach(() => {
    for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('a client timeout ends the call, close() ends what waits, and the process exits by itself', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(JSON.parse(out)).toEqual({ timedOut: true, held: 'APIConnectionError' });
  });
});
