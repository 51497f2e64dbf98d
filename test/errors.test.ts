/**
 * API errors (spec: Errors; docs/errors.md): one class per status, `type: authentication_error`
 * first; each error carries the body's `type`, `code`, `param` and message verbatim, the status
 * apart, and the request id. Whether a status is retried is in retries.test.ts.
 */
import { createServer } from 'node:net';
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  BadRequestError,
  Chainbill,
  ChainbillError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { clientOn, json, renderings, scriptedFetch } from './scripted-fetch.js';

/** The spec's error body. */
function errorBody(type: string, code: string, message: string, param: string | null) {
  return { error: { type, code, message, param } };
}

describe('API errors', () => {
  const invalid = 'invalid_request_error';
  /** Status, the class it maps to, and the error body the API sends with it. */
  const table: [number, typeof APIError, ReturnType<typeof errorBody>][] = [
    [400, BadRequestError, errorBody(invalid, 'parameter_invalid', 'amount must be positive.', 'amount')],
    [
      401,
      AuthenticationError,
      errorBody('authentication_error', 'api_key_invalid', 'Invalid API key provided.', null),
    ],
    [
      403,
      AuthenticationError,
      errorBody('authentication_error', 'api_key_revoked', 'This key was revoked.', null),
    ],
    [403, PermissionDeniedError, errorBody('permission_error', 'forbidden', 'Not for this key.', null)],
    [404, NotFoundError, errorBody(invalid, 'resource_missing', 'No such payout: po_1.', 'id')],
    [409, ConflictError, errorBody(invalid, 'invalid_state', 'Not a draft.', 'status')],
    [422, UnprocessableEntityError, errorBody(invalid, 'amount_too_small', 'too small', 'amount')],
    [429, RateLimitError, errorBody('rate_limit_error', 'rate_limited', 'Slow down.', null)],
    [500, InternalServerError, errorBody('api_error', 'internal', 'Something broke.', null)],
    [501, InternalServerError, errorBody('api_error', 'not_implemented', 'Not here.', null)],
    [502, InternalServerError, errorBody('api_error', 'bad_gateway', 'Upstream down.', null)],
    [503, InternalServerError, errorBody('api_error', 'unavailable', 'Try later.', null)],
    [504, InternalServerError, errorBody('api_error', 'gateway_timeout', 'Upstream slow.', null)],
    [418, APIError, errorBody(invalid, 'teapot', 'I am a teapot.', null)],
  ];

  it.each(table.map(([status, Class, body]) => [status, body.error.type, Class.name, Class, body] as const))(
    'a %i of type %s becomes %s, with its fields verbatim and the status apart',
    async (status, _type, name, ErrorClass, body) => {
      const { fetch } = scriptedFetch(json(status, body, { 'x-request-id': 'req_42' }));
      const error = await failure(
        clientOn(fetch, { maxRetries: 0 }).payouts.update('po_1', { description: 'x' }),
      );
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(ChainbillError);
      expect(error).toMatchObject({
        name,
        status,
        type: body.error.type,
        code: body.error.code,
        param: body.error.param,
        requestId: 'req_42',
        message: body.error.message,
        body,
      });
      expect(String(error)).toBe(`${name}: ${body.error.message}`);
    },
  );

  it('an empty 503 says so once', async () => {
    const { fetch } = scriptedFetch(() => new Response(null, { status: 503 }));
    const error = (await failure(clientOn(fetch, { maxRetries: 0 }).payouts.list())) as APIError;
    expect(error.status).toBe(503);
    expect(error.message).not.toMatch(/503.*503/);
    expect(error.message).toBe('The server answered 503 with no message.');
  });

  it('JSON.stringify gives the fields and plain, redacted headers', async () => {
    const { fetch } = scriptedFetch(
      json(409, errorBody('invalid_request_error', 'invalid_state', 'Not a draft.', 'status'), {
        'x-request-id': 'req_9',
        'set-cookie': 'session=secret',
      }),
    );
    const error = await failure(clientOn(fetch, { maxRetries: 0 }).payouts.approve('po_1'));
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ConflictError',
      message: 'Not a draft.',
      status: 409,
      type: 'invalid_request_error',
      code: 'invalid_state',
      param: 'status',
      requestId: 'req_9',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_9', 'set-cookie': '***' },
    });
  });
});

describe('connection errors say where', () => {
  const key = 'sk_test_whereto4Fq9Zx';

  /** A port on 127.0.0.1 that nothing listens on: taken from the system, then freed. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('a refused connection names the host, the port and the innermost code', async () => {
    const port = await closedPort();
    const chainbill = new Chainbill({ apiKey: key, baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    const error = await failure(chainbill.payouts.list());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      `Connection error reaching 127.0.0.1:${port}: fetch failed (ECONNREFUSED)`,
    );
    for (const text of renderings(error)) expect(text).not.toContain(key.slice(8));
  });

  it("a port fetch refuses names it, and the platform's reason from the innermost cause", async () => {
    const chainbill = new Chainbill({ apiKey: key, baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 });
    const error = await failure(chainbill.payouts.list());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe('Connection error reaching 127.0.0.1:9: fetch failed (bad port)');
  });
});
