/**
 * Per-call edges (issue: trust at the edges): `Retry-After` values that are not RFC 9110, odd
 * idempotency keys and the shape of API errors (one `AbortSignal` shared by many calls:
 * test/memory/abort-signal.test.ts).
 */
import { type APIError, AuthenticationError, Chainbill, type ClientOptions, RateLimitError } from 'chainbill';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, type Step, scriptedFetch } from './scripted-fetch.js';

const emptyPage = { data: [], has_more: false, next_cursor: null };

function client(steps: Step[], options: ClientOptions = {}) {
  const scripted = scriptedFetch(...steps);
  const chainbill = new Chainbill({
    apiKey: 'sk_test_calls',
    baseUrl: 'https://api.chainbill.test/v1',
    fetch: scripted.fetch,
    ...options,
  });
  return { chainbill, seen: scripted.seen };
}

const failure = (call: PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(call).catch((e: unknown) => e);

/**
 * The delay the SDK chose before its first retry, read from its `info` log line; the call is then
 * aborted, so no test waits for the delay.
 */
async function firstRetryDelay(retryAfter: string): Promise<number> {
  const controller = new AbortController();
  let delay = Number.NaN;
  const logger = {
    ...console,
    info: (line: string) => {
      delay = Number(/ in (\d+) ms/.exec(line)?.[1]);
      controller.abort();
    },
  };
  const { chainbill } = client([apiError(503, { 'retry-after': retryAfter }), json(200, emptyPage)], {
    logger,
    logLevel: 'info',
  });
  await failure(chainbill.payouts.list({}, { signal: controller.signal }));
  return delay;
}

describe('Retry-After', () => {
  for (const value of [
    '-1',
    'x 5',
    '1, 2',
    '1.5',
    '+3',
    'Sun, 06 Nov 1994 08:49:37',
    'Mon, 31 Feb 2099 10:00:00 GMT',
  ]) {
    it(`ignores ${JSON.stringify(value)} and uses the normal backoff`, async () => {
      const delay = await firstRetryDelay(value);
      // First backoff: 500 ms less up to 25 % jitter.
      expect(delay).toBeGreaterThanOrEqual(375);
      expect(delay).toBeLessThanOrEqual(500);
    });
  }

  it('honours delta-seconds', async () => {
    expect(await firstRetryDelay('2')).toBe(2_000);
  });

  it('honours an IMF-fixdate', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00.000Z') });
    try {
      expect(await firstRetryDelay('Sun, 22 Nov 2026 10:00:10 GMT')).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('RateLimitError.retryAfter is null for an unreadable value', async () => {
    const { chainbill } = client([apiError(429, { 'retry-after': '-1' })], { maxRetries: 0 });
    const error = await failure(chainbill.payouts.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeNull();
  });
});

describe('idempotencyKey', () => {
  const create = (chainbill: Chainbill, idempotencyKey: string) =>
    chainbill.payouts.approve('po_123', { idempotencyKey });

  for (const bad of ['', ' ', 'has space', 'tab\there', 'é', 'k'.repeat(256)]) {
    it(`refuses ${JSON.stringify(bad.length > 20 ? `${bad.slice(0, 5)}… (${bad.length})` : bad)} before sending`, async () => {
      const { chainbill, seen } = client([json(200, {})]);
      const error = await failure(create(chainbill, bad));
      expect(error).toMatchObject({ name: 'RequestValidationError', param: 'idempotencyKey' });
      expect(seen).toHaveLength(0);
    });
  }

  it('sends 1 to 255 visible ASCII characters as given', async () => {
    for (const good of ['k', 'k'.repeat(255), 'order-42:payout/1']) {
      const { chainbill, seen } = client([apiError(404)], { maxRetries: 0 });
      await failure(create(chainbill, good));
      expect(seen[0]?.headers.get('idempotency-key')).toBe(good);
    }
  });
});

describe('API errors', () => {
  it("carry the API's message verbatim, the status apart", async () => {
    const { chainbill } = client([
      json(401, {
        error: {
          type: 'authentication_error',
          code: 'api_key_invalid',
          message: 'Invalid API key provided.',
          param: null,
        },
      }),
    ]);
    const error = (await failure(chainbill.payouts.list())) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe('Invalid API key provided.');
    expect(String(error)).toBe('AuthenticationError: Invalid API key provided.');
    expect(error.status).toBe(401);
  });

  it('an empty 503 says so once', async () => {
    const { chainbill } = client([() => new Response(null, { status: 503 })], { maxRetries: 0 });
    const error = (await failure(chainbill.payouts.list())) as APIError;
    expect(error.status).toBe(503);
    expect(error.message).not.toMatch(/503.*503/);
    expect(error.message).toBe('The server answered 503 with no message.');
  });

  it('JSON.stringify gives the fields and plain, redacted headers', async () => {
    const { chainbill } = client(
      [
        json(
          409,
          {
            error: {
              type: 'invalid_request_error',
              code: 'invalid_state',
              message: 'Not a draft.',
              param: 'status',
            },
          },
          { 'x-request-id': 'req_9', 'set-cookie': 'session=secret' },
        ),
      ],
      { maxRetries: 0 },
    );
    const error = await failure(chainbill.payouts.approve('po_1'));
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ConflictError',
      message: 'Not a draft.',
      status: 409,
      type: 'invalid_request_error',
      code: 'invalid_state',
      param: 'status',
      requestId: 'req_9',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_9', 'set-cookie': '***' },
    });
  });
});
