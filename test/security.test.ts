/**
 * The secret key never leaks (errors, logs, inspection), ids cannot leave their path, keys only
 * travel over https, and the client refuses to run in a browser unless told to.
 */
import { inspect } from 'node:util';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  APIConnectionError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  Chainbill,
  ChainbillError,
  type ClientOptions,
  ConfigurationError,
  type HookInfo,
  type Hooks,
  type Logger,
  RequestValidationError,
  ResponseValidationError,
} from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoopback } from './loopback.js';
import {
  apiError,
  connectionReset,
  hang,
  json,
  payoutFixture,
  type Step,
  scriptedFetch,
  testBaseUrl,
} from './scripted-fetch.js';

const secret = 'sk_test_9fK2xQ7vLmN4pR8sT1uW3yZ6';
const secretPart = '9fK2xQ7vLmN4pR8sT1uW3yZ6';

interface Line {
  level: string;
  message: string;
  details: Record<string, unknown> | undefined;
}

function captureLogger(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at =
    (level: string) =>
    (message: string, details?: Record<string, unknown>): void => {
      lines.push({ level, message, details });
    };
  return { logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }, lines };
}

function clientOn(steps: Step[], options: ClientOptions = {}) {
  const { fetch, seen } = scriptedFetch(...steps);
  const { logger, lines } = captureLogger();
  const client = new Chainbill({
    apiKey: secret,
    baseUrl: testBaseUrl,
    fetch,
    logger,
    logLevel: 'debug',
    maxRetries: 1,
    ...options,
  });
  return { client, seen, lines };
}

/** Every way an error or object is commonly turned into text. */
function renderings(value: unknown): string[] {
  const out = [
    String(value),
    JSON.stringify(value) ?? '',
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ];
  if (value instanceof Error) out.push(value.message, value.stack ?? '');
  return out;
}

function expectNoSecret(texts: string[]): void {
  for (const text of texts) expect(text).not.toContain(secretPart);
}

const createParams = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 10,
  currency: 'USD',
} as const;

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
    const error = await call(client).catch((e: unknown) => e);
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

