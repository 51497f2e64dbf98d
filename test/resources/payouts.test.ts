import {
  ConflictError,
  NotFoundError,
  type PayoutIntent,
  RequestValidationError,
  ResponseValidationError,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';
import { payoutParams as required } from '../scripted-fetch.js';

const { fake, client } = useFakeApi();

describe('payouts.create', () => {
  it('create: only required params', async () => {
    const payout = await client().payouts.create(required);
    expect(payout).toMatchObject({
      ...required,
      status: 'draft',
      amount_atomic: '125500000',
      environment: 'sandbox',
    });
    expect(payout.id).toMatch(/^po_/);
    expect(fake().requests[0]).toMatchObject({ method: 'POST', path: '/payouts', body: required });
  });

  it('create: all params', async () => {
    const payout = await client().payouts.create({
      ...required,
      description: 'Affiliate fees',
      reference_type: 'invoice',
      reference_id: 'inv_1',
      due_date: new Date('2026-12-01T00:00:00Z'),
    });
    expect(payout).toMatchObject({
      description: 'Affiliate fees',
      reference_type: 'invoice',
      reference_id: 'inv_1',
      due_date: '2026-12-01T00:00:00.000Z',
    });
    expect(fake().requests[0]?.body).toMatchObject({ due_date: '2026-12-01T00:00:00.000Z' });
  });

  it.each([
    ['amount', { amount: 0.001 }, 'must be at least 0.01'],
    ['chain', { chain: 'solana' }, 'must be one of "tron", "arbitrum", "base"'],
    ['description', { description: 'x'.repeat(513) }, 'must be at most 512 characters'],
    ['due_date', { due_date: 'next tuesday' }, ''],
    ['memo', { memo: 'typo' }, 'unknown parameter `memo`'],
  ])('create: rejects a bad %s before sending', async (param, patch, message) => {
    const error = await failure(client().payouts.create({ ...required, ...patch } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).param).toBe(param);
    expect((error as RequestValidationError).message).toContain(message);
    expect(fake().requests).toHaveLength(0);
  });

  it('create: withResponse gives the raw response and request id', async () => {
    const { data, response, requestId } = await client().payouts.create(required).withResponse();
    expect(data.status).toBe('draft');
    expect(response.status).toBe(201);
    expect(requestId).toMatch(/^req_/);
  });
});

describe('payouts.list', () => {
  it('list: only required params', async () => {
    fake().seed.payout({ amount: 1 });
    fake().seed.payout({ amount: 2 });
    const page = await client().payouts.list();
    expect(page.data.map((p) => p.amount)).toEqual([2, 1]);
    expect(page.has_more).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(fake().requests[0]?.query).toEqual({});
  });

  it('list: all params', async () => {
    fake().seed.payout({ status: 'approved', due_date: '2026-12-10T00:00:00.000Z' });
    fake().seed.payout({ status: 'approved', due_date: '2027-02-01T00:00:00.000Z' });
    fake().seed.payout({ status: 'draft', due_date: '2026-12-10T00:00:00.000Z' });
    const page = await client().payouts.list({
      status: 'approved',
      due_date_after: new Date('2026-12-01T00:00:00Z'),
      due_date_before: '2027-01-01T00:00:00Z',
      limit: 10,
    });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ status: 'approved', due_date: '2026-12-10T00:00:00.000Z' });
    expect(fake().requests[0]?.query).toEqual({
      status: 'approved',
      due_date_after: '2026-12-01T00:00:00.000Z',
      due_date_before: '2027-01-01T00:00:00Z',
      limit: '10',
    });
  });

  it.each([
    ['limit', { limit: 0 }],
    ['limit', { limit: 101 }],
    ['limit', { limit: 2.5 }],
    ['status', { status: 'paid' }],
    ['cursor', { cursor: '' }],
    ['due_date_before', { due_date_before: '2026-12-01' }],
    ['due_date_after', { due_date_after: new Date('not a date') }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    const error = await failure(client().payouts.list(params as never));
    expect(error).toMatchObject({ name: 'RequestValidationError', param });
    expect(fake().requests).toHaveLength(0);
  });
});

