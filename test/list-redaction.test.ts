/**
 * Lists and the key: a page that a paging guard refuses rejects with its body redacted (resource
 * lists and raw `getList` alike), and a `next_cursor` that echoes the key is redacted wherever the
 * next request is described: the debug log line, the hooks' `url`, the span. Against a real
 * `node:http` server.
 */
import type { ServerResponse } from 'node:http';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Chainbill, type ClientOptions, type HookInfo, ResponseValidationError } from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { captureLogger, payoutFixture, renderings } from './scripted-fetch.js';

const key = 'sk_test_pagesecret7Rt4Yu1';
const secretPart = 'pagesecret7Rt4Yu1';
const loopback = useLoopback();

/** A list server: `answer(url, authorization)` gives each page's JSON body. */
async function lists(answer: (url: URL, authorization: string) => unknown) {
  return loopback((req, res: ServerResponse) => {
    const body = answer(new URL(req.url ?? '/', 'http://localhost'), req.headers.authorization ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
}

const client = (url: string, options: ClientOptions = {}) =>
  new Chainbill({ apiKey: key, baseUrl: url, maxRetries: 0, logLevel: 'off', ...options });

/** A payout whose description echoes the request's Authorization header. */
const echoing = (authorization: string) => payoutFixture({ description: authorization });

describe('a page a paging guard refuses', () => {
  const guards: [string, (auth: string, url: URL) => unknown, (c: Chainbill) => Promise<unknown>][] = [
    [
      'has_more with no next_cursor (payouts.list)',
      (auth) => ({ data: [echoing(auth)], has_more: true, next_cursor: null }),
      (c) => c.payouts.list().toArray(),
    ],
    [
      'a repeated cursor (payouts.list)',
      (auth) => ({ data: [echoing(auth)], has_more: true, next_cursor: 'c1' }),
      (c) => c.payouts.list().toArray(),
    ],
    [
      'an empty page with has_more (raw getList, offset)',
      (auth, url) => ({
        data: url.searchParams.get('offset') === '0' ? [{ note: auth }] : [],
        has_more: true,
        note: auth,
      }),
      (c) => c.getList('/customers', { pagination: 'offset', query: { offset: 0 } }).toArray(),
    ],
    [
      'has_more with no next_cursor (raw getList)',
      (auth) => ({ data: [{ note: auth }], has_more: true, note: auth }),
      (c) => c.getList('/things', { pagination: 'cursor' }).toArray(),
    ],
  ];

  it.each(guards)('%s: rejects with its body redacted', async (_, page, walk) => {
    const api = await lists((url, auth) => page(auth, url));
    const error = (await failure(walk(client(api.url)))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0]?.code).toBe('invalid_pagination');
    expect(JSON.stringify(error.body)).toContain('Bearer sk_test_***');
    for (const text of [...renderings(error), JSON.stringify(error.body)])
      expect(text).not.toContain(secretPart);
  });
});

describe('a next_cursor that echoes the key', () => {
  /** First page: a cursor that is the Authorization header; the next page ends the list. */
  const cursorEcho = () =>
    lists((url, auth) =>
      url.searchParams.has('cursor')
        ? { data: [], has_more: false, next_cursor: null }
        : { data: [payoutFixture()], has_more: true, next_cursor: auth },
    );

  it('is redacted in the debug line of the next request, and still sent', async () => {
    const api = await cursorEcho();
    const { logger, lines } = captureLogger();
    const seen: string[] = [];
    const chainbill = client(api.url, { logger, logLevel: 'debug' });
    await chainbill.payouts
      .list({}, { hooks: { beforeRequest: [(info) => void seen.push(info.url)] } })
      .toArray();
    const next = lines.filter((line) => line.message.startsWith('[chainbill] → GET /payouts'))[1];
    expect(next?.details?.['query']).toEqual({ cursor: 'Bearer sk_test_***' });
    for (const line of lines)
      for (const text of renderings(line.details)) expect(text).not.toContain(secretPart);
    expect(api.hits()).toBe(2);
  });

  it("is redacted in every hook's url and in the span", async () => {
    const api = await cursorEcho();
    const infos: HookInfo[] = [];
    const record = (info: HookInfo): void => void infos.push(info);
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tracing = openTelemetryHooks({ tracer: provider.getTracer('t') });
    const hooks = {
      beforeRequest: [record, ...(tracing.beforeRequest ?? [])],
      afterResponse: [record, ...(tracing.afterResponse ?? [])],
    };
    await client(api.url, { hooks }).payouts.list().toArray();
    await new Promise((resolve) => setTimeout(resolve, 0)); // a span of a 2xx ends a microtask later
    expect(infos.filter((info) => info.attempt === 1).map((info) => new URL(info.url).search)).toEqual([
      '',
      '',
      '?cursor=Bearer+sk_test_***',
      '?cursor=Bearer+sk_test_***',
    ]);
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(2);
    expect(JSON.stringify([infos, spans.map((span) => [span.attributes, span.status])])).not.toContain(
      secretPart,
    );
  });
});
