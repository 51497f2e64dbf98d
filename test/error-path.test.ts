/**
 * Every rejection of a call, whatever stage refuses it, goes through the one error path: the
 * `beforeError` hooks see it and the OpenTelemetry span ends with status ERROR. That holds for a
 * page a paging guard refuses (the first or a later one, resource lists and raw `getList`), and
 * for an error body nested thousands of levels deep, which is a `ChainbillError` with its body
 * cut to a bounded depth, never a `RangeError`. Against a real `node:http` server.
 */
import { inspect } from 'node:util';
import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { BadRequestError, Chainbill, type HookInfo, type Hooks, ResponseValidationError } from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { payoutFixture } from './scripted-fetch.js';

const key = 'sk_test_errorpath3Kd8Lp2';
const loopback = useLoopback();
const exporter = new InMemorySpanExporter();
const tracing = openTelemetryHooks({
  tracer: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('t'),
});

/** A server answering `answer(url)`: a status and a JSON text. */
async function serving(answer: (url: URL) => [number, string]) {
  return loopback((req, res) => {
    const [status, text] = answer(new URL(req.url ?? '/', 'http://localhost'));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  });
}

/** A client on `url` whose `beforeError` hooks record into `errors`, traced into `exporter`. */
function observed(url: string): { chainbill: Chainbill; errors: HookInfo[] } {
  const errors: HookInfo[] = [];
  const hooks: Hooks = {
    ...tracing,
    beforeError: [(info) => void errors.push(info), ...(tracing.beforeError ?? [])],
  };
  exporter.reset();
  return {
    chainbill: new Chainbill({ apiKey: key, baseUrl: url, maxRetries: 0, logLevel: 'off', hooks }),
    errors,
  };
}

/** The spans that ended, after the microtask in which a 2xx call's span ends. */
async function ended() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return exporter.getFinishedSpans();
}

const page = (data: unknown[], hasMore: boolean, cursor: string | null) =>
  JSON.stringify({ data, has_more: hasMore, next_cursor: cursor });

describe('a page a paging guard refuses', () => {
  const cases: [string, (url: URL) => [number, string], (c: Chainbill) => Promise<unknown>, number][] = [
    [
      'the first page: has_more with no next_cursor',
      () => [200, page([payoutFixture()], true, null)],
      (c) => c.payouts.list(),
      1,
    ],
    [
      'a later page: a cursor that repeats',
      () => [200, page([payoutFixture()], true, 'c1')],
      (c) => c.payouts.list().toArray(),
      2,
    ],
    [
      'an offset page that is empty with has_more (raw getList)',
      (url) => [200, page(url.searchParams.get('offset') === '0' ? [1] : [], true, null)],
      (c) => c.getList('/things', { pagination: 'offset', query: { offset: 0 } }).toArray(),
      2,
    ],
    [
      'a loop of two cursors (raw getList)',
      (url) => [200, page([1], true, url.searchParams.get('cursor') === 'a' ? 'b' : 'a')],
      (c) => c.getList('/things', { pagination: 'cursor' }).toArray(),
      3,
    ],
  ];

  it.each(cases)('%s: beforeError sees it, the span is ERROR', async (_, answer, walk, pages) => {
    const api = await serving(answer);
    const { chainbill, errors } = observed(api.url);
    const error = await failure(walk(chainbill));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(api.hits()).toBe(pages);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.error).toBeInstanceOf(ResponseValidationError);
    expect(errors[0]?.error?.message).toBe((error as Error).message);
    expect(errors[0]?.status).toBe(200);
    const spans = await ended();
    expect(spans).toHaveLength(pages);
    const last = spans[pages - 1];
    expect(last?.status.code).toBe(SpanStatusCode.ERROR);
    expect(last?.attributes['error.type']).toBe('ResponseValidationError');
    expect(spans.slice(0, -1).every((span) => span.status.code !== SpanStatusCode.ERROR)).toBe(true);
  });
});

describe('a server value nested thousands of levels deep', () => {
  const nested = (depth: number, leaf: string): string =>
    `${'{"a":'.repeat(depth)}"${leaf}"${'}'.repeat(depth)}`;

  it.each([2_000, 5_000, 100_000])(
    'a 400 whose body nests %i levels is a BadRequestError, beforeError runs, the body is cut',
    async (depth) => {
      const body = `{"error":{"type":"invalid_request_error","code":"deep","message":"too deep","param":null},"detail":${nested(depth, key)}}`;
      const api = await serving(() => [400, body]);
      const { chainbill, errors } = observed(api.url);
      const error = (await failure(chainbill.payouts.list())) as BadRequestError;
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'deep', message: 'too deep' });
      expect(errors).toHaveLength(1);
      expect(errors[0]?.error).toBeInstanceOf(BadRequestError);
      const kept = JSON.stringify(error.body);
      expect(kept).toContain('not kept');
      expect(kept).not.toContain(key);
      expect(inspect(error, { depth: null })).not.toContain(key);
      expect(structuredClone(error.body)).toEqual(error.body);
      expect((await ended())[0]?.status.code).toBe(SpanStatusCode.ERROR);
    },
  );

  it('a 200 that breaks the spec, nested 5 000 levels, is a ResponseValidationError with beforeError', async () => {
    const api = await serving(() => [200, `{"data":${nested(5_000, 'x')},"has_more":false}`]);
    const { chainbill, errors } = observed(api.url);
    const error = await failure(chainbill.payouts.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(errors.map((info) => info.error?.name)).toEqual(['ResponseValidationError']);
    expect(() => JSON.stringify((error as ResponseValidationError).body)).not.toThrow();
  });

  it('a raw get of a 200 nested 5 000 levels resolves with the data as sent', async () => {
    const api = await serving(() => [200, nested(5_000, 'leaf')]);
    const { chainbill, errors } = observed(api.url);
    let value: unknown = await chainbill.get('/deep');
    let depth = 0;
    while (typeof value === 'object' && value !== null) {
      value = (value as { a: unknown }).a;
      depth += 1;
    }
    expect([depth, value]).toEqual([5_000, 'leaf']);
    expect(errors).toHaveLength(0);
  });
});
