/**
 * Client options: `withOptions` (a copy of the client with some settings changed), reading the
 * environment where it may be denied (Deno without `--allow-env`), and the options refused where
 * they are given. Per-call options are in request-options.test.ts, the base URL in base-url.test.ts.
 */
import { inspect } from 'node:util';
import {
  APIConnectionTimeoutError,
  AuthenticationError,
  Chainbill,
  type ClientOptions,
  ConfigurationError,
} from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './helpers.js';
import { apiError, envelope, hang, json, scriptedFetch, testBaseUrl, testKey } from './scripted-fetch.js';

const listBody = envelope([]);

function on(options: ClientOptions = {}) {
  const { fetch, seen } = scriptedFetch(json(200, listBody));
  const client = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, maxRetries: 0, ...options });
  return { client, seen };
}

/** Replaces `process.env` for the duration of `run`, then puts the real one back. */
function withEnv<T>(env: object, run: () => T): T {
  const real = Object.getOwnPropertyDescriptor(process, 'env');
  Object.defineProperty(process, 'env', { value: env, configurable: true, writable: true });
  try {
    return run();
  } finally {
    if (real) Object.defineProperty(process, 'env', real);
  }
}

/** A `process.env` as Deno gives it without `--allow-env`: every read throws `NotCapable`. */
function deniedEnv(reads: string[] = []): object {
  return new Proxy(
    {},
    {
      get(_, name) {
        reads.push(String(name));
        throw Object.assign(new Error(`Requires env access to "${String(name)}"`), { name: 'NotCapable' });
      },
    },
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('withOptions', () => {
  it('applies the key: the Authorization header and the environment follow it', async () => {
    const { client, seen } = on();
    const live = client.withOptions({ apiKey: 'sk_live_tenant_42' });
    await live.payouts.list();
    await client.payouts.list();
    expect(live.environment).toBe('live');
    expect(client.environment).toBe('sandbox');
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer sk_live_tenant_42',
      `Bearer ${testKey}`,
    ]);
  });

  it('applies maxRetries, and leaves the original as it was', async () => {
    const { fetch, seen } = scriptedFetch(apiError(503, { 'retry-after': '0' }));
    const client = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, maxRetries: 0 });
    await client
      .withOptions({ maxRetries: 2 })
      .get('/payouts')
      .catch(() => undefined);
    expect(seen).toHaveLength(3);
    await client.get('/payouts').catch(() => undefined);
    expect(seen).toHaveLength(4);
  });

  it('applies timeout', async () => {
    const { fetch } = scriptedFetch(hang());
    const client = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, maxRetries: 0 });
    const error = await failure(client.withOptions({ timeout: 25 }).payouts.list());
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('25 ms');
  });

  it('carries over every setting not overridden: fetch, headers, base URL, browser permission', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const { client, seen } = on({ defaultHeaders: { 'X-Team': 'payments' }, dangerouslyAllowBrowser: true });
    const copy = client.withOptions({ maxRetries: 1, timeout: undefined });
    await copy.payouts.list();
    expect(copy.baseUrl).toBe(testBaseUrl);
    expect(seen[0]?.headers.get('x-team')).toBe('payments');
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${testKey}`);
  });

  it('replaces defaultHeaders as a whole', async () => {
    const { client, seen } = on({ defaultHeaders: { 'X-Team': 'payments' } });
    await client.withOptions({ defaultHeaders: { 'X-Tenant': 'acme' } }).payouts.list();
    expect(seen[0]?.headers.get('x-team')).toBeNull();
    expect(seen[0]?.headers.get('x-tenant')).toBe('acme');
  });

  it('does not read the environment again', () => {
    const { client } = on();
    const reads: string[] = [];
    const copy = withEnv(deniedEnv(reads), () => client.withOptions({ apiKey: 'sk_test_tenant' }));
    expect(copy.environment).toBe('sandbox');
    expect(reads).toEqual([]);
  });

  it('keeps a key and base URL read from the environment, even once it changes', async () => {
    vi.stubEnv('CHAINBILL_API_KEY', 'sk_test_from_env');
    vi.stubEnv('CHAINBILL_BASE_URL', testBaseUrl);
    const { fetch, seen } = scriptedFetch(json(200, listBody));
    const client = new Chainbill({ fetch });
    vi.stubEnv('CHAINBILL_API_KEY', 'sk_live_changed');
    await client.withOptions({ maxRetries: 0 }).payouts.list();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer sk_test_from_env');
  });

  it.each([
    ['a malformed key', { apiKey: 'pk_test_secretvalue' }, AuthenticationError],
    ['a key with whitespace', { apiKey: 'sk_test_secret value' }, AuthenticationError],
    ['a key given as undefined', { apiKey: undefined }, AuthenticationError],
    ['an http: base URL', { baseUrl: 'http://api.example.com/v1' }, ConfigurationError],
    ['a key pasted as the base URL', { baseUrl: 'sk_test_secretvalue' }, ConfigurationError],
    ['a zero timeout', { timeout: 0 }, ConfigurationError],
    ['a fractional maxRetries', { maxRetries: 1.5 }, ConfigurationError],
    ['a zero maxResponseBytes', { maxResponseBytes: 0 }, ConfigurationError],
  ] as const)('refuses %s with the constructor’s error, never quoting the key', (_, overrides, type) => {
    const { client } = on();
    const error = (() => {
      try {
        client.withOptions(overrides);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(type);
    if (error instanceof AuthenticationError) {
      expect(error).toMatchObject({ code: 'api_key_invalid', param: null, status: undefined });
    }
    for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 10 })]) {
      expect(text).not.toContain('secretvalue');
      expect(text).not.toContain('secret value');
      expect(text).not.toContain(testKey);
    }
  });

  it('refuses the same options the constructor refuses', () => {
    const { client } = on();
    for (const overrides of [{ apiKey: 'nope' }, { baseUrl: 'ftp://x.example/v1' }, { maxRetries: -1 }]) {
      const direct = (() => {
        try {
          return new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, ...overrides });
        } catch (e) {
          return e;
        }
      })();
      expect(() => client.withOptions(overrides)).toThrow((direct as Error).message);
    }
  });

  it('keeps the key out of JSON.stringify and util.inspect of the copy', () => {
    const { client } = on();
    const copy = client.withOptions({ apiKey: 'sk_live_tenant_secret' });
    expect(JSON.parse(JSON.stringify(copy))).toEqual({ baseUrl: testBaseUrl, environment: 'live' });
    for (const text of [String(copy), inspect(copy, { depth: Number.POSITIVE_INFINITY, showHidden: true })]) {
      expect(text).not.toContain('tenant_secret');
      expect(text).not.toContain(testKey);
    }
  });
});

describe('the environment', () => {
  it('reads a denied environment (Deno without --allow-env) as unset', () => {
    const reads: string[] = [];
    withEnv(deniedEnv(reads), () => {
      const client = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl });
      expect(client.environment).toBe('sandbox');
      expect(() => new Chainbill({ baseUrl: testBaseUrl })).toThrow(AuthenticationError);
      expect(() => new Chainbill({ apiKey: testKey })).toThrow('No base URL');
    });
    expect(reads).toContain('CHAINBILL_LOG');
    expect(reads).toContain('CHAINBILL_API_KEY');
  });

  it('reads a runtime without process.env as unset', () => {
    withEnv(undefined as never, () => {
      expect(new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl }).environment).toBe('sandbox');
    });
  });
});

describe('options that cannot work are refused where they are given', () => {
  const secretValue = 'sk_test_secretvalue42';

  it.each([
    ['an unknown logLevel', { logLevel: 'verbose' }, 'logLevel'],
    ['a logLevel of another type', { logLevel: 3 }, 'logLevel'],
    ['a fetch that is not a function', { fetch: 42 }, 'fetch'],
    ['a fetch of null', { fetch: null }, 'fetch'],
    ['a logger without warn', { logger: { error() {}, info() {}, debug() {} } }, 'logger'],
    ['a header value with CR/LF', { defaultHeaders: { 'X-Trace': `a\r\n${secretValue}` } }, 'defaultHeaders'],
    ['a header name with CR/LF', { defaultHeaders: { [`X-A\r\n${secretValue}`]: 'v' } }, 'defaultHeaders'],
    [
      'a header value beyond Latin-1',
      { defaultHeaders: { 'X-Trace': `€ ${secretValue}` } },
      'defaultHeaders',
    ],
    ['headers that are not HeadersInit', { defaultHeaders: 42 }, 'defaultHeaders'],
    ['pairs that are not pairs', { defaultHeaders: [['X-Trace']] }, 'defaultHeaders'],
    [
      'an Authorization default header',
      { defaultHeaders: { Authorization: `Bearer ${secretValue}` } },
      'defaultHeaders',
    ],
    [
      'an Idempotency-Key default header',
      { defaultHeaders: new Headers({ 'Idempotency-Key': secretValue }) },
      'defaultHeaders must not set Idempotency-Key: use the idempotencyKey option',
    ],
    [
      'an Idempotency-Key default header in a record',
      { defaultHeaders: { 'Idempotency-Key': secretValue } },
      'defaultHeaders must not set Idempotency-Key: use the idempotencyKey option',
    ],
    ['a baseUrl that is not a string', { baseUrl: 42 }, 'baseUrl'],
  ] as const)(
    '%s: ConfigurationError from the constructor and withOptions, naming the option, not the value',
    (_, bad, name) => {
      const { client } = on();
      for (const make of [
        () => new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, ...(bad as unknown as ClientOptions) }),
        () => client.withOptions(bad as unknown as ClientOptions),
      ]) {
        let error: unknown;
        try {
          make();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as Error).message).toContain(name);
        for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 10 })]) {
          expect(text).not.toContain('secretvalue');
        }
      }
    },
  );

  it('accepts defaultHeaders as a record, a Headers or pairs, copied when the client is made', async () => {
    const headers = new Headers({ 'X-Team': 'payments' });
    for (const defaultHeaders of [
      { 'X-Team': 'payments' },
      headers,
      [['X-Team', 'payments']] as [string, string][],
    ]) {
      const { client, seen } = on({ defaultHeaders });
      headers.set('X-Team', 'changed later');
      await client.payouts.list();
      await client.withOptions({ maxRetries: 1 }).payouts.list();
      expect(seen.map((request) => request.headers.get('x-team'))).toEqual(['payments', 'payments']);
      headers.set('X-Team', 'payments');
    }
  });
});
