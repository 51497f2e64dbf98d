/**
 * Fault injection over real sockets: a `node:http` server on 127.0.0.1 answers each request from a
 * script, including answers that break the connection. No msw: undici really sees the faults.
 *
 * No fake timers here (they would stall the sockets) and no bounds on wall time (STYLE.md rule 15):
 * a test reads the wait the client chose from its `info` log line, and checks that the client
 * really asked `setTimeout` for that wait, which then runs at once. retries.test.ts pins the waits
 * down on a fake clock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type Chainbill,
  type ClientOptions,
  InternalServerError,
  type Logger,
  RateLimitError,
  ResponseValidationError,
} from 'chainbill';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { failure } from './helpers.js';
import { clientAt } from './loopback.js';
import {
  type AnnouncedRetry,
  payoutParams as createParams,
  payoutFixture,
  retryLogger,
  uuidV4,
} from './scripted-fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Seen {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
}

const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The `timeout` of the tests that time out: each attempt's timer, held as below. */
const attemptTimeout = 150;
/** When the test's servers last received a request (`performance.now()`), if they did. */
let arrivedAt: number | undefined;

/**
 * Every `setTimeout` asked for during the test. A wait the client announced as a retry's runs at
 * once, so the test does not sleep through the backoff. An attempt's timer of `attemptTimeout`
 * fires only once that long has passed since its request reached the server, so a busy machine
 * cannot end an attempt before it was sent. Every other timer runs as asked.
 */
let timers: MockInstance<typeof setTimeout>;
/** The retries the test's client announced, each with the wait it chose. */
let retries: AnnouncedRetry[];
let logger: Logger;
beforeEach(() => {
  ({ logger, retries } = retryLogger());
  arrivedAt = undefined;
  const realSetTimeout = globalThis.setTimeout;
  timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    run: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (retries.some((retry) => retry.ms === Math.round(Number(ms)))) return realSetTimeout(run, 0, ...rest);
    if (ms !== attemptTimeout) return realSetTimeout(run, ms, ...rest);
    const armedAt = performance.now();
    const handle = realSetTimeout(() => {
      const since = arrivedAt !== undefined && arrivedAt >= armedAt ? performance.now() - arrivedAt : 0;
      if (since >= attemptTimeout) run();
      else handle.refresh();
    }, ms);
    return handle;
  }) as typeof setTimeout);
});

/**
 * Checks the client announced one retry per `[min, max]` range (ms), in order, each choosing a wait
 * within its range, and asked `setTimeout` for each of those waits: the retry came after it.
 */
function expectWaits(...ranges: [min: number, max: number][]): void {
  expect(retries).toHaveLength(ranges.length);
  const asked = timers.mock.calls.map(([, ms]) => Math.round(Number(ms)));
  ranges.forEach(([min, max], i) => {
    const ms = retries[i]?.ms ?? Number.NaN;
    expect(ms).toBeGreaterThanOrEqual(min);
    expect(ms).toBeLessThanOrEqual(max);
    expect(asked).toContain(ms);
  });
}

/** Starts a server answering request n with handler n (the last one repeats). */
async function faultServer(...script: Handler[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const handler = script[Math.min(seen.length, script.length - 1)];
    arrivedAt = performance.now();
    const key = req.headers['idempotency-key'];
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    req.resume();
    req.on('end', () => handler?.(req, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

function send(status: number, body: string, headers: Record<string, string> = {}): Handler {
  return (_, res) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  };
}
const payoutJson = JSON.stringify(payoutFixture());
const created = send(201, payoutJson);
const errorJson = (status: number): string =>
  JSON.stringify({
    error: { type: 'api_error', code: `status_${status}`, message: `status ${status}`, param: null },
  });

/** Destroys the socket before any byte of a response. */
const dropConnection: Handler = (req) => req.socket.destroy();
/** Sends the headers and half the body of a 200, then destroys the socket. */
const resetMidBody: Handler = (_, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payoutJson) });
  res.write(payoutJson.slice(0, payoutJson.length / 2), () => setTimeout(() => res.socket?.destroy(), 10));
};
/** Never answers (the socket is closed when the test ends). */
const neverAnswer: Handler = () => {};
/** Sends the headers and part of the body, then stalls. */
const stallMidBody: Handler = (_, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payoutJson) });
  res.write(payoutJson.slice(0, 20));
};

