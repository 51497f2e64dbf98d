import { RequestValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

describe('customers.create', () => {
  it('create: only required params', async () => {
    const customer = await client().customers.create({ email: 'ada@example.com' });
    expect(customer).toMatchObject({
      email: 'ada@example.com',
      name: null,
      external_id: null,
      metadata: {},
      org_id: 'org_fake',
      environment: 'sandbox',
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(fake().requests[0]).toMatchObject({
      method: 'POST',
      path: '/customers',
      body: { email: 'ada@example.com' },
      status: 201,
    });
  });

  it('create: all params', async () => {
    const params = {
      email: 'grace@example.com',
      name: 'Grace Hopper',
      external_id: 'user_42',
      metadata: { tier: 'pro', seats: 3 },
    };
    const customer = await client().customers.create(params);
    expect(customer).toMatchObject(params);
    expect(fake().requests[0]?.body).toEqual(params);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'must be a valid email'],
    ['name', { name: 'x'.repeat(257) }, 'must be at most 256 characters'],
    ['external_id', { external_id: 'x'.repeat(257) }, 'must be at most 256 characters'],
    ['metadata', { metadata: 'tier=pro' }, 'must be'],
    ['phone', { phone: '+1 555' }, 'unknown parameter `phone`'],
  ])('create: rejects a bad %s before sending', async (param, patch, message) => {
    const error = await failure(client().customers.create({ email: 'ada@example.com', ...patch } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param });
    expect((error as RequestValidationError).message).toContain(message);
    expect(fake().requests).toHaveLength(0);
  });

  /** `metadata` that `JSON.stringify` would throw on, drop or change: none of it may be sent. */
  const notJson = (): [string, unknown, string][] => {
    let deep: Record<string, unknown> = {};
    const deepRoot = deep;
    for (let level = 0; level < 5_000; level++) deep = deep['next'] = {};
    const cycle: Record<string, unknown> = { tier: 'pro' };
    cycle['self'] = cycle;
    const shared: Record<string, unknown> = { leaf: 1 };
    let wide = shared;
    for (let level = 0; level < 30; level++) wide = { a: wide, b: wide };
    const getter = Object.defineProperty({}, 'tier', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    return [
      ['nested 5 000 levels', deepRoot, 'nests deeper than 32 levels'],
      ['a cycle', cycle, 'or holds a cycle'],
      ['one object shared 2^30 times', wide, 'holds more than 100000 values'],
      ['a bigint', { seats: 3n }, 'holds a bigint at seats'],
      ['a function', { tier: () => 'pro' }, 'holds a function at tier'],
      ['undefined in an array', { tags: ['a', undefined] }, 'holds undefined at tags.1'],
      ['NaN', { seats: Number.NaN }, 'holds NaN at seats'],
      ['a Date', { since: new Date('2026-01-01T00:00:00Z') }, 'not plain data at since'],
      ['a Map', { tags: new Map() }, 'not plain data at tags'],
      ['a getter that throws', getter, 'cannot be read: reading it threw'],
      // JSON.parse makes an own key `__proto__`: a copy would drop it, so it is refused, named.
      [
        'a key named __proto__',
        JSON.parse('{"__proto__": {"tier": "gold"}, "seats": 3}'),
        'key named __proto__',
      ],
      ['a nested __proto__', JSON.parse('{"plan": {"__proto__": 1}}'), 'key named __proto__ at plan'],
    ];
  };

  it.each(notJson())(
    'create: metadata holding %s is refused before sending',
    async (what, metadata, message) => {
      const error = await failure(client().customers.create({ email: 'ada@example.com', metadata } as never));
      expect(error).toBeInstanceOf(RequestValidationError);
      // A getter runs as the record is read, before the metadata's own check: the params cannot be read.
      expect(error).toMatchObject({ param: what === 'a getter that throws' ? 'params' : 'metadata' });
      expect((error as RequestValidationError).message).toContain(message);
      expect(fake().requests).toHaveLength(0);
    },
  );

  it('create: metadata of plain JSON data, nested and without a prototype, is sent as given', async () => {
    const metadata = Object.assign(Object.create(null) as Record<string, unknown>, {
      tier: 'pro',
      limits: { seats: 3, regions: ['eu', 'us'], trial: null, beta: false },
    });
    await client().customers.create({ email: 'ada@example.com', metadata });
    expect(fake().requests[0]?.body).toEqual({ email: 'ada@example.com', metadata: { ...metadata } });
  });

  it('fake: rejects an email that is not one, and a too-long name', async () => {
    const raw = (body: unknown) =>
      fake().fetch(`${fake().baseUrl}/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake().apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const badEmail = await raw({ email: 'nobody' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'email' } });
    const longName = await raw({ email: 'a@b.co', name: 'x'.repeat(257) });
    expect(await longName.json()).toMatchObject({ error: { param: 'name' } });
    const noEmail = await raw({ name: 'Ada' });
    expect(await noEmail.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'email' } });
    const badMetadata = await raw({ email: 'a@b.co', metadata: [1] });
    expect(await badMetadata.json()).toMatchObject({ error: { param: 'metadata' } });
  });
});

describe('customers.list', () => {
  it('list: only required params', async () => {
    const first = fake().seed.customer({ email: 'first@example.com' });
    const second = fake().seed.customer({ email: 'second@example.com' });
    const page = await client().customers.list();
    expect(page.data.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(fake().requests[0]?.query).toEqual({ offset: '0' });
  });

  it('list: all params', async () => {
    const ids = Array.from({ length: 5 }, () => fake().seed.customer().id).reverse();
    const page = await client().customers.list({ offset: 1, limit: 2 });
    expect(page.data.map((c) => c.id)).toEqual(ids.slice(1, 3));
    expect(page.has_more).toBe(true);
    expect(fake().requests[0]?.query).toEqual({ offset: '1', limit: '2' });
  });

  it('list: walks offset pages with for await, every customer once', async () => {
    const ids = Array.from({ length: 60 }, () => fake().seed.customer().id).reverse();
    const seen: string[] = [];
    for await (const customer of client().customers.list({ limit: 25 })) seen.push(customer.id);
    expect(seen).toEqual(ids);
    expect(new Set(seen).size).toBe(60);
    expect(fake().requests.map((r) => r.query['offset'])).toEqual(['0', '25', '50']);
    expect(fake().requests.every((r) => r.query['limit'] === '25')).toBe(true);
  });

  it.each([
    ['offset', { offset: -1 }],
    ['offset', { offset: 1.5 }],
    ['limit', { limit: 101 }],
    ['cursor', { cursor: 'abc' }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    await refusedBeforeSending(client().customers.list(params as never), param);
  });

  it('fake: a negative offset is a 400 naming it', async () => {
    const response = await fake().fetch(`${fake().baseUrl}/customers?offset=-5`, {
      headers: { authorization: `Bearer ${fake().apiKey}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param: 'offset' } });
  });

  it('fake: customers of another organization or environment are not listed', async () => {
    fake().seed.customer({ email: 'live@example.com' }, { apiKey: fake().liveApiKey });
    fake().seed.customer(
      { email: 'other@example.com' },
      { apiKey: fake().createApiKey({ orgId: 'org_other' }) },
    );
    const page = await client().customers.list();
    expect(page.data).toHaveLength(0);
    const live = await client({ apiKey: fake().liveApiKey }).customers.list();
    expect(live.data.map((c) => c.email)).toEqual(['live@example.com']);
    expect(live.data[0]?.environment).toBe('live');
  });
});
