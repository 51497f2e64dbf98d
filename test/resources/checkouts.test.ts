import type { Checkout } from 'chainbill';
import { FakeApiError } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../helpers.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

describe('checkouts.list', () => {
  it('list: only required params', async () => {
    fake().clock.set('2026-03-01T12:00:00.000Z');
    const older = fake().seed.checkout({ amount_usd: 12.5, metadata: { order: 'A-1' } });
    const newer = fake().seed.checkout({ chain: 'base', token: 'USDC' });
    const page = await client().checkouts.list();
    expect(page.data.map((c) => c.checkout_id)).toEqual([newer.checkout_id, older.checkout_id]);
    expect(page.data[1]).toEqual({
      checkout_id: older.checkout_id,
      status: 'pending',
      deposit_address: expect.any(String),
      amount_usd: 12.5,
      amount_atomic: '12500000',
      chain: 'tron',
      token: 'USDT',
      tx_hash: null,
      confirmations: 0,
      required_confirmations: 20,
      expires_at: '2026-03-01T12:30:00.000Z',
      detected_at: null,
      confirmed_at: null,
      created_at: '2026-03-01T12:00:00.000Z',
      metadata: { order: 'A-1' },
    });
    expect(page.data[0]).toMatchObject({ chain: 'base', token: 'USDC' });
    expect(older.checkout_id).toMatch(/^co_/);
    expect(page.data[0]).not.toHaveProperty('org_id');
    expect(page.data[0]).not.toHaveProperty('id');
    expect(fake().requests[0]).toMatchObject({ method: 'GET', path: '/checkouts', query: {} });
  });

  it('list: all params', async () => {
    const ids = Array.from({ length: 4 }, () => fake().seed.checkout().checkout_id);
    fake().seed.checkout({ status: 'expired' });
    const first = await client().checkouts.list({ status: 'pending', limit: 3 });
    expect(first.data.map((c) => c.checkout_id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const cursor = first.next_cursor ?? '';
    const second = await client().checkouts.list({ status: 'pending', limit: 3, cursor });
    expect(second.data.map((c) => c.checkout_id)).toEqual([ids[0]]);
    expect(second.has_more).toBe(false);
    expect(fake().requests[1]?.query).toEqual({ status: 'pending', limit: '3', cursor });
  });

  it.each([
    ['limit', { limit: 0 }],
    ['limit', { limit: 101 }],
    ['limit', { limit: 1.5 }],
    ['status', { status: 'paid' }],
    ['cursor', { cursor: '' }],
    ['chain', { chain: 'tron' }],
  ])('list: rejects a bad %s before sending', async (param, params) => {
    await refusedBeforeSending(client().checkouts.list(params as never), param);
  });

  it('list: for await walks every page, each checkout once, newest first', async () => {
    const seeded = Array.from(
      { length: 11 },
      (_, i) => fake().seed.checkout({ amount_usd: i + 1 }).checkout_id,
    );
    const seen: string[] = [];
    for await (const checkout of client().checkouts.list({ limit: 4 })) seen.push(checkout.checkout_id);
    expect(seen).toEqual([...seeded].reverse());
    expect(new Set(seen).size).toBe(11);
    expect(fake().requests).toHaveLength(3);
    expect(fake().requests.map((r) => r.query['limit'])).toEqual(['4', '4', '4']);
  });

  it('list: the status filter follows simulated moves', async () => {
    const a = fake().seed.checkout();
    const b = fake().seed.checkout();
    fake().simulate.confirmCheckout(a.checkout_id);
    fake().simulate.failCheckout(b.checkout_id);
    const confirmed = await client().checkouts.list({ status: 'confirmed' });
    expect(confirmed.data.map((c) => c.checkout_id)).toEqual([a.checkout_id]);
    const failed = await client().checkouts.list({ status: 'failed' });
    expect(failed.data.map((c) => c.checkout_id)).toEqual([b.checkout_id]);
  });

  it('list: a pending checkout without tx_hash, detected_at and confirmed_at parses', async () => {
    const { tx_hash: _t, detected_at: _d, confirmed_at: _c, ...pending } = fake().seed.checkout();
    const page = await client({
      fetch: async () => Response.json({ data: [pending], has_more: false, next_cursor: null }),
    }).checkouts.list();
    expect(page.data[0]).toEqual(pending);
    expect(page.data[0]).not.toHaveProperty('tx_hash');
  });

  it('list: checkouts of another environment are apart', async () => {
    fake().seed.checkout();
    const page = await client({ apiKey: fake().liveApiKey }).checkouts.list();
    expect(page.data).toEqual([]);
  });
});

describe('the fake: checkout simulations', () => {
  async function listed(id: string): Promise<Checkout | undefined> {
    const page = await client().checkouts.list();
    return page.data.find((c) => c.checkout_id === id);
  }

  it('advanceCheckout moves pending → detected → confirming → confirmed', async () => {
    const { checkout_id } = fake().seed.checkout({ amount_usd: 40, required_confirmations: 12 });
    const detected = fake().simulate.advanceCheckout(checkout_id);
    expect(detected).toMatchObject({ status: 'detected', confirmations: 1, confirmed_at: null });
    expect(detected.tx_hash).toMatch(/^[0-9a-f]{64}$/); // on tron: 64 hex digits, no 0x
    expect(detected.detected_at).toEqual(expect.any(String));
    expect(await listed(checkout_id)).toMatchObject({ status: 'detected', tx_hash: detected.tx_hash });

    const confirming = fake().simulate.advanceCheckout(checkout_id);
    expect(confirming).toMatchObject({ status: 'confirming', confirmations: 11 });

    const confirmed = fake().simulate.advanceCheckout(checkout_id);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmations: 12, tx_hash: detected.tx_hash });
    expect(confirmed.confirmed_at).toEqual(expect.any(String));
    expect(await listed(checkout_id)).toMatchObject({ status: 'confirmed', confirmations: 12 });
  });

  it('confirming records a checkout_confirmed revenue event', async () => {
    const { checkout_id } = fake().seed.checkout({ amount_usd: 99.5 });
    const confirmed = fake().simulate.confirmCheckout(checkout_id);
    expect(confirmed.status).toBe('confirmed');
    const events = await client().revenueEvents.list({ event_type: 'checkout_confirmed' });
    expect(events.data).toHaveLength(1);
    expect(events.data[0]).toMatchObject({
      checkout_id,
      amount: 99.5,
      currency: 'USD',
      tx_hash: confirmed.tx_hash,
    });
  });

  it('expireCheckout moves a pending checkout to expired, and only a pending one', () => {
    const pending = fake().seed.checkout();
    expect(fake().simulate.expireCheckout(pending.checkout_id).status).toBe('expired');
    const detected = fake().seed.checkout();
    fake().simulate.advanceCheckout(detected.checkout_id);
    expect(() => fake().simulate.expireCheckout(detected.checkout_id)).toThrow(FakeApiError);
  });

  it('failCheckout fails a checkout from any non-terminal state', () => {
    for (const steps of [0, 1, 2]) {
      const { checkout_id } = fake().seed.checkout();
      for (let i = 0; i < steps; i++) fake().simulate.advanceCheckout(checkout_id);
      expect(fake().simulate.failCheckout(checkout_id).status).toBe('failed');
    }
  });

  it.each([
    ['confirmed', (id: string) => fake().simulate.confirmCheckout(id)],
    ['expired', (id: string) => fake().simulate.expireCheckout(id)],
    ['failed', (id: string) => fake().simulate.failCheckout(id)],
  ])('a %s checkout refuses further moves with a 409 conflict', (_, finish) => {
    const { checkout_id } = fake().seed.checkout();
    finish(checkout_id);
    for (const move of ['advanceCheckout', 'confirmCheckout', 'expireCheckout', 'failCheckout'] as const) {
      const error = (() => {
        try {
          fake().simulate[move](checkout_id);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(FakeApiError);
      expect(error).toMatchObject({ status: 409, code: 'invalid_state' });
    }
  });

  it('an unknown checkout is a 404', () => {
    expect(() => fake().simulate.advanceCheckout('co_missing')).toThrow(/No such checkout/);
  });

  it('seed.checkout refuses a status the spec does not list', () => {
    expect(() => fake().seed.checkout({ status: 'paid' as never })).toThrow(/status/);
  });
});
