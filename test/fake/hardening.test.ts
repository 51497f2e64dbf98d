import { BadRequestError, NotFoundError } from 'chainbill';
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';
import { handlers } from 'chainbill/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, clientOf, MiB, payout, rejection, send, sendRaw } from './edge-helpers.js';

// What the fake refuses at its edges, over fetch, msw and real HTTP.
const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function listening(fake: FakeChainbill): Promise<FakeServer> {
  const server = await fake.listen();
  servers.push(server);
  return server;
}

describe('the fake answers under its base path only', () => {
  // /x/v1 ends in /v1 but is not the base path: the old loose strip of `^.*?/v1` answered it.
  const wrongBases = [
    'https://api.chainbill.test',
    'https://api.chainbill.test/v2',
    'https://api.chainbill.test/v1x',
    'https://api.chainbill.test/x/v1',
  ];

  it.each(wrongBases)('over fake.fetch, a client at %s gets 404 route_not_found', async (baseUrl) => {
    const fake = createFakeChainbill();
    const error = await rejection(clientOf(fake, baseUrl).payouts.list());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'route_not_found', param: null });
    await expect(clientOf(fake, fake.baseUrl).payouts.list()).resolves.toMatchObject({ data: [] });
  });

  it('over fake.fetch, another host than the base URL is 404', async () => {
    const fake = createFakeChainbill();
    const error = await rejection(clientOf(fake, 'https://other.chainbill.test/v1').payouts.list());
    expect(error).toBeInstanceOf(NotFoundError);
  });

  describe('over msw', () => {
    const server = setupServer();
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterEach(() => server.resetHandlers());
    afterAll(() => server.close());

    it.each(wrongBases)('a client at %s gets 404 route_not_found', async (baseUrl) => {
      const fake = createFakeChainbill();
      server.use(...handlers(fake));
      const error = await rejection(clientOf(fake, baseUrl, { fetch: false }).payouts.list());
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: 'route_not_found' });
      const ok = clientOf(fake, fake.baseUrl, { fetch: false });
      await expect(ok.payouts.list()).resolves.toMatchObject({ data: [] });
    });

    it('a body over 1 MiB is 413 body_too_large', async () => {
      const fake = createFakeChainbill();
      server.use(...handlers(fake));
      const response = await fetch(`${fake.baseUrl}/payouts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...payout, description: 'x'.repeat(2 * MiB) }),
      });
      expect({ status: response.status, json: await response.json() }).toEqual(
        apiError(413, 'body_too_large'),
      );
    });
  });

  it('over listen(), a path outside /v1 is 404', async () => {
    const fake = createFakeChainbill();
    const { url } = await listening(fake);
    expect(url).toMatch(/\/v1$/);
    for (const baseUrl of [url.replace(/\/v1$/, ''), url.replace(/\/v1$/, '/v2'), `${url}x`]) {
      const error = await rejection(clientOf(fake, baseUrl, { fetch: false }).payouts.list());
      expect(error).toBeInstanceOf(NotFoundError);
    }
    await expect(clientOf(fake, url, { fetch: false }).payouts.list()).resolves.toMatchObject({ data: [] });
  });
});

describe('a cursor is bound to its list, filters and key', () => {
  function seeded() {
    const fake = createFakeChainbill();
    const other = fake.createApiKey({ orgId: 'org_other' });
    for (const apiKey of [fake.apiKey, fake.liveApiKey, other]) {
      for (let i = 0; i < 3; i++) {
        fake.seed.payout({ status: 'draft' }, { apiKey });
        fake.seed.checkout({}, { apiKey });
      }
    }
    return { fake, other };
  }

  const invalidCursor = {
    status: 400,
    type: 'invalid_request_error',
    code: 'cursor_invalid',
    param: 'cursor',
  };

  it('refuses a payouts cursor on /checkouts, and another org’s or environment’s cursor', async () => {
    const { fake, other } = seeded();
    const { next_cursor: cursor } = await clientOf(fake, fake.baseUrl).payouts.list({ limit: 1 });
    expect(cursor).toEqual(expect.any(String));
    const uses = [
      clientOf(fake, fake.baseUrl).checkouts.list({ cursor: cursor as string }),
      clientOf(fake, fake.baseUrl, { apiKey: other }).payouts.list({ cursor: cursor as string }),
      clientOf(fake, fake.baseUrl, { apiKey: fake.liveApiKey }).payouts.list({ cursor: cursor as string }),
    ];
    for (const use of uses) {
      const error = await rejection(use);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject(invalidCursor);
    }
  });

  it('refuses a hand-made cursor and one used with other filters', async () => {
    const { fake } = seeded();
    const api = clientOf(fake, fake.baseUrl);
    const handMade = Buffer.from('cb1:5').toString('base64url');
    await expect(api.payouts.list({ cursor: handMade })).rejects.toMatchObject(invalidCursor);
    const { next_cursor } = await api.payouts.list({ status: 'draft', limit: 1 });
    const cursor = next_cursor as string;
    await expect(api.payouts.list({ status: 'approved', cursor })).rejects.toMatchObject(invalidCursor);
    await expect(api.payouts.list({ cursor })).rejects.toMatchObject(invalidCursor);
    await expect(api.payouts.list({ status: 'draft', cursor, limit: 5 })).resolves.toMatchObject({
      data: [expect.anything(), expect.anything()],
    });
  });

  it('keeps paging through the SDK: filters kept, limit free to change', async () => {
    const { fake } = seeded();
    for (let i = 0; i < 6; i++) fake.seed.payout({ status: 'approved' });
    const api = clientOf(fake, fake.baseUrl);
    const ids: string[] = [];
    for await (const item of api.payouts.list({ status: 'approved', limit: 2 })) ids.push(item.id);
    expect(ids).toHaveLength(6);
    const first = await api.payouts.list({ limit: 2 });
    expect((await first.getNextPage()).data).toHaveLength(2);
    await expect(api.payouts.list({ limit: 4, cursor: first.next_cursor as string })).resolves.toMatchObject({
      has_more: true,
    });
  });
});

describe('a malformed request gets a clear 4xx, never a 500', () => {
  it('malformed percent-encoding in the path is 400 path_invalid', async () => {
    const fake = createFakeChainbill();
    for (const method of ['GET', 'PATCH']) {
      const body = method === 'GET' ? null : JSON.stringify({ description: 'x' });
      const answer = await send(fake, '/payouts/%E0%A4%A', {
        method,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(answer).toEqual(apiError(400, 'path_invalid'));
    }
  });

  it('over listen(): odd methods, an absolute-form target, bad encoding, CONNECT', async () => {
    const fake = createFakeChainbill();
    const { port } = await listening(fake);
    const head = `Host: 127.0.0.1\r\nAuthorization: Bearer ${fake.apiKey}\r\nConnection: close`;
    const cases: [string, number, string][] = [
      ['TRACE /v1/payouts', 405, 'method_not_allowed'],
      ['PROPFIND /v1/payouts', 405, 'method_not_allowed'],
      ['GET http://other/v1/payouts', 400, 'request_target_invalid'],
      ['PATCH /v1/payouts/%E0%A4%A', 400, 'path_invalid'],
      ['CONNECT other:443', 405, 'method_not_allowed'],
    ];
    for (const [line, status, code] of cases) {
      expect([line, await sendRaw(port, `${line} HTTP/1.1\r\n${head}\r\n\r\n`)]).toEqual([
        line,
        apiError(status, code),
      ]);
    }
    const garbage = await sendRaw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
  });

  it('a body must come as JSON: 415 unsupported_media_type otherwise', async () => {
    const fake = createFakeChainbill();
    const json = JSON.stringify(payout);
    const refused = [{ 'content-type': 'text/plain' }, { 'content-type': 'application/jsonx' }, {}];
    for (const headers of refused) {
      const body = new TextEncoder().encode(json); // bytes: fetch adds no content type of its own
      expect(await send(fake, '/payouts', { method: 'POST', headers, body })).toEqual(
        apiError(415, 'unsupported_media_type'),
      );
    }
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const answer = await send(fake, '/payouts', {
        method: 'POST',
        headers: { 'content-type': type },
        body: json,
      });
      expect(answer.status).toBe(201);
    }
    expect(fake.requests.map((r) => r.status)).toEqual([415, 415, 415, 201, 201]);
  });

  it('a body nested too deep is 400 body_invalid, not a stack overflow', async () => {
    const fake = createFakeChainbill();
    const metadata = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const body = `{"email":"a@example.com","metadata":${metadata}}`;
    const headers = { 'content-type': 'application/json' };
    expect(await send(fake, '/customers', { method: 'POST', headers, body })).toEqual(
      apiError(400, 'body_invalid'),
    );
  });
});

describe('bodies over 1 MiB are refused while they stream; an empty Idempotency-Key is 400', () => {
  const headers = { 'content-type': 'application/json' };

  it('over fake.fetch: 1 MiB passes, one byte more is 413, and a long stream is not read to its end', async () => {
    const fake = createFakeChainbill();
    const json = JSON.stringify(payout);
    const exact = json.padEnd(MiB, ' ');
    expect((await send(fake, '/payouts', { method: 'POST', headers, body: exact })).status).toBe(201);
    expect(await send(fake, '/payouts', { method: 'POST', headers, body: `${exact} ` })).toEqual(
      apiError(413, 'body_too_large'),
    );
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 64 * MiB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const init = { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit;
    expect(await send(fake, '/payouts', init)).toEqual(apiError(413, 'body_too_large'));
    expect(pulled).toBeLessThan(4 * MiB);
  });

  it('an empty Idempotency-Key is 400 idempotency_key_invalid, over fetch and real HTTP', async () => {
    const fake = createFakeChainbill();
    const body = JSON.stringify(payout);
    const init = { method: 'POST', headers: { ...headers, 'idempotency-key': '' }, body };
    expect(await send(fake, '/payouts', init)).toEqual(apiError(400, 'idempotency_key_invalid'));
    const { port } = await listening(fake);
    const request =
      `POST /v1/payouts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${fake.apiKey}\r\n` +
      `Content-Type: application/json\r\nIdempotency-Key:\r\nContent-Length: ${body.length}\r\n` +
      `Connection: close\r\n\r\n${body}`;
    expect(await sendRaw(port, request)).toEqual(apiError(400, 'idempotency_key_invalid'));
    expect(fake.requests.map((r) => r.status)).toEqual([400, 400]);
  });

  it('never answers a malformed request with a 500 (a sweep over fetch)', async () => {
    const fake = createFakeChainbill();
    const inits: [string, RequestInit][] = [
      ['/payouts', { method: 'POST', headers, body: '{' }],
      ['/payouts', { method: 'POST', headers, body: new Uint8Array([0x7b, 0xff, 0x7d]) }],
      ['/payouts', { method: 'PUT', headers, body: '{}' }],
      ['/payouts?cursor=%ZZ', {}],
      ['/payouts/po_%ZZ', { method: 'DELETE' }],
      ['/payouts/po_%ZZ', { method: 'PATCH', headers, body: '{"description":"x"}' }],
      ['/%', {}],
    ];
    for (const [path, init] of inits) {
      const { status } = await send(fake, path, init);
      expect([path, init.method, status < 500 && status >= 400]).toEqual([path, init.method, true]);
    }
    expect(fake.requests.map((r) => r.status).filter((status) => status >= 500)).toEqual([]);
  });
});
