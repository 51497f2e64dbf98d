/**
 * What every response promises, whatever the route (DESIGN.md: Responses; docs/errors.md): the
 * request id comes from `x-request-id`, else `request-id`, on data and on both kinds of error, and
 * is redacted like all server text; a 2xx body is data only when its content type is JSON
 * (`application/json` or `application/*+json`).
 */
import { inspect } from 'node:util';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  BadRequestError,
  Chainbill,
  type HookInfo,
  type Hooks,
  NotFoundError,
  ResponseValidationError,
} from 'chainbill';
import { openTelemetryHooks } from 'chainbill/opentelemetry';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { clientOn, json, payoutFixture, renderings, type Step, scriptedFetch } from './scripted-fetch.js';

/** Runs `payouts.approve` against one scripted answer; returns the payout (with response) or the error. */
function approveAgainst(step: Step): Promise<unknown> {
  return failure(
    clientOn(scriptedFetch(step).fetch, { maxRetries: 0 }).payouts.approve('po_1').withResponse(),
  );
}

const notFound = {
  error: {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: 'No such payout: po_1.',
    param: 'id',
  },
};

// Each outcome reports the id the same way: data through `.withResponse()`, errors on the error.
const outcomes = [
  [
    'a 200 (withResponse().requestId)',
    (headers: Record<string, string>) => json(200, payoutFixture(), headers),
  ],
  ['a 404 (NotFoundError.requestId)', (headers: Record<string, string>) => json(404, notFound, headers)],
  [
    'a 200 that breaks the spec (ResponseValidationError.requestId)',
    (headers: Record<string, string>) => json(200, payoutFixture({ id: 42 as never }), headers),
  ],
] as const;

describe('requestId', () => {
  it.each(outcomes)('on %s: read from x-request-id', async (_, answer) => {
    const outcome = await approveAgainst(answer({ 'x-request-id': 'req_x_123' }));
    expect(outcome).toMatchObject({ requestId: 'req_x_123' });
  });

  it.each(outcomes)('on %s: falls back to request-id when x-request-id is absent', async (_, answer) => {
    const outcome = await approveAgainst(answer({ 'request-id': 'req_plain_456' }));
    expect(outcome).toMatchObject({ requestId: 'req_plain_456' });
  });

  it.each(outcomes)('on %s: x-request-id wins when both are sent', async (_, answer) => {
    const outcome = await approveAgainst(
      answer({ 'request-id': 'req_plain_456', 'x-request-id': 'req_x_123' }),
    );
    expect(outcome).toMatchObject({ requestId: 'req_x_123' });
  });

  it.each(outcomes)('on %s: null when neither is sent', async (_, answer) => {
    const outcome = await approveAgainst(answer({}));
    expect(outcome).toMatchObject({ requestId: null });
  });

  it('the three outcomes are what the table says they are', async () => {
    const [ok, missing, broken] = await Promise.all(outcomes.map(([, answer]) => approveAgainst(answer({}))));
    expect(ok).toMatchObject({ data: { id: 'po_fixture1' } });
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(broken).toBeInstanceOf(ResponseValidationError);
    expect((broken as ResponseValidationError).issues[0]?.path).toEqual(['id']);
  });

  it('a refused content type keeps the request-id fallback too', async () => {
    const error = await approveAgainst(
      json(200, payoutFixture(), { 'content-type': 'text/plain', 'request-id': 'req_plain_789' }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ requestId: 'req_plain_789' });
  });
});

const secret = 'sk_test_9fK2xQ7vLmN4pR8sT1uW3yZ6';

function expectNoSecret(texts: string[]): void {
  for (const text of texts) expect(text).not.toContain(secret.slice('sk_test_'.length));
}

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
    const error = await failure(client.payouts.approve('po_1'));
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
    const error = await failure(client.payouts.approve('po_bad'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).requestId).toBe(redacted);
    expectNoSecret(renderings(error));
  });
});

describe('content types of 2xx bodies', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/vnd.chainbill+json',
    'application/vnd.chainbill+json; charset=utf-8',
    'application/problem+json',
  ])('%s is JSON: the payout is returned', async (contentType) => {
    const outcome = await approveAgainst(json(200, payoutFixture(), { 'content-type': contentType }));
    expect(outcome).toMatchObject({ data: { id: 'po_fixture1', status: 'draft' } });
  });

  // Each body is a valid payout in JSON: only the content type is wrong.
  it.each([
    'text/plain',
    'text/plain; charset=utf-8',
    'text/html',
    'application/jsonp',
    'application/x-ndjson',
  ])(
    '%s is refused: ResponseValidationError invalid_content_type, the text in .body',
    async (contentType) => {
      const error = await approveAgainst(json(200, payoutFixture(), { 'content-type': contentType }));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).toMatchObject({ status: 200, body: JSON.stringify(payoutFixture()) });
      expect((error as ResponseValidationError).issues.map((issue) => issue.code)).toEqual([
        'invalid_content_type',
      ]);
    },
  );

  it('no content type at all is refused the same way', async () => {
    const bytes: Step = () => new Response(new TextEncoder().encode(JSON.stringify(payoutFixture())));
    const error = await approveAgainst(bytes);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.code)).toEqual([
      'invalid_content_type',
    ]);
  });
});

describe('content types of error bodies', () => {
  it('an application/problem+json error body is read: type, code, param and message', async () => {
    const error = await approveAgainst(json(404, notFound, { 'content-type': 'application/problem+json' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      body: notFound,
    });
    expect((error as NotFoundError).message).toContain('No such payout: po_1.');
  });
});
