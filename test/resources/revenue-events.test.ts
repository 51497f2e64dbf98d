import { BadRequestError, Chainbill } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';
import { json, scriptedFetch } from '../scripted-fetch.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

function seedLedger(): { refund: string; charge: string; early: string; late: string } {
  const seed = fake().seed;
  const early = seed.revenueEvent({ event_type: 'checkout_confirmed', occurred_at: '2026-01-01T00:00:00Z' });
  const charge = seed.revenueEvent({
    event_type: 'subscription_charged',
    amount: 29,
    subscription_id: 'sub_1',
    customer_id: 'cus_1',
    renewal_id: 'ren_1',
    occurred_at: '2026-01-15T12:00:00Z',
  });
  const refund = seed.revenueEvent({ event_type: 'refund', amount: -5, occurred_at: '2026-01-31T23:59:59Z' });
  const late = seed.revenueEvent({ event_type: 'subscription_charged', occurred_at: '2026-02-01T00:00:00Z' });
  return { refund: refund.id, charge: charge.id, early: early.id, late: late.id };
}

describe('revenueEvents.list', () => {
  it('list: only required params', async () => {
    const ids = seedLedger();
    const page = await client().revenueEvents.list();
    expect(page.data.map((e) => e.id)).toEqual([ids.late, ids.refund, ids.charge, ids.early]);
    expect(page.data[2]).toMatchObject({
      event_type: 'subscription_charged',
      amount: 29,
      currency: 'USD',
      subscription_id: 'sub_1',
      customer_id: 'cus_1',
      renewal_id: 'ren_1',
      checkout_id: null,
      occurred_at: '2026-01-15T12:00:00.000Z',
    });
    expect(page.has_more).toBe(false);
    expect(fake().requests[0]).toMatchObject({ method: 'GET', path: '/revenue/events', query: {} });
  });

  it('list: all params', async () => {
    const ids = seedLedger();
    const page = await client().revenueEvents.list({
      event_type: 'subscription_charged',
      date_from: new Date('2026-01-01T00:00:00Z'),
      date_to: '2026-01-31T23:59:59Z',
      limit: 10,
    });
    expect(page.data.map((e) => e.id)).toEqual([ids.charge]);
    expect(fake().requests[0]?.query).toEqual({
      event_type: 'subscription_charged',
      date_from: '2026-01-01T00:00:00.000Z',
      date_to: '2026-01-31T23:59:59Z',
      limit: '10',
    });
  });

  it('fake: event_type filters by kind', async () => {
    const ids = seedLedger();
    const page = await client().revenueEvents.list({ event_type: 'refund' });
    expect(page.data.map((e) => e.id)).toEqual([ids.refund]);
  });

  it('fake: date_from and date_to are inclusive bounds on occurred_at', async () => {
    const ids = seedLedger();
    const january = await client().revenueEvents.list({
      date_from: '2026-01-01T00:00:00Z',
      date_to: '2026-01-31T23:59:59Z',
    });
    expect(january.data.map((e) => e.id)).toEqual([ids.refund, ids.charge, ids.early]);
    const from = await client().revenueEvents.list({ date_from: '2026-01-31T23:59:59Z' });
    expect(from.data.map((e) => e.id)).toEqual([ids.late, ids.refund]);
    const to = await client().revenueEvents.list({ date_to: new Date('2026-01-15T12:00:00Z') });
    expect(to.data.map((e) => e.id)).toEqual([ids.charge, ids.early]);
    const offset = await client().revenueEvents.list({ date_from: '2026-01-16T00:59:59+01:00' });
    expect(offset.data.map((e) => e.id)).toEqual([ids.late, ids.refund]);
  });

  it('list: pages with the cursor, newest first, every event once', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => fake().seed.revenueEvent({ amount: i + 1 }).id).reverse();
    const seen: string[] = [];
    for await (const event of client().revenueEvents.list({ limit: 3 })) seen.push(event.id);
    expect(seen).toEqual(ids);
    expect(fake().requests).toHaveLength(3);
    expect(fake().requests[1]?.query['cursor']).toEqual(expect.any(String));
  });

  it.each([
    ['event_type', { event_type: 'payout' }],
    ['date_from', { date_from: 'last week' }],
    ['date_to', { date_to: '2026-13-45' }],
    ['limit', { limit: 0 }],
    ['cursor', { cursor: '' }],
    ['offset', { offset: 5 }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    await refusedBeforeSending(client().revenueEvents.list(params as never), param);
  });

  it('list: a foreign cursor is a BadRequestError from the fake', async () => {
    const error = await failure(client().revenueEvents.list({ cursor: 'not-a-cursor' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'cursor_invalid', param: 'cursor' });
  });

  it('fake: events of another environment are not listed', async () => {
    fake().seed.revenueEvent({}, { apiKey: fake().liveApiKey });
    expect((await client().revenueEvents.list()).data).toHaveLength(0);
    expect((await client({ apiKey: fake().liveApiKey }).revenueEvents.list()).data).toHaveLength(1);
  });

  it('fake: a checkout seeded confirmed in the past records its event as occurred then, recorded now', async () => {
    fake().clock.set('2026-06-01T00:00:00Z');
    const checkout = fake().seed.checkout({ status: 'confirmed', confirmed_at: '2026-01-02T03:04:05.000Z' });
    const [event] = (await client().revenueEvents.list({ event_type: 'checkout_confirmed' })).data;
    expect(event).toMatchObject({
      checkout_id: checkout.checkout_id,
      occurred_at: '2026-01-02T03:04:05.000Z',
      created_at: '2026-06-01T00:00:00.000Z',
    });
  });

  it('parses an event that carries neither event_type nor the ids that do not apply', async () => {
    const event = { id: 'rev_1', org_id: 'org_1', amount: 5, currency: 'USD', checkout_id: 'co_1' };
    const times = { occurred_at: '2026-01-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z' };
    const { fetch } = scriptedFetch(json(200, { data: [{ ...event, ...times }], has_more: false }));
    const chainbill = new Chainbill({ apiKey: 'sk_test_x', baseUrl: 'https://api.test/v1', fetch });
    const page = await chainbill.revenueEvents.list();
    expect(page.data[0]).toEqual({ ...event, ...times });
    expect(page.data[0]).not.toHaveProperty('event_type');
    expect(page.next_cursor).toBeNull();
  });

  it('rejects an event without its amount as a ResponseValidationError', async () => {
    const { fetch } = scriptedFetch(
      json(200, {
        data: [{ id: 'rev_1', org_id: 'o', currency: 'USD' }],
        has_more: false,
        next_cursor: null,
      }),
    );
    const chainbill = new Chainbill({ apiKey: 'sk_test_x', baseUrl: 'https://api.test/v1', fetch });
    await expect(chainbill.revenueEvents.list()).rejects.toMatchObject({ name: 'ResponseValidationError' });
  });
});
