/**
 * Raw calls (`get`, `post`, `patch`, `delete`, `getList`): the escape hatch for routes the SDK has
 * no method for, through the same request path as every resource method (docs/raw-calls.md).
 */
import {
  APIError,
  Chainbill,
  ConflictError,
  NotFoundError,
  path,
  RequestValidationError,
  ResponseValidationError,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from './helpers.js';
import { apiError, envelope, json, scriptedFetch, testBaseUrl, testKey, uuidV4 } from './scripted-fetch.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

const payoutBody = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 10,
  currency: 'USD',
};

function scripted(...steps: Parameters<typeof scriptedFetch>): {
  chainbill: Chainbill;
  seen: ReturnType<typeof scriptedFetch>['seen'];
} {
  const { fetch, seen } = scriptedFetch(...steps);
  return { chainbill: new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, maxRetries: 2 }), seen };
}

describe('raw calls reach the route', () => {
  it('get: method, path and query; resolves to the parsed JSON', async () => {
    fake().seed.payout({ status: 'approved' });
    const page = await client().get('/payouts', { query: { status: 'approved', limit: 5, skip: undefined } });
    expect(page).toMatchObject({ data: [{ status: 'approved' }], has_more: false });
    expect(fake().requests[0]).toMatchObject({
      method: 'GET',
      path: '/payouts',
      query: { status: 'approved', limit: '5' },
      idempotencyKey: null,
      body: undefined,
    });
  });

  it('get: booleans and numbers are sent as text', async () => {
    const { chainbill, seen } = scripted(json(200, { ok: true }));
    await chainbill.get('/anything', { query: { flag: true, off: false, n: 1.5, text: 'a b&c' } });
    expect(seen[0]?.url.href).toBe(`${testBaseUrl}/anything?flag=true&off=false&n=1.5&text=a+b%26c`);
  });

  it('post: the JSON body, with an Idempotency-Key', async () => {
    const created = await client().post('/payouts', { body: payoutBody });
    expect(created).toMatchObject({ ...payoutBody, status: 'draft' });
    expect(fake().requests[0]).toMatchObject({
      method: 'POST',
      path: '/payouts',
      body: payoutBody,
      status: 201,
    });
    expect(fake().requests[0]?.idempotencyKey).toMatch(uuidV4);
  });

  it('patch: path with an encoded id, body, the caller’s idempotencyKey', async () => {
    const payout = fake().seed.payout();
    const updated = await client().patch(path`/payouts/${payout.id}`, {
      body: { description: 'March payroll' },
      idempotencyKey: 'patch-1',
    });
    expect(updated).toMatchObject({ id: payout.id, description: 'March payroll' });
    expect(fake().requests[0]).toMatchObject({
      method: 'PATCH',
      path: `/payouts/${payout.id}`,
      body: { description: 'March payroll' },
      idempotencyKey: 'patch-1',
    });
  });

  it('delete: no body, an Idempotency-Key, the parsed confirmation', async () => {
    const endpoint = fake().seed.webhookEndpoint();
    const result = await client().delete(path`/webhooks/${endpoint.id}`);
    expect(result).toMatchObject({ id: endpoint.id });
    expect(fake().requests[0]).toMatchObject({
      method: 'DELETE',
      path: `/webhooks/${endpoint.id}`,
      body: undefined,
    });
    expect(fake().requests[0]?.idempotencyKey).toMatch(uuidV4);
  });

  it('delete: a body and a query when given', async () => {
    const { chainbill, seen } = scripted(() => new Response(null, { status: 204 }));
    const result = await chainbill.delete('/things/t_1', { body: { reason: 'dup' }, query: { force: true } });
    expect(result).toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'DELETE', body: '{"reason":"dup"}' });
    expect(seen[0]?.url.search).toBe('?force=true');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('.withResponse() gives the response and the request id', async () => {
    const { chainbill } = scripted(json(200, { id: 'x_1' }, { 'x-request-id': 'req_raw' }));
    const { data, response, requestId } = await chainbill.get('/x/x_1').withResponse();
    expect(data).toEqual({ id: 'x_1' });
    expect(response.status).toBe(200);
    expect(requestId).toBe('req_raw');
  });
});

