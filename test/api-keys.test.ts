/**
 * API keys (spec: Authentication): a malformed or missing key is refused by the constructor, with
 * nothing sent; a well-formed key the API did not issue is a 401 `AuthenticationError` from every
 * method of the surface (one row per method, from `property-rows.ts`).
 */
import { AuthenticationError, Chainbill, type ClientOptions } from 'chainbill';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, useFakeApi } from './helpers.js';
import { rows, validId, validParams } from './property-rows.js';
import { testBaseUrl } from './scripted-fetch.js';

const { fake, client } = useFakeApi();

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('API keys', () => {
  const missing = 'No API key';
  const malformed = 'malformed';
  it.each<[string, Pick<ClientOptions, 'apiKey'>, string]>([
    ['no option, no CHAINBILL_API_KEY', {}, missing],
    ['a key given as undefined', { apiKey: undefined }, missing],
    ['a wrong prefix', { apiKey: 'pk_test_abc123' }, malformed],
    ['a live/test typo', { apiKey: 'sk_prod_abc123' }, malformed],
    ['no body', { apiKey: 'sk_test_' }, malformed],
    ['a trailing space', { apiKey: 'sk_test_abc123 ' }, malformed],
    ['a leading space', { apiKey: ' sk_test_abc123' }, malformed],
    ['a newline', { apiKey: 'sk_test_abc123\n' }, malformed],
    ['an inner space', { apiKey: 'sk_test_abc 123' }, malformed],
    ['a zero-width space from a copy-paste', { apiKey: 'sk_test_abc123\u200b' }, malformed],
    ['a non-ASCII letter', { apiKey: 'sk_test_abc123é' }, malformed],
    ['a control character', { apiKey: 'sk_test_abc\u0000123' }, malformed],
    ['an empty string', { apiKey: '' }, malformed],
  ])('%s: AuthenticationError api_key_invalid from the constructor, nothing sent', (_, key, message) => {
    vi.stubEnv('CHAINBILL_API_KEY', '');
    const fetch = vi.fn();
    let error: unknown;
    try {
      new Chainbill({ ...key, baseUrl: testBaseUrl, fetch });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain(message);
    expect(error).toMatchObject({
      type: 'authentication_error',
      code: 'api_key_invalid',
      param: null,
      status: undefined,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sk_live_ is live, sk_test_ is sandbox', () => {
    expect(new Chainbill({ apiKey: 'sk_live_abc', baseUrl: testBaseUrl }).environment).toBe('live');
    expect(new Chainbill({ apiKey: 'sk_test_abc', baseUrl: testBaseUrl }).environment).toBe('sandbox');
  });
});

describe('a well-formed key the API did not issue', () => {
  it.each(rows.map((row) => [row.name, row] as const))(
    '%s: a wrong key is an AuthenticationError from the API',
    async (_, row) => {
      const [id = ''] = fc.sample(validId(row), { numRuns: 1, seed: 1 });
      const [params] = fc.sample(validParams(row), { numRuns: 1, seed: 1 });
      for (const apiKey of ['sk_test_wrong', 'sk_live_wrong']) {
        const error = await failure(row.call(client({ apiKey }), id, params as never));
        expect(error).toBeInstanceOf(AuthenticationError);
        expect(error).toMatchObject({
          status: 401,
          type: 'authentication_error',
          code: 'api_key_invalid',
          param: null,
        });
      }
      // Both were sent, and answered by the fake's authentication: not refused before sending.
      expect(fake().requests.map((request) => [request.method, request.status])).toEqual([
        [row.http, 401],
        [row.http, 401],
      ]);
    },
  );
});