describe('logging', () => {
  it('logLevel debug logs each attempt, each response and each retry, with method and path', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { client, lines } = clientOn([apiError(503, { 'retry-after': '0' }), json(200, payoutFixture())]);
    await client.payouts.approve('po_1');
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'debug [chainbill] → PATCH /payouts/po_1',
      expect.stringMatching(/^debug \[chainbill\] ← 503 PATCH \/payouts\/po_1$/),
      'info [chainbill] retrying PATCH /payouts/po_1 in 0 ms',
      'debug [chainbill] → PATCH /payouts/po_1',
      'debug [chainbill] ← 200 PATCH /payouts/po_1',
    ]);
    expect(lines[0]?.details).toMatchObject({ attempt: 1 });
    expect(lines[2]?.details).toMatchObject({ attempt: 2, of: 2, reason: 'status 503' });
    expect(lines[3]?.details).toMatchObject({ attempt: 2 });
  });

  it('logLevel info logs retries only; warn (the default) logs nothing on a retried success', async () => {
    const info = clientOn([apiError(503, { 'retry-after': '0' }), json(200, payoutFixture())], {
      logLevel: 'info',
    });
    await info.client.payouts.approve('po_1');
    expect(info.lines.map((line) => line.level)).toEqual(['info']);

    const quiet = clientOn([apiError(503, { 'retry-after': '0' }), json(200, payoutFixture())], {
      logLevel: undefined,
    });
    await quiet.client.payouts.approve('po_1');
    expect(quiet.lines).toEqual([]);
  });

  it('CHAINBILL_LOG sets the level when logLevel is not given', async () => {
    vi.stubEnv('CHAINBILL_LOG', 'debug');
    const { client, lines } = clientOn([json(200, payoutFixture())], { logLevel: undefined });
    await client.payouts.approve('po_1');
    expect(lines.map((line) => line.level)).toEqual(['debug', 'debug']);
    expectNoSecret(lines.flatMap((line) => [line.message, ...renderings(line.details)]));
  });

  it('logLevel off logs nothing, and the logger defaults to console', async () => {
    const off = clientOn([json(200, payoutFixture())], { logLevel: 'off' });
    await off.client.payouts.approve('po_1');
    expect(off.lines).toEqual([]);

    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { fetch } = scriptedFetch(json(200, payoutFixture()));
    await new Chainbill({ apiKey: secret, baseUrl: testBaseUrl, fetch, logLevel: 'debug' }).payouts.approve(
      'po_1',
    );
    expect(debug).toHaveBeenCalledTimes(2);
    expectNoSecret(debug.mock.calls.flatMap((call) => call.map((arg) => inspect(arg, { depth: 10 }))));
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
      const error = await client.payouts.approve('po_1', options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expectNoSecret(renderings(error));
    }
    expect(seen).toHaveLength(0);
  });

  it('Authorization in defaultHeaders or per-call headers is refused: no call goes out with a key other than the one it names', async () => {
    expect(() =>
      clientOn([], { defaultHeaders: { Authorization: `Bearer sk_test_other${secretPart}` } }),
    ).toThrow(ConfigurationError);
    const { client, seen } = clientOn([json(200, payoutFixture())]);
    for (const headers of [
      { authorization: `Bearer sk_test_third${secretPart}` },
      new Headers({ Authorization: `Bearer sk_test_third${secretPart}` }),
      [['AUTHORIZATION', `Bearer sk_test_third${secretPart}`]] as [string, string][],
    ]) {
      const error = await client.payouts.approve('po_1', { headers }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ param: 'headers' });
      expectNoSecret(renderings(error));
    }
    expect(seen).toHaveLength(0);
    await client.payouts.approve('po_1');
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${secret}`);
  });
});

describe('errors hold what a caller needs, not the request', () => {
  it('a connection error keeps the root cause, not ky’s error with the Request and its headers', async () => {
    const { client } = clientOn([connectionReset()], { maxRetries: 0 });
    const error = (await client.payouts.list().catch((e: unknown) => e)) as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(inspect(error, { depth: 10 })).not.toContain('authorization');
  });

  it('an abort keeps the abort reason only', async () => {
    const { client } = clientOn([hang()]);
    const error = await client.payouts.list({}, { signal: AbortSignal.timeout(10) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(inspect(error, { depth: 10 })).not.toMatch(/authorization/i);
  });
});

describe('the request id is server text, redacted wherever it goes', () => {
  const loopback = useLoopback();
  const other = 'sk_live_someoneElse0123456789';

  /** A server (or proxy) that echoes the request's Authorization header into its request id. */
  function echoingApi() {
    return loopback((req, res) => {
      const echoed = `${req.headers.authorization} ${other}`;
      const send = (status: number, body: unknown, idHeader = 'x-request-id'): void => {
        res.writeHead(status, { 'content-type': 'application/json', [idHeader]: echoed });
        res.end(JSON.stringify(body));
      };
      if (req.url?.endsWith('/po_bad')) return send(200, { id: 1 });
      if (req.method === 'PATCH') {
        return send(400, {
          error: { type: 'invalid_request_error', code: 'bad', message: 'no', param: null },
        });
      }
      send(
        200,
        { data: [], has_more: false, next_cursor: null },
        req.url?.includes('limit=1') ? 'request-id' : undefined,
      );
    });
  }

  function tracing() {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const infos: HookInfo[] = [];
    const spans = openTelemetryHooks({ tracer: provider.getTracer('test') });
    const record = (info: HookInfo): void => void infos.push(info);
    const hooks: Hooks = {
      beforeRequest: [...(spans.beforeRequest ?? [])],
      afterResponse: [record, ...(spans.afterResponse ?? [])],
      beforeError: [record, ...(spans.beforeError ?? [])],
    };
    const attributes = async (): Promise<unknown[]> => {
      await new Promise((resolve) => setTimeout(resolve, 0)); // a 2xx span ends in a microtask
      return exporter.getFinishedSpans().map((span) => span.attributes['chainbill.request_id']);
    };
    return { hooks, infos, attributes };
  }

  const redacted = 'Bearer sk_test_*** sk_live_***';

  it('on an error status: requestId, JSON.stringify, util.inspect, hook info and the span attribute', async () => {
    const api = await echoingApi();
    const { hooks, infos, attributes } = tracing();
    const client = new Chainbill({ apiKey: secret, baseUrl: api.url, hooks });
    const error = await client.payouts.approve('po_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).requestId).toBe(redacted);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ requestId: redacted });
    expect(infos.map((info) => info.requestId ?? (info.error as BadRequestError).requestId)).toEqual([
      redacted,
      redacted,
    ]);
    expect(await attributes()).toEqual([redacted]);
    const everything = [...renderings(error), JSON.stringify(infos), inspect(infos, { depth: 10 })];
    expectNoSecret(everything);
    for (const text of everything) expect(text).not.toContain('someoneElse');
  });

  it('on a 200: withResponse().requestId, hook info and the span attribute; request-id too', async () => {
    const api = await echoingApi();
    const { hooks, infos, attributes } = tracing();
    const client = new Chainbill({ apiKey: secret, baseUrl: api.url, hooks });
    const { requestId } = await client.payouts.list().withResponse();
    const { requestId: fallback } = await client.payouts.list({ limit: 1 }).withResponse();
    expect([requestId, fallback]).toEqual([redacted, redacted]);
    expect(infos.map((info) => info.requestId)).toEqual([redacted, redacted]);
    expect(await attributes()).toEqual([redacted, redacted]);
  });

  it('on a 2xx body that does not fit: ResponseValidationError.requestId', async () => {
    const api = await echoingApi();
    const client = new Chainbill({ apiKey: secret, baseUrl: api.url });
    const error = await client.payouts.approve('po_bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).requestId).toBe(redacted);
    expectNoSecret(renderings(error));
  });
});