/** A client on `baseUrl` whose retries land in `retries`. */
const clientOf = (baseUrl: string, options: ClientOptions = {}): Chainbill =>
  clientAt(baseUrl, { logger, logLevel: 'info', ...options });

/** Runs a payout create and reports the outcome. */
async function create(client: Chainbill): Promise<{ result: unknown }> {
  return { result: await failure(client.payouts.create(createParams)) };
}

function expectOneKey(seen: Seen[], attempts: number): void {
  expect(seen).toHaveLength(attempts);
  expect(seen.every((r) => r.method === 'POST' && r.url === '/v1/payouts')).toBe(true);
  expect(seen[0]?.idempotencyKey).toMatch(uuidV4);
  expect(new Set(seen.map((r) => r.idempotencyKey)).size).toBe(1);
}

// First backoff: 375–500 ms; second: 750–1000 ms (min(0.5 * 2^n, 8) s less up to 25% jitter).
const firstBackoff: [number, number] = [375, 500];
const secondBackoff: [number, number] = [750, 1_000];

describe('status faults', () => {
  it('503 then 200: retried once after the backoff, resolves', async () => {
    const { url, seen } = await faultServer(send(503, errorJson(503)), created);
    const { result } = await create(clientOf(url));
    expect(result).toMatchObject({ id: 'po_fixture1', status: 'draft' });
    expectOneKey(seen, 2);
    expectWaits(firstBackoff);
  });

  it('429 with Retry-After in seconds: waits that long, then resolves', async () => {
    const { url, seen } = await faultServer(send(429, errorJson(429), { 'retry-after': '1' }), created);
    const { result } = await create(clientOf(url));
    expect(result).toMatchObject({ id: 'po_fixture1' });
    expectOneKey(seen, 2);
    expectWaits([1_000, 1_000]);
  });

  it('429 with Retry-After as an HTTP date: the retry comes at that date', async () => {
    // Only Date is faked (timers and sockets stay real): the client reads the date against a known now.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-01-05T10:00:00.000Z'));
    const date = new Date(Date.parse('2026-01-05T10:00:01.000Z')).toUTCString();
    const { url, seen } = await faultServer(send(429, errorJson(429), { 'retry-after': date }), created);
    const { result } = await create(clientOf(url));
    expect(result).toMatchObject({ id: 'po_fixture1' });
    expectOneKey(seen, 2);
    expectWaits([1_000, 1_000]);
  });

  it('429 with a Retry-After of an hour fails fast: RateLimitError, retryAfter 3600, 1 attempt', async () => {
    const { url, seen } = await faultServer(send(429, errorJson(429), { 'retry-after': '3600' }), created);
    const { result } = await create(clientOf(url));
    expect(result).toBeInstanceOf(RateLimitError);
    expect((result as RateLimitError).retryAfter).toBe(3600);
    expect((result as RateLimitError).status).toBe(429);
    expectOneKey(seen, 1);
    // Fast: no retry announced, and the hour was never asked of setTimeout.
    expectWaits();
    expect(timers.mock.calls.map(([, ms]) => ms)).not.toContain(3_600_000);
  });

  it('500 until the retries run out: InternalServerError after 3 attempts', async () => {
    const { url, seen } = await faultServer(send(500, errorJson(500)));
    const { result } = await create(clientOf(url, { maxRetries: 2 }));
    expect(result).toBeInstanceOf(InternalServerError);
    expect(result).toMatchObject({ status: 500, code: 'status_500' });
    expectOneKey(seen, 3);
    expectWaits(firstBackoff, secondBackoff);
  });

  it('an HTML 502 page from a proxy: InternalServerError with the HTML in .body, retried', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const { url, seen } = await faultServer(send(502, html, { 'content-type': 'text/html' }));
    const { result } = await create(clientOf(url, { maxRetries: 1 }));
    expect(result).toBeInstanceOf(InternalServerError);
    expect(result).toMatchObject({ status: 502, body: html, type: null, code: null });
    expectOneKey(seen, 2);
    expectWaits(firstBackoff);
  });
});

