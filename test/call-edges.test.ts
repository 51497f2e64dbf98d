/**
 * Per-call edges (issue: trust at the edges): `Retry-After` values that are not RFC 9110, odd
 * idempotency keys, one `AbortSignal` shared by many calls, and the shape of API errors.
 */
import { getEventListeners } from 'node:events';
import { type APIError, AuthenticationError, Chainbill, type ClientOptions } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { settledHeap } from './helpers.js';
import { json, type Step, scriptedFetch } from './scripted-fetch.js';

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

describe('a shared AbortSignal', () => {
  it('keeps no listener, and no memory, per call it served', { timeout: 120_000 }, async () => {
    const body = JSON.stringify(emptyPage);
    const fetch = async (): Promise<Response> =>
      new Response(body, { headers: { 'content-type': 'application/json' } });
    const chainbill = new Chainbill({
      apiKey: 'sk_test_calls',
      baseUrl: 'https://api.chainbill.test/v1',
      fetch,
    });
    const shared = new AbortController().signal;
    // Warm up first, so compiled code and caches are not counted as growth.
    for (let i = 0; i < 5_000; i++) await chainbill.payouts.list({}, { signal: shared });
    const before = await settledHeap();
    for (let i = 0; i < 40_000; i++) await chainbill.payouts.list({}, { signal: shared });
    const growth = (await settledHeap()) - before;
    console.log(`40 000 calls on one signal: retained heap growth ${(growth / 2 ** 20).toFixed(2)} MB`);
    expect(getEventListeners(shared, 'abort')).toHaveLength(0);
    expect(growth / 2 ** 20).toBeLessThan(3);
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
