import {
  BadRequestError,
  ConflictError,
  type Entitlement,
  NotFoundError,
  RequestValidationError,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client, raw, refusedBeforeSending } = useFakeApi();

type Value = boolean | number | string;

/** Creates an entitlement through the SDK; the value's JS type picks `value_type`. */
function entitle(plan_id: string, feature_key: string, value: Value): Promise<Entitlement> {
  return client().entitlements.create(
    typeof value === 'boolean'
      ? { plan_id, feature_key, value_type: 'boolean', value_boolean: value }
      : typeof value === 'number'
        ? { plan_id, feature_key, value_type: 'numeric', value_numeric: value }
        : { plan_id, feature_key, value_type: 'string', value_string: value },
  );
}

const plan = (): string => fake().seed.plan().id;

describe('entitlements.create', () => {
  it('create: only required params', async () => {
    const plan_id = plan();
    const params = {
      plan_id,
      feature_key: 'api_access',
      value_type: 'boolean',
      value_boolean: true,
    } as const;
    const entitlement = await client().entitlements.create(params);
    expect(entitlement).toMatchObject({
      ...params,
      value_numeric: null,
      value_string: null,
      org_id: 'org_fake',
      environment: 'sandbox',
    });
    expect(entitlement.id).toMatch(/^ent_/);
    expect(fake().requests[0]).toMatchObject({
      method: 'POST',
      path: '/subscriptions/entitlements',
      body: params,
      status: 201,
    });
  });

  it('create: all params', async () => {
    const plan_id = plan();
    const params = {
      plan_id,
      feature_key: 'seats',
      value_type: 'numeric',
      value_boolean: null,
      value_numeric: 25,
      value_string: 'ignored',
    } as const;
    const entitlement = await client().entitlements.create(params);
    // The matching field is the one used; the fake stores the others as null.
    expect(entitlement).toMatchObject({ value_type: 'numeric', value_numeric: 25, value_string: null });
    expect(fake().requests[0]?.body).toEqual(params);
  });

  it.each([
    ['value_boolean', { value_type: 'boolean' }, 'is required when value_type is boolean'],
    [
      'value_numeric',
      { value_type: 'numeric', value_numeric: null },
      'is required when value_type is numeric',
    ],
    ['value_string', { value_type: 'string', value_boolean: true }, 'is required when value_type is string'],
    ['value_type', { value_type: 'json', value_string: 'x' }, 'must be one of'],
    ['feature_key', { value_type: 'boolean', value_boolean: true, feature_key: 'k'.repeat(257) }, '256'],
    ['feature_key', { value_type: 'boolean', value_boolean: true, feature_key: '' }, 'at least 1'],
    ['plan_id', { value_type: 'boolean', value_boolean: true, plan_id: 'pm_1' }, 'plan_'],
    ['value_numeric', { value_type: 'numeric', value_numeric: '5' }, 'must be a number'],
  ])('create: rejects a bad %s before sending', async (param, patch, message) => {
    const error = await failure(
      client().entitlements.create({ plan_id: 'plan_1', feature_key: 'k', ...patch } as never),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).param).toBe(param);
    expect((error as RequestValidationError).message).toContain(message);
    expect(fake().requests).toHaveLength(0);
  });

  it('create: false and 0 are values, not missing ones', async () => {
    const plan_id = plan();
    const off = await entitle(plan_id, 'beta', false);
    const none = await entitle(plan_id, 'extra_seats', 0);
    expect(off.value_boolean).toBe(false);
    expect(none.value_numeric).toBe(0);
  });

  it('create: an unknown plan is a NotFoundError naming plan_id', async () => {
    const error = await failure(
      client().entitlements.create({
        plan_id: 'plan_missing',
        feature_key: 'k',
        value_type: 'string',
        value_string: 'x',
      }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'resource_missing', param: 'plan_id' });
  });

  it('create: a feature_key the plan already has is a ConflictError', async () => {
    const plan_id = plan();
    const params = { plan_id, feature_key: 'seats', value_type: 'numeric', value_numeric: 5 } as const;
    await client().entitlements.create(params);
    const error = await failure(client().entitlements.create({ ...params, value_numeric: 10 }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'invalid_state', param: 'feature_key' });
    const other = await client().entitlements.create({ ...params, plan_id: plan() });
    expect(other.feature_key).toBe('seats');
  });
});