describe('broken connections', () => {
  it('a socket destroyed before any response is retried, then resolves', async () => {
    const { url, seen } = await faultServer(dropConnection, created);
    const { result } = await create(clientOf(url, { maxRetries: 1 }));
    expect(result).toMatchObject({ id: 'po_fixture1' });
    expectOneKey(seen, 2);
    expectWaits(firstBackoff);
  });

  it('a socket reset mid-body is an APIConnectionError, retried, then resolves', async () => {
    const { url, seen } = await faultServer(resetMidBody, created);
    const { result } = await create(clientOf(url, { maxRetries: 1 }));
    expect(result).toMatchObject({ id: 'po_fixture1' });
    expectOneKey(seen, 2);
    expectWaits(firstBackoff);
  });

  it('a socket reset mid-body on every attempt ends in APIConnectionError', async () => {
    const { url, seen } = await faultServer(resetMidBody);
    const { result } = await create(clientOf(url, { maxRetries: 1 }));
    expect(result).toBeInstanceOf(APIConnectionError);
    expect(result).not.toBeInstanceOf(APIConnectionTimeoutError);
    expectOneKey(seen, 2);
    expectWaits(firstBackoff);
  });

  it('a server slower than `timeout`: APIConnectionTimeoutError after maxRetries + 1 attempts', async () => {
    const { url, seen } = await faultServer(neverAnswer);
    const { result } = await create(clientOf(url, { maxRetries: 1, timeout: attemptTimeout }));
    expect(result).toBeInstanceOf(APIConnectionTimeoutError);
    expect((result as Error).message).toBe('Request timed out after 150 ms.');
    expectOneKey(seen, 2);
    // Each attempt ran under a 150 ms timer; the first ended in a timeout, retried after a backoff.
    expect(timers.mock.calls.filter(([, ms]) => ms === attemptTimeout)).toHaveLength(2);
    expectWaits(firstBackoff);
    expect(retries[0]?.reason).toBe('Request timed out after 150 ms.');
  });

  it('the timeout covers the body: headers on time, a body that stalls, times out', async () => {
    const { url, seen } = await faultServer(stallMidBody, created);
    const { result } = await create(clientOf(url, { maxRetries: 0, timeout: attemptTimeout }));
    // The server never ends the body: only the client's 150 ms timer can have ended the call.
    expect(result).toBeInstanceOf(APIConnectionTimeoutError);
    expect((result as Error).message).toBe('Request timed out after 150 ms.');
    expectOneKey(seen, 1);
    expectWaits();
  });

  it('an unreachable host (a closed port) is an APIConnectionError, retried', async () => {
    const { url } = await faultServer(created);
    const closed = servers.pop() as Server; // the server just started
    await new Promise((resolve) => closed.close(resolve));
    const { result } = await create(clientOf(url, { maxRetries: 1 }));
    expect(result).toBeInstanceOf(APIConnectionError);
    expect((result as Error).message).toContain('ECONNREFUSED');
    expectWaits(firstBackoff);
  });
});

describe('bodies that do not fit', () => {
  it('truncated JSON with 200: ResponseValidationError with the raw text in .body, not retried', async () => {
    const truncated = payoutJson.slice(0, 40);
    const { url, seen } = await faultServer(send(200, truncated));
    const { result } = await create(clientOf(url));
    expect(result).toBeInstanceOf(ResponseValidationError);
    expect(result).toMatchObject({ status: 200, body: truncated });
    expectOneKey(seen, 1);
  });

  it('an empty 200 body: ResponseValidationError', async () => {
    const { url, seen } = await faultServer(send(200, ''));
    const { result } = await create(clientOf(url));
    expect(result).toBeInstanceOf(ResponseValidationError);
    expect(result).toMatchObject({ status: 200, body: undefined });
    expectOneKey(seen, 1);
  });

  it('a 200 with content-type text/html: ResponseValidationError with the text in .body', async () => {
    const html = '<html><body>Welcome to nginx!</body></html>';
    const { url, seen } = await faultServer(send(200, html, { 'content-type': 'text/html' }));
    const { result } = await create(clientOf(url));
    expect(result).toBeInstanceOf(ResponseValidationError);
    expect(result).toMatchObject({ status: 200, body: html });
    expect((result as ResponseValidationError).issues[0]?.code).toBe('invalid_content_type');
    expectOneKey(seen, 1);
  });
});