describe('payouts.update / approve / cancel', () => {
  it('update: only required params', async () => {
    const { id } = fake().seed.payout({ description: 'kept' });
    const payout = await client().payouts.update(id);
    expect(payout).toMatchObject({ id, status: 'draft', description: 'kept' });
    expect(fake().requests[0]).toMatchObject({ method: 'PATCH', path: `/payouts/${id}`, body: {} });
  });

  it('update: all params', async () => {
    const { id } = fake().seed.payout();
    const payout = await client().payouts.update(id, {
      status: 'approved',
      description: 'Q4 rebates',
      due_date: '2026-12-24T00:00:00Z',
    });
    expect(payout).toMatchObject({
      status: 'approved',
      description: 'Q4 rebates',
      due_date: '2026-12-24T00:00:00.000Z',
    });
  });

  it('approve: records approved_at and approved_by', async () => {
    fake().clock.set('2026-11-22T10:00:00.000Z');
    const { id } = fake().seed.payout();
    const payout = await client().payouts.approve(id);
    expect(payout).toMatchObject({
      status: 'approved',
      approved_at: '2026-11-22T10:00:00.000Z',
      approved_by: 'api_key',
    });
    expect(fake().requests[0]?.body).toEqual({ status: 'approved' });
  });

  it('cancel: records canceled_at', async () => {
    fake().clock.set('2026-11-22T11:00:00.000Z');
    const { id } = fake().seed.payout();
    const payout = await client().payouts.cancel(id);
    expect(payout).toMatchObject({
      status: 'canceled',
      canceled_at: '2026-11-22T11:00:00.000Z',
      approved_at: null,
    });
  });

  it('approve: a non-draft payout is a ConflictError', async () => {
    const { id } = fake().seed.payout({ status: 'canceled' });
    const error = await failure(client().payouts.approve(id));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'invalid_state' });
  });

  it('cancel: an unknown payout is a NotFoundError', async () => {
    const error = await failure(client().payouts.cancel('po_missing'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'resource_missing' });
  });

  it('update: a bad description is refused before sending', async () => {
    await expect(client().payouts.update('po_1', { description: 'x'.repeat(513) })).rejects.toMatchObject({
      param: 'description',
    });
    expect(fake().requests).toHaveLength(0);
  });
});

describe('payouts.settlements.list', () => {
  it('list: only required params', async () => {
    const { id } = fake().seed.payout({ status: 'approved' });
    const record = fake().simulate.settlePayout(id);
    const page = await client().payouts.settlements.list();
    expect(page.data).toEqual([record]);
  });

  it('list: all params', async () => {
    const a = fake().seed.payout({ status: 'approved', chain: 'base', token: 'USDC', amount: 7 });
    const b = fake().seed.payout({ status: 'approved', chain: 'tron' });
    fake().simulate.settlePayout(a.id);
    fake().simulate.settlePayout(b.id);
    const page = await client().payouts.settlements.list({ payout_intent_id: a.id, chain: 'base', limit: 5 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ payout_intent_id: a.id, amount_atomic: '7000000', chain: 'base' });
  });

  it('list: rejects a payout id without its prefix', async () => {
    await expect(client().payouts.settlements.list({ payout_intent_id: 'pi_1' })).rejects.toMatchObject({
      name: 'RequestValidationError',
      param: 'payout_intent_id',
    });
    expect(fake().requests).toHaveLength(0);
  });
});

describe('responses', () => {
  it('keeps unknown fields and unknown enum values', async () => {
    const { id } = fake().seed.payout();
    const payout = await client().payouts.approve(id);
    // A newer server: a state and a field this SDK does not know yet still parse.
    const newer = { ...payout, status: 'on_hold', risk_score: 0.2 };
    const page = await client({
      fetch: async () => Response.json({ data: [newer], has_more: false, next_cursor: null }),
    }).payouts.list();
    const first = page.data[0] as PayoutIntent & { risk_score?: number };
    expect(first.status).toBe('on_hold');
    expect(first.risk_score).toBe(0.2);
  });

  it('rejects a body that breaks the spec with ResponseValidationError keeping the raw body', async () => {
    const body = { id: 'po_1', status: 'draft', amount: '12.5' };
    const error = await failure(
      client({ fetch: async () => Response.json(body, { status: 201 }) }).payouts.create(required),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).body).toEqual(body);
    expect((error as ResponseValidationError).status).toBe(201);
    expect((error as ResponseValidationError).issues.length).toBeGreaterThan(1);
  });

  it('validateResponses: false returns the JSON as is', async () => {
    const body = { id: 'po_1', amount: '12.5' };
    const payout = await client({
      validateResponses: false,
      fetch: async () => Response.json(body),
    }).payouts.create(required);
    expect(payout).toEqual(body);
  });
});