describe('entitlements.list', () => {
  it('list: only required params', async () => {
    const plan_id = plan();
    const a = await entitle(plan_id, 'a', true);
    const b = await entitle(plan_id, 'b', 'x');
    const page = await client().entitlements.list({ plan_id });
    expect(page.data.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(fake().requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/subscriptions/entitlements',
      query: { plan_id },
    });
  });

  it('list: all params', async () => {
    const [first, second] = [plan(), plan()];
    await entitle(first, 'a', 1);
    const other = await entitle(second, 'a', 2);
    const page = await client().entitlements.list({ plan_id: second });
    expect(page.data.map((e) => e.id)).toEqual([other.id]);
    expect(fake().requests.at(-1)?.query).toEqual({ plan_id: second });
  });

  it.each([
    [{ plan_id: '' }, 'plan_id'],
    [{ plan_id: 'ent_1' }, 'plan_id'],
    [{ plan_id: 'plan_1', limit: 5 }, 'limit'],
  ])('list: rejects %j before sending', async (params, param) => {
    await refusedBeforeSending(client().entitlements.list(params as never), param);
  });

  it('list: an unknown plan is a NotFoundError', async () => {
    const error = await failure(client().entitlements.list({ plan_id: 'plan_missing' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ param: 'plan_id' });
  });

  it('list: follows next_cursor across pages (the fake pages by 25)', async () => {
    const plan_id = plan();
    for (let i = 0; i < 26; i++) await entitle(plan_id, `f${i}`, i);
    const keys: string[] = [];
    for await (const entitlement of client().entitlements.list({ plan_id }))
      keys.push(entitlement.feature_key);
    expect(keys).toHaveLength(26);
    expect(keys[0]).toBe('f25');
    expect(new Set(keys).size).toBe(26);
    expect(fake().requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });
});

describe('entitlements.update', () => {
  const existing = (): Promise<Entitlement> => entitle(plan(), 'seats', 5);

  it('update: only required params', async () => {
    const entitlement = await existing();
    const updated = await client().entitlements.update(entitlement.id);
    expect(updated).toMatchObject({ id: entitlement.id, value_type: 'numeric', value_numeric: 5 });
    expect(fake().requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/entitlements/${entitlement.id}`,
      body: {},
    });
  });

  it('update: all params', async () => {
    const entitlement = await existing();
    const params = {
      value_type: 'string',
      value_boolean: null,
      value_numeric: null,
      value_string: 'unlimited',
    } as const;
    const updated = await client().entitlements.update(entitlement.id, params);
    expect(updated).toMatchObject({ ...params, feature_key: 'seats' });
    expect(fake().requests.at(-1)?.body).toEqual(params);
  });

  it('update: a new value of the same type', async () => {
    const entitlement = await existing();
    const updated = await client().entitlements.update(entitlement.id, { value_numeric: 50 });
    expect(updated.value_numeric).toBe(50);
  });

  it.each([
    ['value_type', 'ent_1', { value_type: 'json' }],
    ['value_boolean', 'ent_1', { value_boolean: 'yes' }],
    ['feature_key', 'ent_1', { feature_key: 'renamed' }],
  ])('update: rejects a bad %s before sending', async (param, id, params) => {
    await refusedBeforeSending(client().entitlements.update(id, params as never), param);
  });

  it('update: an unknown id is a NotFoundError', async () => {
    const error = await failure(client().entitlements.update('ent_missing', { value_numeric: 1 }));
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('update: a new value_type without its value field is a BadRequestError naming it', async () => {
    const entitlement = await existing();
    const error = await failure(client().entitlements.update(entitlement.id, { value_type: 'boolean' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'value_boolean' });
  });
});

describe('entitlements.delete', () => {
  it('delete: only required params', async () => {
    const plan_id = plan();
    const entitlement = await entitle(plan_id, 'k', true);
    await expect(client().entitlements.delete(entitlement.id)).resolves.toEqual({
      id: entitlement.id,
      deleted: true,
    });
    expect(fake().requests.at(-1)).toMatchObject({ method: 'DELETE', status: 200 });
    expect(fake().requests.at(-1)?.idempotencyKey).toEqual(expect.any(String));
    expect((await client().entitlements.list({ plan_id })).data).toEqual([]);
  });

  it('delete: all params (options)', async () => {
    const entitlement = await entitle(plan(), 'k', 'v');
    const result = await client().entitlements.delete(entitlement.id, { idempotencyKey: 'del-1' });
    expect(result).toEqual({ id: entitlement.id, deleted: true });
    expect(fake().requests.at(-1)?.idempotencyKey).toBe('del-1');
  });

  it('delete: a second delete is a NotFoundError', async () => {
    const entitlement = await entitle(plan(), 'k', true);
    await client().entitlements.delete(entitlement.id);
    const error = await failure(client().entitlements.delete(entitlement.id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'resource_missing' });
  });
});

describe('the fake: entitlement rules', () => {
  it('the value field must match value_type: 400 naming the field', async () => {
    const { status, json } = await raw('POST', '/subscriptions/entitlements', {
      plan_id: plan(),
      feature_key: 'k',
      value_type: 'numeric',
      value_string: '5',
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: 'parameter_missing', param: 'value_numeric' } });
  });

  it('feature_key is at most 256 characters', async () => {
    const body = { plan_id: plan(), value_type: 'boolean', value_boolean: true };
    const create = (feature_key: string) =>
      raw('POST', '/subscriptions/entitlements', { ...body, feature_key });
    const long = await create('k'.repeat(257));
    expect(long.json).toMatchObject({ error: { code: 'parameter_invalid', param: 'feature_key' } });
    expect((await create('k'.repeat(256))).status).toBe(201);
  });

  it('list without plan_id is 400 parameter_missing', async () => {
    const { status, json } = await raw('GET', '/subscriptions/entitlements');
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: 'parameter_missing', param: 'plan_id' } });
  });

  it('delete answers 200 with { id, deleted: true }', async () => {
    const { id } = await entitle(plan(), 'k', false);
    expect(await raw('DELETE', `/subscriptions/entitlements/${id}`)).toEqual({
      status: 200,
      json: { id, deleted: true },
    });
  });

  it('entitlements of another environment are apart', async () => {
    const plan_id = plan();
    await entitle(plan_id, 'k', true);
    const error = await failure(client({ apiKey: fake().liveApiKey }).entitlements.list({ plan_id }));
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
