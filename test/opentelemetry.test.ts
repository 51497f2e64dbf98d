/**
 * chainbill/opentelemetry against the real OpenTelemetry SDK (in-memory exporter): one CLIENT span
 * per call, retries counted, the caller's span as parent, no key or body in any attribute.
 */

import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Chainbill, type ClientOptions, type Hooks } from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiError,
  connectionReset,
  json,
  payoutFixture,
  type Step,
  scriptedFetch,
} from './scripted-fetch.js';

const key = 'sk_test_otelsecret42';
const now = { 'retry-after': '0', 'x-request-id': 'req_otel' };
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('test');
let hooks: Hooks;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  hooks = openTelemetryHooks({ tracer });
});
afterAll(() => {
  context.disable();
});
beforeEach(() => exporter.reset());

function client(steps: Step[], options: ClientOptions = {}) {
  const { fetch } = scriptedFetch(...steps);
  return new Chainbill({ apiKey: key, baseUrl: 'https://api.chainbill.test:8443/v1', fetch, ...options });
}

/** The finished spans, after the microtask that ends a successful call's span. */
async function spans(): Promise<ReadableSpan[]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return exporter.getFinishedSpans().filter((span) => span.name !== 'parent');
}

const parentIdOf = (span: ReadableSpan): string | undefined =>
  (span as unknown as { parentSpanContext?: { spanId: string } }).parentSpanContext?.spanId ??
  (span as unknown as { parentSpanId?: string }).parentSpanId;

describe('chainbill/opentelemetry', () => {
  it('makes one CLIENT span per call, with retries counted', async () => {
    const chainbill = client([apiError(503, now), apiError(503, now), json(200, payoutFixture(), now)]);
    await chainbill.payouts.approve('po_123', { hooks });
    const [span, ...rest] = await spans();
    expect(rest).toEqual([]);
    expect(span?.name).toBe('PATCH /payouts/{id}');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'PATCH',
      'url.template': '/payouts/{id}',
      'server.address': 'api.chainbill.test',
      'server.port': 8443,
      'http.response.status_code': 200,
      'http.request.resend_count': 2,
      'chainbill.request_id': 'req_otel',
    });
    expect(span?.attributes['chainbill.idempotency_key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is a child of the span active when the call was made', async () => {
    const chainbill = client([json(200, { data: [], has_more: false, next_cursor: null })]);
    let parentId = '';
    await tracer.startActiveSpan('parent', async (parent) => {
      parentId = parent.spanContext().spanId;
      await chainbill.payouts.list({}, { hooks });
      parent.end();
    });
    const [span] = await spans();
    expect(span?.name).toBe('GET /payouts');
    expect(parentIdOf(span as ReadableSpan)).toBe(parentId);
    expect(span?.spanContext().traceId).toBe(
      exporter
        .getFinishedSpans()
        .find((s) => s.name === 'parent')
        ?.spanContext().traceId,
    );
  });

  it('marks a failed call ERROR with error.type', async () => {
    const chainbill = client([apiError(500, now)], { maxRetries: 0 });
    await chainbill.payouts.list({}, { hooks }).catch(() => undefined);
    const unreachable = client([connectionReset()], { maxRetries: 1 });
    await unreachable.payouts.list({}, { hooks }).catch(() => undefined);
    const refused = client([json(200, { data: [{ id: 42 }], has_more: false })]);
    await refused.payouts.list({}, { hooks }).catch(() => undefined);
    const [status500, connection, invalid] = await spans();
    expect(status500?.status.code).toBe(SpanStatusCode.ERROR);
    expect(status500?.attributes['error.type']).toBe('500');
    expect(connection?.attributes['error.type']).toBe('APIConnectionError');
    expect(connection?.attributes['http.request.resend_count']).toBe(1);
    expect(invalid?.attributes['error.type']).toBe('ResponseValidationError');
    expect(invalid?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('puts no key and no body in any span', async () => {
    const echo: Step = (request) =>
      json(400, { error: { message: `Bearer ${request.headers.get('authorization')}` } }, now)(request);
    const chainbill = client([echo]);
    await chainbill.payouts
      .create(
        {
          recipient_address: 'TCCKasVJg56q6RnienESXdRjTVWgRnaiy9',
          chain: 'tron',
          token: 'USDT',
          amount: 7,
          currency: 'USD',
        },
        { hooks },
      )
      .catch(() => undefined);
    const [span] = await spans();
    const everything = JSON.stringify([span?.attributes, span?.events, span?.status, span?.name]);
    expect(span).toBeDefined();
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('TCCKasVJg56q6RnienESXdRjTVWgRnaiy9');
  });
});
