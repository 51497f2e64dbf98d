import { ResponseValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

const wirePlan = {
  id: 'plan_1',
  org_id: 'org_1',
  name: 'Pro',
  description: 'Everything',
  amount: 49,
  currency: 'USD',
  interval_count: 1,
  trial_days: 14,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('plans.list', () => {
  it('list: only required params', async () => {
    const basic = fake().seed.plan({ name: 'Basic', amount: 9, trial_days: 7 });
    const pro = fake().seed.plan();
    const page = await client().plans.list();
    expect(page.data.map((p) => p.id)).toEqual([pro.id, basic.id]);
    expect(page.data[0]).toEqual({
      id: pro.id,
      org_id: 'org_fake',
      name: 'Pro',
      description: '',
      amount: 10,
      currency: 'USD',
      interval_count: 1,
      trial_days: 0,
      status: 'active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(page.data[1]).toMatchObject({ name: 'Basic', amount: 9, trial_days: 7 });
    expect(page.has_more).toBe(false);
    expect(fake().requests[0]).toMatchObject({ method: 'GET', path: '/subscriptions/plans', query: {} });
  });

  it('list: all params', async () => {
    fake().seed.plan({ name: 'Current' });
    const archived = fake().seed.plan({ name: 'Legacy', status: 'archived' });
    const page = await client().plans.list({ status: 'archived' });
    expect(page.data.map((p) => p.id)).toEqual([archived.id]);
    expect(page.data[0]?.status).toBe('archived');
    expect(fake().requests[0]?.query).toEqual({ status: 'archived' });
  });

  it('list: the status filter keeps active plans apart from archived ones', async () => {
    const active = fake().seed.plan();
    fake().seed.plan({ status: 'archived' });
    const page = await client().plans.list({ status: 'active' });
    expect(page.data.map((p) => p.id)).toEqual([active.id]);
  });

  it.each([
    ['status', { status: 'deleted' }],
    ['cursor', { cursor: 'abc' }],
    ['limit', { limit: 5 }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    await refusedBeforeSending(client().plans.list(params as never), param);
  });

  it('list: follows next_cursor across pages (the fake pages by 25)', async () => {
    const ids = Array.from({ length: 27 }, (_, i) => fake().seed.plan({ name: `Plan ${i}` }).id);
    const all = await client().plans.list().toArray();
    expect(all.map((p) => p.id)).toEqual([...ids].reverse());
    expect(fake().requests.map((r) => r.query['cursor'] === undefined)).toEqual([true, false]);
  });

  it('list: plans of another organization are not listed', async () => {
    const otherKey = fake().createApiKey({ orgId: 'org_other' });
    fake().seed.plan({}, { apiKey: otherKey });
    const page = await client().plans.list();
    expect(page.data).toEqual([]);
  });

  it('list: a plan without a status field parses (the spec does not show one)', async () => {
    const page = await client({
      fetch: async () => Response.json({ data: [wirePlan], has_more: false, next_cursor: null }),
    }).plans.list();
    expect(page.data[0]).toEqual(wirePlan);
    expect(page.data[0]?.status).toBeUndefined();
  });

  it('list: a plan missing a table field is a ResponseValidationError', async () => {
    const { trial_days: _, ...broken } = wirePlan;
    const error = await failure(
      client({
        fetch: async () => Response.json({ data: [broken], has_more: false, next_cursor: null }),
      }).plans.list(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['data', 0, 'trial_days']);
  });

  it('list: a status the SDK does not know yet parses (open enum)', async () => {
    const page = await client({
      fetch: async () =>
        Response.json({ data: [{ ...wirePlan, status: 'retired' }], has_more: false, next_cursor: null }),
    }).plans.list();
    expect(page.data[0]?.status).toBe('retired');
  });
});

describe('the fake: plans', () => {
  it('rejects a bad status filter with 400', async () => {
    const response = await fake().fetch(`${fake().baseUrl}/subscriptions/plans?status=deleted`, {
      headers: { Authorization: `Bearer ${fake().apiKey}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'status' } });
  });

  it('rejects limit, which the spec does not list for plans', async () => {
    const response = await fake().fetch(`${fake().baseUrl}/subscriptions/plans?limit=5`, {
      headers: { Authorization: `Bearer ${fake().apiKey}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param: 'limit' } });
  });

  it('seed.plan refuses a status outside active and archived', () => {
    expect(() => fake().seed.plan({ status: 'draft' as never })).toThrow(/status/);
  });
});
