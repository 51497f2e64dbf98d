import { BadRequestError, NotFoundError, RequestValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client, raw, refusedBeforeSending } = useFakeApi();

describe('paymentMethods.list', () => {
  it('list: only required params', async () => {
    const first = fake().seed.paymentMethod();
    const second = fake().seed.paymentMethod({ chain: 'base', token: 'USDC', display_name: 'Base USDC' });
    const page = await client().paymentMethods.list();
    expect(page.data.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(page.data[1]).toMatchObject({
      chain: 'tron',
      token: 'USDT',
      status: 'active',
      is_default: true,
      required_confirmations: 20,
      min_amount_usd: null,
      max_amount_usd: null,
      environment: 'sandbox',
      org_id: 'org_fake',
    });
    expect(page.data[0]).toMatchObject({ display_name: 'Base USDC', is_default: false });
    expect(fake().requests[0]).toMatchObject({ method: 'GET', path: '/payment-methods', query: {} });
  });

  it('list: all params', async () => {
    fake().seed.paymentMethod();
    const disabled = fake().seed.paymentMethod({ status: 'disabled' });
    const page = await client().paymentMethods.list({ status: 'disabled' });
    expect(page.data.map((m) => m.id)).toEqual([disabled.id]);
    expect(fake().requests[0]?.query).toEqual({ status: 'disabled' });
  });

  it.each([
    ['status', { status: 'enabled' }],
    ['limit', { limit: 10 }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    await refusedBeforeSending(client().paymentMethods.list(params as never), param);
  });

  it('list: follows next_cursor when the server pages (the fake pages by 25) and sends no limit', async () => {
    const ids = Array.from({ length: 30 }, () => fake().seed.paymentMethod().id);
    const seen: string[] = [];
    for await (const method of client().paymentMethods.list({ status: 'active' })) seen.push(method.id);
    expect(seen).toEqual([...ids].reverse());
    expect(fake().requests).toHaveLength(2);
    expect(fake().requests[0]?.query).toEqual({ status: 'active' });
    expect(fake().requests[1]?.query).toMatchObject({ status: 'active', cursor: expect.any(String) });
  });

  it('list: keys of another environment see other payment methods', async () => {
    fake().seed.paymentMethod();
    const live = fake().seed.paymentMethod({}, { apiKey: fake().liveApiKey });
    const page = await client({ apiKey: fake().liveApiKey }).paymentMethods.list();
    expect(page.data.map((m) => m.id)).toEqual([live.id]);
    expect(page.data[0]).toMatchObject({ environment: 'live', is_default: true });
  });
});

describe('paymentMethods.update', () => {
  it('update: only required params', async () => {
    const method = fake().seed.paymentMethod({ display_name: 'Tron' });
    const updated = await client().paymentMethods.update(method.id);
    expect(updated).toMatchObject({ id: method.id, display_name: 'Tron', required_confirmations: 20 });
    expect(fake().requests[0]).toMatchObject({
      method: 'PATCH',
      path: `/payment-methods/${method.id}`,
      body: {},
    });
  });

  it('update: all params', async () => {
    fake().seed.paymentMethod();
    const method = fake().seed.paymentMethod();
    const params = {
      display_name: 'Main USDT',
      required_confirmations: 5,
      min_amount_usd: 1.5,
      max_amount_usd: 5000,
      is_default: true,
    };
    const updated = await client().paymentMethods.update(method.id, params);
    expect(updated).toMatchObject({ id: method.id, ...params });
    expect(fake().requests[0]?.body).toEqual(params);
    expect(fake().requests[0]?.idempotencyKey).toEqual(expect.any(String));
  });

  it('update: null clears the display name and the limits', async () => {
    const method = fake().seed.paymentMethod({ display_name: 'x', min_amount_usd: 1, max_amount_usd: 2 });
    const updated = await client().paymentMethods.update(method.id, {
      display_name: null,
      min_amount_usd: null,
      max_amount_usd: null,
    });
    expect(updated).toMatchObject({ display_name: null, min_amount_usd: null, max_amount_usd: null });
  });

  it.each([
    ['display_name', { display_name: 'x'.repeat(257) }, 'must be at most 256 characters'],
    ['required_confirmations', { required_confirmations: 0 }, 'must be at least 1'],
    ['required_confirmations', { required_confirmations: 1.5 }, 'integer'],
    ['min_amount_usd', { min_amount_usd: '5' }, 'must be a number'],
    ['max_amount_usd', { max_amount_usd: false }, 'must be a number'],
    ['min_amount_usd', { min_amount_usd: 100, max_amount_usd: 10 }, 'must be at most max_amount_usd'],
    ['is_default', { is_default: 'yes' }, 'must be a boolean'],
    ['status', { status: 'disabled' }, 'unknown parameter `status`'],
  ])('update: rejects a bad %s before sending', async (param, params, message) => {
    const error = await failure(client().paymentMethods.update('pm_1', params as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).param).toBe(param);
    expect((error as RequestValidationError).message).toContain(message);
    expect(fake().requests).toHaveLength(0);
  });

  it('update: an unknown id is a NotFoundError', async () => {
    const error = await failure(client().paymentMethods.update('pm_missing', { display_name: 'x' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'resource_missing' });
  });
});

describe('the fake: payment method rules', () => {
  it('keeps one default: setting is_default unsets the previous default', async () => {
    const first = fake().seed.paymentMethod();
    const second = fake().seed.paymentMethod();
    expect(first.is_default).toBe(true);
    expect(second.is_default).toBe(false);
    await client().paymentMethods.update(second.id, { is_default: true });
    const page = await client().paymentMethods.list();
    const defaults = page.data.filter((m) => m.is_default).map((m) => m.id);
    expect(defaults).toEqual([second.id]);
  });

  it('a seed with is_default: true takes the default from the others', async () => {
    const first = fake().seed.paymentMethod();
    const second = fake().seed.paymentMethod({ is_default: true });
    const page = await client().paymentMethods.list();
    expect(page.data.find((m) => m.id === first.id)?.is_default).toBe(false);
    expect(page.data.find((m) => m.id === second.id)?.is_default).toBe(true);
  });

  it('allows is_default: false on the current default, leaving none', async () => {
    const method = fake().seed.paymentMethod();
    const updated = await client().paymentMethods.update(method.id, { is_default: false });
    expect(updated.is_default).toBe(false);
    const page = await client().paymentMethods.list();
    expect(page.data.some((m) => m.is_default)).toBe(false);
  });

  it('checks min <= max on the resulting record: 400 naming the limit the request sets', async () => {
    const method = fake().seed.paymentMethod({ min_amount_usd: 50 });
    const error = await failure(client().paymentMethods.update(method.id, { max_amount_usd: 10 }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'parameter_invalid', param: 'max_amount_usd' });
    const after = await client().paymentMethods.list();
    expect(after.data[0]?.max_amount_usd).toBeNull();
  });

  it('accepts min == max', async () => {
    const method = fake().seed.paymentMethod({ max_amount_usd: 20 });
    const updated = await client().paymentMethods.update(method.id, { min_amount_usd: 20 });
    expect(updated).toMatchObject({ min_amount_usd: 20, max_amount_usd: 20 });
  });

  it('rejects min > max in one request, past the SDK', async () => {
    const method = fake().seed.paymentMethod();
    const { status, json } = await raw('PATCH', `/payment-methods/${method.id}`, {
      min_amount_usd: 9,
      max_amount_usd: 3,
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: 'parameter_invalid', param: 'min_amount_usd' } });
  });

  it.each([
    ['display_name', { display_name: 'x'.repeat(257) }],
    ['required_confirmations', { required_confirmations: 0 }],
    ['required_confirmations', { required_confirmations: 2.5 }],
  ])('rejects a bad %s past the SDK with 400', async (param, body) => {
    const method = fake().seed.paymentMethod();
    const { status, json } = await raw('PATCH', `/payment-methods/${method.id}`, body);
    expect(status).toBe(400);
    expect(json).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_invalid', param },
    });
  });

  it('accepts a display_name of exactly 256 characters', async () => {
    const method = fake().seed.paymentMethod();
    const updated = await client().paymentMethods.update(method.id, { display_name: 'x'.repeat(256) });
    expect(updated.display_name).toHaveLength(256);
  });

  it('rejects a bad status filter past the SDK with 400', async () => {
    const { status, json } = await raw('GET', '/payment-methods?status=enabled');
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: 'parameter_invalid', param: 'status' } });
  });
});
