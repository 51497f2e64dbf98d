/**
 * Raw calls (`get`, `post`, `patch`, `delete`, `getList`): the escape hatch for routes the SDK has
 * no method for, through the same request path as every resource method (docs/raw-calls.md). The
 * paths they refuse, and the `path` tag, are in raw-paths.test.ts.
 */
import { APIError, Chainbill, ConflictError, NotFoundError, path, ResponseValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from './helpers.js';
import {
  apiError,
  envelope,
  json,
  payoutParams as payoutBody,
  scriptedFetch,
  testBaseUrl,
  testKey,
  uuidV4,
} from './scripted-fetch.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

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
    const error = await failure(client().get(path`/payouts/${payout.id}`));
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 405 });
    const missing = await failure(client().get('/no-such-route'));
    expect(missing).toBeInstanceOf(NotFoundError);
  });

  it('rejects with typed errors: a state the route refuses is a ConflictError', async () => {
    const payout = fake().seed.payout({ status: 'canceled' });
    const error = await failure(
      client().patch(path`/payouts/${payout.id}`, { body: { status: 'approved' } }),
    );
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('refuses a body over maxResponseBytes', async () => {
    const { chainbill } = scripted(json(200, { text: 'x'.repeat(100) }));
    const error = await failure(chainbill.get('/big', { maxResponseBytes: 50 }));
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
    const error = await failure(chainbill.getList('/things', { pagination: 'cursor' }).toArray());
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
