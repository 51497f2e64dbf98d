/**
 * What every response promises, whatever the route (DESIGN.md: Responses; docs/errors.md): the
 * request id comes from `x-request-id`, else `request-id`, on data and on both kinds of error; a 2xx
 * body is data only when its content type is JSON (`application/json` or `application/*+json`).
 */
import { Chainbill, type ClientOptions, NotFoundError, ResponseValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { json, payoutFixture, type Step, scriptedFetch, testBaseUrl, testKey } from './scripted-fetch.js';

function clientOn(fetch: ClientOptions['fetch']): Chainbill {
  return new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, maxRetries: 0, logLevel: 'off' });
}

/** Runs `payouts.approve` against one scripted answer; returns the payout (with response) or the error. */
function approveAgainst(step: Step): Promise<unknown> {
  return clientOn(scriptedFetch(step).fetch)
    .payouts.approve('po_1')
    .withResponse()
    .catch((e: unknown) => e);
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
