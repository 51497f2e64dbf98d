/**
 * Request options (the last argument of every method): per-call headers in any `HeadersInit`
 * form, a refused header naming the option to use instead, a signal that must be an `AbortSignal`,
 * and `undefined` accepted for every optional field. Timeouts, retries and keys per call are in
 * timeouts.test.ts, retries.test.ts and idempotency.test.ts.
 */
import type { ClientOptions, HeadersLike, Hooks, RequestOptions } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { clientOn, envelope, json, renderings, scriptedFetch, testKey } from './scripted-fetch.js';

function on(options: ClientOptions = {}) {
  const { fetch, seen } = scriptedFetch(json(200, envelope([])));
  return { client: clientOn(fetch, { maxRetries: 0, ...options }), seen };
}

describe('options that cannot work are refused where they are given', () => {
  it('sends per-call headers given as a Headers or pairs, not only a record', async () => {
    const { client, seen } = on({ defaultHeaders: { 'X-Team': 'payments', 'X-Trace': 'default' } });
    await client.payouts.list({}, { headers: new Headers({ 'X-Trace': 'from-headers' }) });
    await client.payouts.list({}, { headers: [['X-Trace', 'from-pairs']] });
    await client.payouts.list({}, { headers: { 'X-Trace': 'from-record' } });
    expect(seen.map((request) => request.headers.get('x-trace'))).toEqual([
      'from-headers',
      'from-pairs',
      'from-record',
    ]);
    expect(seen.every((request) => request.headers.get('x-team') === 'payments')).toBe(true);
  });

  // Each value looks like a key: a refusal must not quote it.
  const secret = 'sk_test_headersecret9Qx4';
  it.each([
    ['an Idempotency-Key in a record', { 'idempotency-key': secret }, 'idempotencyKey'],
    ['an Idempotency-Key in a Headers', new Headers({ 'Idempotency-Key': secret }), 'idempotencyKey'],
    ['an Idempotency-Key in pairs', [['IDEMPOTENCY-KEY', secret]], 'idempotencyKey'],
    ['an Authorization header', { Authorization: `Bearer ${secret}` }, 'apiKey'],
    ['an authorization header in lower case', { authorization: `Bearer ${secret}` }, 'apiKey'],
    ['an Authorization header in a Headers', new Headers({ Authorization: `Bearer ${secret}` }), 'apiKey'],
    ['an Authorization header in pairs', [['AUTHORIZATION', `Bearer ${secret}`]], 'apiKey'],
    ['not headers at all', 42, 'Headers'],
  ] as const)(
    'per call, %s is a RequestValidationError (param headers) naming what to use; nothing sent',
    async (_, headers, hint) => {
      const { client, seen } = on();
      const error = await failure(client.payouts.approve('po_1', { headers: headers as unknown as Headers }));
      expect(error).toMatchObject({ name: 'RequestValidationError', param: 'headers' });
      expect((error as Error).message).toContain(hint);
      for (const text of renderings(error)) expect(text).not.toContain('headersecret9Qx4');
      expect(seen).toHaveLength(0);
      // The same client still sends its own key.
      await client.payouts.list();
      expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${testKey}`);
    },
  );

  it('per call, a signal that is not an AbortSignal is a RequestValidationError', async () => {
    const { client, seen } = on();
    const error = await failure(client.payouts.list({}, { signal: {} as AbortSignal }));
    expect(error).toMatchObject({ name: 'RequestValidationError', param: 'signal' });
    expect(seen).toHaveLength(0);
  });

  it('takes a maybe-value for every optional field, as exactOptionalPropertyTypes code passes it', async () => {
    const maybe = <T>(value: T): T | undefined => (Math.random() < 2 ? value : undefined);
    const options: RequestOptions = {
      signal: maybe(new AbortController().signal),
      timeout: maybe(5_000),
      maxRetries: maybe(0),
      idempotencyKey: maybe('k-1'),
      maxResponseBytes: maybe(1024 * 1024),
      headers: maybe<HeadersLike>(new Headers({ 'X-Trace': 't' })),
      hooks: maybe<Hooks>({}),
    };
    const unset: RequestOptions = {
      signal: undefined,
      headers: undefined,
      hooks: undefined,
      timeout: undefined,
    };
    const client: ClientOptions = { defaultHeaders: maybe<HeadersLike>([['X-Team', 'payments']]) };
    const { client: chainbill, seen } = on(client);
    await chainbill.payouts.list({}, options);
    await chainbill.payouts.list({}, unset);
    expect(seen.map((request) => request.headers.get('x-trace'))).toEqual(['t', null]);
  });
});
