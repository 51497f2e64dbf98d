/**
 * The secret key never leaks (errors, logs, inspection, headers a caller passes), errors keep what
 * a caller needs and not the request, and the client refuses to run in a browser unless told to.
 * Path ids are in path-ids.test.ts, base URLs in base-url.test.ts, keys in api-keys.test.ts, the
 * redacted request id in response-basics.test.ts.
 */
import { inspect } from 'node:util';
import {
  APIConnectionError,
  APIUserAbortError,
  AuthenticationError,
  Chainbill,
  ChainbillError,
  type ClientOptions,
  ConfigurationError,
  RequestValidationError,
} from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './helpers.js';
import {
  apiError,
  connectionReset,
  payoutParams as createParams,
  hang,
  json,
  loggedClient,
  payoutFixture,
  renderings,
  type Step,
  testBaseUrl,
} from './scripted-fetch.js';

const secret = 'sk_test_9fK2xQ7vLmN4pR8sT1uW3yZ6';
const secretPart = '9fK2xQ7vLmN4pR8sT1uW3yZ6';

const clientOn = (steps: Step[], options: ClientOptions = {}) => loggedClient(secret, steps, options);

function expectNoSecret(texts: string[]): void {
  for (const text of texts) expect(text).not.toContain(secretPart);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the key never leaks', () => {
  const failures: [string, Step[], (c: Chainbill) => Promise<unknown>][] = [
    ['a 401', [apiError(401)], (c) => c.payouts.list()],
    ['a 500, retried', [apiError(500, { 'retry-after': '0' })], (c) => c.payouts.create(createParams)],
    ['a connection error, retried', [connectionReset()], (c) => c.payouts.approve('po_1')],
    ['a timeout', [hang()], (c) => c.payouts.list({}, { timeout: 20, maxRetries: 0 })],
    ['an abort', [hang()], (c) => c.payouts.list({}, { signal: AbortSignal.timeout(20) })],
    ['a body that does not fit', [json(200, { id: 1 })], (c) => c.payouts.approve('po_1')],
    ['a bad parameter', [], (c) => c.payouts.create({ ...createParams, amount: 0 })],
    ['a bad id', [], (c) => c.payouts.approve('po_../x')],
  ];

  it.each(failures)('in the error of %s, or in any log line', async (_, steps, call) => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { client, lines } = clientOn(steps.length > 0 ? steps : [json(200, payoutFixture())]);
    const error = await failure(call(client));
    expect(error).toBeInstanceOf(ChainbillError);
    expectNoSecret(renderings(error));
    expectNoSecret(lines.flatMap((line) => [line.message, ...renderings(line.details)]));
  });

  it('in the client: util.inspect, JSON.stringify, String, its resources', () => {
    const { client } = clientOn([json(200, payoutFixture())]);
    expectNoSecret(renderings(client));
    expectNoSecret(renderings(client.payouts));
    expect(JSON.parse(JSON.stringify(client))).toEqual({ baseUrl: testBaseUrl, environment: 'sandbox' });
  });

  it('in logs at every level, for a call that succeeds after a retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { client, lines } = clientOn(
      [connectionReset(), apiError(503, { 'retry-after': '0' }), json(201, payoutFixture())],
      {
        maxRetries: 2,
      },
    );
    await client.payouts.create(createParams);
    expect(new Set(lines.map((line) => line.level))).toEqual(new Set(['debug', 'info']));
    expectNoSecret(lines.flatMap((line) => [line.message, ...renderings(line.details)]));
  });

  it('the Authorization header is redacted in debug logs, and still sent', async () => {
    const { client, lines, seen } = clientOn([json(200, payoutFixture())]);
    await client.payouts.approve('po_1');
    const sentLine = lines.find((line) => line.message.startsWith('[chainbill] → PATCH /payouts/po_1'));
    const headers = sentLine?.details?.['headers'] as Record<string, string>;
    expect(headers['authorization']).toBe('Bearer ***');
    expect(headers['idempotency-key']).toBe(seen[0]?.headers.get('idempotency-key'));
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${secret}`);
  });

  it.each([
    ['Proxy-Authorization', 'Basic cHJveHk6c2VjcmV0', 'Basic ***'],
    ['Proxy-Authorization', 'cHJveHk6c2VjcmV0', '***'],
    ['Cookie', 'session=cHJveHk6c2VjcmV0', '***'],
    ['Cookie', 'session=cHJveHk6c2VjcmV0; theme=dark', '***'],
  ])('%s: %s in defaultHeaders is logged as %s', async (name, value, logged) => {
    const { client, lines } = clientOn([json(200, payoutFixture())], { defaultHeaders: { [name]: value } });
    await client.payouts.approve('po_1');
    const headers = lines[0]?.details?.['headers'] as Record<string, string>;
    expect(headers[name.toLowerCase()]).toBe(logged);
    expect(JSON.stringify(lines)).not.toContain('cHJveHk6c2VjcmV0');
  });

  it('a malformed key is not echoed in the constructor error', () => {
    for (const apiKey of [`pk_test_${secretPart}`, `sk_test_${secretPart} `, `sk_test_${secretPart}\u200b`]) {
      const error = (() => {
        try {
          new Chainbill({ apiKey, baseUrl: testBaseUrl });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AuthenticationError);
      expectNoSecret(renderings(error));
    }
  });
});

describe('transport security', () => {
  it('a window and a document make the constructor refuse, unless dangerouslyAllowBrowser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => new Chainbill({ apiKey: secret, baseUrl: testBaseUrl })).toThrow(ConfigurationError);
    expect(
      new Chainbill({ apiKey: secret, baseUrl: testBaseUrl, dangerouslyAllowBrowser: true }).environment,
    ).toBe('sandbox');
  });

  it('a window alone (a web worker shim, jsdom-less test) is not a browser', () => {
    vi.stubGlobal('window', {});
    expect(new Chainbill({ apiKey: secret, baseUrl: testBaseUrl }).environment).toBe('sandbox');
  });
});

describe('headers a caller passes', () => {
  it('a header value that cannot be sent is a RequestValidationError, not a TypeError, and not echoed', async () => {
    const { client, seen } = clientOn([json(200, payoutFixture())]);
    for (const options of [
      { headers: { 'X-Trace': `line\nbreak ${secretPart}` } },
      { headers: { 'X-Trace': `é€ ${secretPart}` } },
      { idempotencyKey: `key\r\n${secretPart}` },
    ]) {
      const error = await failure(client.payouts.approve('po_1', options));
      expect(error).toBeInstanceOf(RequestValidationError);
      expectNoSecret(renderings(error));
    }
    expect(seen).toHaveLength(0);
  });
});

describe('errors hold what a caller needs, not the request', () => {
  it('a connection error keeps the root cause, not ky’s error with the Request and its headers', async () => {
    const { client } = clientOn([connectionReset()], { maxRetries: 0 });
    const error = (await failure(client.payouts.list())) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(inspect(error, { depth: 10 })).not.toContain('authorization');
  });

  it('an abort keeps the abort reason only', async () => {
    const { client } = clientOn([hang()]);
    const error = await failure(client.payouts.list({}, { signal: AbortSignal.timeout(10) }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(inspect(error, { depth: 10 })).not.toMatch(/authorization/i);
  });
});
