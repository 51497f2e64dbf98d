import { BadRequestError, ConflictError, NotFoundError, RequestValidationError } from 'chainbill';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client, refusedBeforeSending } = useFakeApi();
const now = '2026-03-01T12:00:00.000Z';

beforeEach(() => fake().clock.set(now));

describe('paymentLinks.create', () => {
  it('create: only required params', async () => {
    const method = fake().seed.paymentMethod();
    const link = await client().paymentLinks.create({ amount_usd: 49.9, payment_method_id: method.id });
    expect(link).toMatchObject({
      amount_usd: 49.9,
      payment_method_id: method.id,
      description: null,
      expires_at: null,
      org_id: 'org_fake',
      environment: 'sandbox',
      created_at: now,
    });
    expect(link.id).toMatch(/^pl_/);
    expect(link.url).toBe(`https://pay.chainbill.test/l/${link.id}`);
    expect(fake().requests[0]).toMatchObject({
      method: 'POST',
      path: '/payment-links',
      status: 201,
      body: { amount_usd: 49.9, payment_method_id: method.id },
    });
  });

  it('create: all params', async () => {
    const method = fake().seed.paymentMethod();
    const params = {
      amount_usd: 0.01,
      payment_method_id: method.id,
      description: 'Workshop ticket',
      expires_in_seconds: 300,
    };
    const link = await client().paymentLinks.create(params);
    expect(link).toMatchObject({
      amount_usd: 0.01,
      description: 'Workshop ticket',
      expires_at: '2026-03-01T12:05:00.000Z',
    });
    expect(fake().requests[0]?.body).toEqual(params);
  });

  it.each([
    ['amount_usd', { amount_usd: 0.009 }, 'must be at least 0.01'],
    ['amount_usd', { amount_usd: '10' }, 'must be a number'],
    ['payment_method_id', { payment_method_id: 'wallet_1' }, 'starting with `pm_`'],
    ['description', { description: 'x'.repeat(513) }, 'must be at most 512 characters'],
    ['expires_in_seconds', { expires_in_seconds: 299 }, 'must be at least 300'],
    ['expires_in_seconds', { expires_in_seconds: 300.5 }, 'must be an integer'],
    ['currency', { currency: 'USD' }, 'unknown parameter `currency`'],
  ])('create: rejects a bad %s before sending', async (param, patch, message) => {
    const error = await failure(
      client().paymentLinks.create({ amount_usd: 10, payment_method_id: 'pm_1', ...patch } as never),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param });
    expect((error as RequestValidationError).message).toContain(message);
    expect(fake().requests).toHaveLength(0);
  });

  it('create: an unknown payment method is a NotFoundError naming it', async () => {
    const error = await failure(
      client().paymentLinks.create({ amount_usd: 10, payment_method_id: 'pm_missing' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'resource_missing', param: 'payment_method_id' });
  });

  it('create: a disabled payment method is a ConflictError', async () => {
    const method = fake().seed.paymentMethod({ status: 'disabled' });
    const error = await failure(
      client().paymentLinks.create({ amount_usd: 10, payment_method_id: method.id }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: 'invalid_state', param: 'payment_method_id' });
  });

  it("create: an amount outside the payment method's limits is a BadRequestError", async () => {
    const method = fake().seed.paymentMethod({ min_amount_usd: 5, max_amount_usd: 100 });
    const chainbill = client();
    for (const amount_usd of [4.99, 100.01]) {
      const error = await failure(
        chainbill.paymentLinks.create({ amount_usd, payment_method_id: method.id }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ code: 'parameter_invalid', param: 'amount_usd' });
    }
    const inside = await chainbill.paymentLinks.create({ amount_usd: 100, payment_method_id: method.id });
    expect(inside.amount_usd).toBe(100);
  });

  it('create: a payment method of another environment is not found', async () => {
    const live = fake().seed.paymentMethod({}, { apiKey: fake().liveApiKey });
    const error = await failure(client().paymentLinks.create({ amount_usd: 10, payment_method_id: live.id }));
    expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe('paymentLinks.list', () => {
  async function createLinks(count: number): Promise<string[]> {
    const method = fake().seed.paymentMethod();
    const chainbill = client();
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await chainbill.paymentLinks.create({ amount_usd: i + 1, payment_method_id: method.id })).id);
    fake().requests.length = 0;
    return ids.reverse();
  }

  it('list: only required params', async () => {
    const ids = await createLinks(2);
    const page = await client().paymentLinks.list();
    expect(page.data.map((l) => l.id)).toEqual(ids);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(fake().requests[0]).toMatchObject({ method: 'GET', path: '/payment-links', query: {} });
  });

  it('list: all params', async () => {
    const ids = await createLinks(5);
    const first = await client().paymentLinks.list({ limit: 2 });
    expect(first.data.map((l) => l.id)).toEqual(ids.slice(0, 2));
    const cursor = first.next_cursor ?? '';
    const second = await client().paymentLinks.list({ limit: 2, cursor });
    expect(second.data.map((l) => l.id)).toEqual(ids.slice(2, 4));
    expect(fake().requests[1]?.query).toEqual({ limit: '2', cursor });
    const all: string[] = [];
    for await (const link of client().paymentLinks.list({ limit: 2 })) all.push(link.id);
    expect(all).toEqual(ids);
  });

  it.each([
    ['limit', { limit: 101 }],
    ['cursor', { cursor: 42 }],
    ['offset', { offset: 0 }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    await refusedBeforeSending(client().paymentLinks.list(params as never), param);
  });
});
