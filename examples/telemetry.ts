/**
 * Telemetry (docs/hooks.md): metrics from hooks, and one OpenTelemetry span per call from
 * `chainbill/opentelemetry`, printed from the OpenTelemetry SDK's in-memory exporter.
 *
 *   npx tsx examples/telemetry.ts
 *
 * It runs against the fake API over real HTTP on 127.0.0.1; a wrapping `fetch` answers the first
 * request with a 503, so one call shows a retry. In an app, register your tracer provider (NodeSDK, an OTLP
 * exporter) as usual: `openTelemetryHooks()` uses the global one.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Chainbill, type Fetch, type HookInfo } from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { createFakeChainbill } from 'chainbill/testing';

// The OpenTelemetry SDK, as an app would set it up (here: spans kept in memory).
const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const fake = createFakeChainbill();
const server = await fake.listen();
// The first request of the run gets a 503, as a busy service would answer.
let failedOnce = false;
const flaky: Fetch = async (input, init) => {
  if (!failedOnce) {
    failedOnce = true;
    return Response.json(
      { error: { type: 'api_error', code: 'busy', message: 'Try again.', param: null } },
      {
        status: 503,
        headers: { 'retry-after': '0' },
      },
    );
  }
  return fetch(input, init);
};

// Metrics from a plain hook: one line per attempt with its route, status and duration.
const metrics: string[] = [];
const recordAttempt = ({ method, route, status, durationMs, attempt }: HookInfo): void => {
  metrics.push(`${method} ${route} attempt ${attempt} -> ${status} in ${durationMs?.toFixed(1)} ms`);
};

const tracing = openTelemetryHooks();
const chainbill = new Chainbill({
  apiKey: fake.apiKey,
  baseUrl: server.url,
  fetch: flaky,
  hooks: {
    beforeRequest: [...(tracing.beforeRequest ?? [])],
    afterResponse: [recordAttempt, ...(tracing.afterResponse ?? [])],
    beforeError: [...(tracing.beforeError ?? [])],
  },
});

try {
  const tracer = trace.getTracer('merchant-app');
  await tracer.startActiveSpan('pay invoice 42', async (parent) => {
    const payout = await chainbill.payouts.create({
      recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
      chain: 'tron',
      token: 'USDT',
      amount: 42,
      currency: 'USD',
    });
    await chainbill.payouts.approve(payout.id);
    parent.end();
  });
  await new Promise((resolve) => setTimeout(resolve, 0)); // spans of successful calls end just after
  for (const line of metrics) console.log(`metric: ${line}`);
  for (const span of exporter.getFinishedSpans()) {
    const { attributes } = span;
    console.log(
      `span: ${span.name} status=${attributes['http.response.status_code'] ?? '-'} ` +
        `retries=${attributes['http.request.resend_count'] ?? '-'} request_id=${attributes['chainbill.request_id'] ?? '-'}`,
    );
  }
  const names = exporter.getFinishedSpans().map((span) => span.name);
  if (!names.includes('POST /payouts') || !names.includes('PATCH /payouts/{id}') || metrics.length !== 3) {
    throw new Error(`unexpected telemetry: ${names.join(', ')}; ${metrics.length} metric lines`);
  }
} finally {
  await server.close();
}