describe('raw calls share the request path', () => {
  it('retries a write with the same Idempotency-Key on every attempt', async () => {
    const { chainbill, seen } = scripted(apiError(503, { 'retry-after': '0' }), json(201, { id: 'po_1' }));
    await chainbill.post('/payouts', { body: payoutBody });
    expect(seen).toHaveLength(2);
    const [first, second] = seen.map((request) => request.headers.get('idempotency-key'));
    expect(first).toMatch(uuidV4);
    expect(second).toBe(first);
  });

  it('sends no Idempotency-Key on a GET, and retries it too', async () => {
    const { chainbill, seen } = scripted(apiError(500, { 'retry-after': '0' }), json(200, {}));
    await chainbill.get('/payouts');
    expect(seen.map((request) => request.headers.get('idempotency-key'))).toEqual([null, null]);
  });

  it('rejects with typed errors: reading one payout, a route the spec does not show', async () => {
    const payout = fake().seed.payout();
    // The fake serves only the spec's routes: PATCH exists on /payouts/{id}, GET does not.
    const error = await client()
      .get(path`/payouts/${payout.id}`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 405 });
    const missing = await client()
      .get('/no-such-route')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
  });

  it('rejects with typed errors: a state the route refuses is a ConflictError', async () => {
    const payout = fake().seed.payout({ status: 'canceled' });
    const error = await client()
      .patch(path`/payouts/${payout.id}`, { body: { status: 'approved' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('refuses a body over maxResponseBytes', async () => {
    const { chainbill } = scripted(json(200, { text: 'x'.repeat(100) }));
    const error = await chainbill.get('/big', { maxResponseBytes: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ issues: [{ code: 'too_large' }] });
  });

  it('checks the per-call options as every call does', async () => {
    await refusedBeforeSending(
      client().post('/payouts', { body: payoutBody, idempotencyKey: '' }),
      'idempotencyKey',
    );
  });
});

describe('getList', () => {
  it('pages through a cursor list, sending next_cursor back', async () => {
    for (let i = 0; i < 5; i++) fake().seed.payout();
    const ids: unknown[] = [];
    for await (const item of client().getList('/payouts', { pagination: 'cursor', query: { limit: 2 } })) {
      ids.push((item as { id: string }).id);
    }
    expect(new Set(ids).size).toBe(5);
    const requests = fake().requests;
    expect(requests).toHaveLength(3);
    expect(requests.map((request) => request.query['limit'])).toEqual(['2', '2', '2']);
    expect(requests[0]?.query['cursor']).toBeUndefined();
    expect(requests[1]?.query['cursor']).toEqual(expect.any(String));
  });

  it('pages through an offset list, advancing offset', async () => {
    for (let i = 0; i < 5; i++) fake().seed.customer();
    const all = await client()
      .getList('/customers', { pagination: 'offset', query: { limit: 2 } })
      .toArray();
    expect(all).toHaveLength(5);
    expect(fake().requests.map((request) => request.query['offset'])).toEqual([undefined, '2', '4']);
  });

  it('awaits to the first page, with the envelope fields', async () => {
    fake().seed.payout();
    const page = await client().getList('/payouts', { pagination: 'cursor' });
    expect(page.data).toHaveLength(1);
    expect(page.has_more).toBe(false);
    expect(page.hasNextPage()).toBe(false);
  });

  it('keeps the paging guards: has_more without next_cursor rejects', async () => {
    const { chainbill } = scripted(json(200, envelope([{ id: 1 }], null, true)));
    const error = await chainbill
      .getList('/things', { pagination: 'cursor' })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('checks the envelope but not the items', async () => {
    const { chainbill } = scripted(json(200, { data: 'nope', has_more: false }));
    await expect(chainbill.getList('/things', { pagination: 'cursor' })).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
    const { chainbill: other } = scripted(json(200, envelope([1, 'two', null])));
    expect((await other.getList('/things', { pagination: 'offset' })).data).toEqual([1, 'two', null]);
  });

  it('refuses an unknown pagination before sending', async () => {
    await refusedBeforeSending(client().getList('/payouts', { pagination: 'page' as never }), 'pagination');
  });
});

describe('what is refused before sending', () => {
  it.each([
    ['no leading slash', 'payouts'],
    ['an empty path', ''],
    ['a scheme', 'https://evil.example/x'],
    ['a host', '//evil.example/x'],
    ['a .. segment', '/payouts/../admin'],
    ['a trailing .. segment', '/payouts/..'],
    ['a . segment', '/./payouts'],
    ['an encoded .. segment', '/payouts/%2e%2e/admin'],
    ['a mixed-encoded .. segment', '/payouts/.%2E/admin'],
    ['an encoded slash', '/payouts/..%2F..%2Fadmin'],
    ['a query', '/payouts?status=draft'],
    ['a fragment', '/payouts#x'],
    ['a backslash', '/payouts\\..\\admin'],
    ['a space', '/payouts/po 1'],
    ['a line break', '/payouts/po_1\r\nX-Injected: 1'],
    ['a control character', '/payouts/po_\u0000'],
    ['a lone surrogate', '/payouts/po_\ud800'],
    ['a stray %', '/payouts/100%'],
    ['bytes that are not UTF-8', '/payouts/%ff'],
    ['a Tomcat path parameter climbing out', '/payouts/..;/admin'],
    ['a ; anywhere', '/payouts;jsessionid=1'],
    ['an encoded ;', '/payouts/..%3B/admin'],
    ['an encoded ;, lower-case hex', '/payouts/..%3b/admin'],
    ['an encoded NUL', '/payouts/po_1%00'],
    ['encoded CR/LF', '/payouts/po_1%0d%0aX-Injected:%201'],
    ['encoded CR/LF, upper-case hex', '/payouts/po_1%0D%0A'],
    ['an encoded unit separator', '/payouts/%1F'],
    ['an encoded tab', '/payouts/%09'],
    ['an encoded DEL', '/payouts/%7f'],
    ['an encoded DEL, upper-case hex', '/payouts/%7F'],
    ['an encoded C1 control', '/payouts/%C2%85'],
  ])('%s', async (_, bad) => {
    await refusedBeforeSending(client().get(bad), 'path');
    await refusedBeforeSending(client().post(bad, { body: {} }), 'path');
    await refusedBeforeSending(client().getList(bad, { pagination: 'cursor' }), 'path');
  });

  it('the message names `;` and encoded control characters, without quoting the path', async () => {
    const error = await client()
      .get('/payouts/..;/sk_test_secretvalue%0d%0a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('`;`');
    expect((error as Error).message).toContain('`%0d%0a`');
    expect((error as Error).message).not.toContain('sk_test_secretvalue');
  });

  it('still sends encoded characters that are not controls: a space, a letter beyond ASCII', async () => {
    const { chainbill, seen } = scripted(json(200, { ok: true }));
    await chainbill.get(path`/things/${'a b ü'}`);
    expect(seen[0]?.url.pathname).toBe('/v1/things/a%20b%20%C3%BC');
  });

  it('a path that is not a string', async () => {
    await refusedBeforeSending(client().delete(42 as never), 'path');
  });

  it.each([
    ['an object value', { a: { b: 1 } }],
    ['null', { a: null }],
    ['NaN', { a: Number.NaN }],
    ['a bigint', { a: 1n }],
    ['an array as the query', ['a']],
  ])('a query holding %s', async (_, query) => {
    await refusedBeforeSending(client().get('/payouts', { query: query as never }), 'query');
  });

  it.each([
    ['a bigint', { amount: 1n }],
    ['a function', () => 1],
    [
      'a cycle',
      (() => {
        const cycle: Record<string, unknown> = {};
        cycle['self'] = cycle;
        return cycle;
      })(),
    ],
  ])('a body holding %s', async (_, body) => {
    await refusedBeforeSending(client().post('/payouts', { body }), 'body');
  });

  it('a body on a GET', async () => {
    await refusedBeforeSending(client().get('/payouts', { body: {} } as never), 'body');
  });

  it('names the problem without quoting the path', async () => {
    const error = await client()
      .get('/payouts/../sk_test_secretvalue')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('`..`');
    expect((error as Error).message).not.toContain('sk_test_secretvalue');
  });
});

describe('the path tag', () => {
  it('percent-encodes each value, not the literal parts', () => {
    expect(path`/payouts/${'po_1'}`).toBe('/payouts/po_1');
    expect(path`/a/${'x y?#&'}/b/${42}`).toBe('/a/x%20y%3F%23%26/b/42');
  });

  it('turns a value that would add a segment into one the raw calls refuse', async () => {
    expect(path`/payouts/${'../admin'}`).toBe('/payouts/..%2Fadmin');
    await refusedBeforeSending(client().get(path`/payouts/${'../admin'}`), 'path');
    await refusedBeforeSending(client().get(path`/payouts/${'..'}`), 'path');
    await refusedBeforeSending(client().get(path`/payouts/${'po_\ud800'}`), 'path');
  });
});
