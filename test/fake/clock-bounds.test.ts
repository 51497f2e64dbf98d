/**
 * One move of the clock does a bounded amount of work, and nothing is
 * dated past the fake's last time (`+275000-01-01T00:00:00Z`). A move or a create that cannot be
 * made is refused (a `RangeError` in process, a 4xx over HTTP) before anything is stored or moved.
 */
import { BadRequestError, Chainbill } from 'chainbill';
import { createFakeChainbill, type FakeChainbill, type FakeServer } from 'chainbill/testing';
import { afterEach, describe, expect, it } from 'vitest';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function clientOf(fake: FakeChainbill, baseUrl = fake.baseUrl): Chainbill {
  return new Chainbill({
    apiKey: fake.apiKey,
    baseUrl,
    logLevel: 'off',
    ...(baseUrl === fake.baseUrl ? { fetch: fake.fetch } : {}),
  });
}

/** A fake at `start` with a monthly plan, a default payment method and a customer. */
function billing(start: string) {
  const fake = createFakeChainbill();
  fake.clock.set(start);
  fake.seed.paymentMethod({ chain: 'arbitrum', token: 'USDC' });
  const plan = fake.seed.plan({ name: 'Team', amount: 49.5 });
  const customer = fake.seed.customer({ email: 'billing@example.com' });
  const subscribe = () => clientOf(fake).subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
  return { fake, plan, customer, subscribe };
}

/** What a test can see of the fake's state: the clock, every event, the revenue ledger. */
async function story(fake: FakeChainbill) {
  const revenue = await clientOf(fake).revenueEvents.list({ limit: 100 });
  return { now: fake.clock.now().toISOString(), events: fake.events.length, revenue: revenue.data.length };
}

describe('item 8: one move of the clock does a bounded amount of work', () => {
  it('refuses advance({ days: 99 000 000 }) over one subscription before anything happens', async () => {
    const { fake, subscribe } = billing('2026-01-01T00:00:00Z');
    await subscribe();
    const before = await story(fake);
    expect(() => fake.clock.advance({ days: 99_000_000 })).toThrow(RangeError);
    expect(() => fake.clock.advance({ days: 3_650_000 })).toThrow(
      /one move attempts at most 25000 charges; this one could attempt \d+: move in steps/,
    );
    expect(await story(fake)).toEqual(before);
  });

  it('allows the largest move one subscription can make, and lists each renewal', async () => {
    const { fake, subscribe } = billing('2026-01-01T00:00:00Z');
    const { id } = await subscribe();
    const started = performance.now();
    const moved = fake.clock.advance({ days: 760_000 }); // about 2 080 years: 24 969 renewals
    console.log(
      `advance({ days: 760 000 }), one subscription: ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(moved.renewed).toHaveLength(24_969);
    expect(new Set(moved.renewed)).toEqual(new Set([id]));
    expect(moved.events).toHaveLength(10_000); // the last historyLimit of them
    expect(moved.to).toBe('4106-10-24T00:00:00.000Z');
  });

  it('counts every subscription: 100 renewing monthly cannot move 21 years at once, but can in steps', async () => {
    const { fake, subscribe } = billing('2026-01-01T00:00:00Z');
    for (let i = 0; i < 100; i++) await subscribe();
    const before = await story(fake);
    expect(() => fake.clock.set('2047-01-01T00:00:00Z')).toThrow(/could attempt 25200/); // 252 renewals each
    expect(await story(fake)).toEqual(before);
    expect(fake.clock.set('2036-01-01T00:00:00Z').renewed).toHaveLength(100 * 120);
    expect(fake.clock.set('2047-01-01T00:00:00Z').renewed).toHaveLength(100 * 132);
  });

  it('over the control API, a move with too much work is a 400 and the server keeps answering', async () => {
    const { fake, subscribe } = billing('2026-01-01T00:00:00Z');
    await subscribe();
    const server: FakeServer = await fake.listen({ controlToken: 'control-token-8' });
    closers.push(server.close);
    const response = await fetch(server.url.replace(/\/v1$/, '/_fake/clock'), {
      method: 'POST',
      headers: { authorization: 'Bearer control-token-8', 'content-type': 'application/json' },
      body: JSON.stringify({ advance: { days: 99_000_000 } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'parameter_invalid', param: 'advance', message: expect.stringMatching(/move in steps/) },
    });
    expect(fake.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await expect(clientOf(fake, server.url).customers.list()).resolves.toMatchObject({
      data: [expect.anything()],
    });
  });
});

describe('item 11: nothing is dated past +275000-01-01T00:00:00Z', () => {
  it('the clock cannot be set or moved past it, nor to the largest Date', () => {
    const fake = createFakeChainbill();
    expect(() => fake.clock.set('+275760-08-20T00:00:00Z')).toThrow(
      /the clock cannot move past \+275000-01-01T00:00:00\.000Z/,
    );
    fake.clock.set('+274999-12-31T00:00:00Z');
    expect(() => fake.clock.advance({ days: 2 })).toThrow(RangeError);
    expect(() => fake.clock.advance(1e300)).toThrow(RangeError);
    expect(fake.clock.set('+275000-01-01T00:00:00Z').to).toBe('+275000-01-01T00:00:00.000Z');
  });

  it('subscriptions.create whose first period would end past it is a 400 that stores nothing, retries or not', async () => {
    const { fake, customer, plan } = billing('+274999-12-15T00:00:00Z');
    const chainbill = clientOf(fake); // maxRetries 2: a 400 is not retried
    const create = chainbill.subscriptions.create(
      { customer_id: customer.id, plan_id: plan.id },
      { idempotencyKey: 'subscribe-billing-1' },
    );
    await expect(create).rejects.toBeInstanceOf(BadRequestError);
    await expect(create).rejects.toMatchObject({ status: 400, code: 'date_out_of_range' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.events).toEqual([]); // no subscription.created, no charge
    expect((await chainbill.revenueEvents.list()).data).toEqual([]);
  });

  it('an advance whose renewal would end past it is refused whole; every request still answers', async () => {
    const { fake, subscribe } = billing('+274999-11-15T00:00:00Z');
    const { id } = await subscribe(); // charged now; its period ends +274999-12-15
    const checkout = fake.seed.checkout({ amount_usd: 20 }); // expires in 30 minutes, on the way
    const before = await story(fake);
    expect(() => fake.clock.advance({ days: 31 })).toThrow(
      /the subscription's period end would fall after \+275000-01-01T00:00:00\.000Z/,
    );
    expect(await story(fake)).toEqual(before);
    const chainbill = clientOf(fake);
    expect((await chainbill.checkouts.list()).data[0]).toMatchObject({
      checkout_id: checkout.checkout_id,
      status: 'pending',
    });
    expect(await chainbill.subscriptions.cancel(id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: '+274999-12-15T00:00:00.000Z',
    });
    expect(fake.clock.advance({ days: 31 })).toMatchObject({
      canceled: [id],
      expired: [checkout.checkout_id],
    });
  });

  it('pauseUntil past it is refused', async () => {
    const { fake, subscribe } = billing('+274999-01-01T00:00:00Z');
    const { id } = await subscribe();
    expect(() => fake.simulate.pauseUntil(id, '+275000-06-01T00:00:00Z')).toThrow(
      /resumesAt must be at most/,
    );
    expect(fake.events.at(-1)).toMatchObject({ type: 'subscription.renewed', status: 'active' });
  });
});

describe('item 12: clock.set takes a Date or an ISO 8601 time, nothing else', () => {
  it('refuses null, true, a number, an empty or loose string, and does not move', () => {
    const fake = createFakeChainbill();
    fake.clock.set('2026-03-01T00:00:00Z');
    for (const time of [null, true, 0, '', 'soon', '1', new Date(Number.NaN), '2026-03-02T10:00:00'])
      expect(() => fake.clock.set(time as never)).toThrow(RangeError);
    expect(fake.clock.now().toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(fake.clock.set('2026-03-02').to).toBe('2026-03-02T00:00:00.000Z');
    expect(fake.clock.set(new Date('2026-03-03T12:00:00+02:00')).to).toBe('2026-03-03T10:00:00.000Z');
  });
});

describe('the charge budget counts the retries of renewals that will fail', () => {
  it('refuses a move whose failing renewals and their retries exceed 25 000 attempts, before anything moves', async () => {
    // A long retry schedule makes the point with few subscriptions: each failing renewal is
    // attempted once on its date and once per retry day, all inside the one move.
    const retryDays = Array.from({ length: 999 }, (_, i) => (i + 1) / 200); // 999 retries within 5 days
    const fake = createFakeChainbill({ renewalRetries: { retryDays } });
    fake.clock.set('2026-01-01T00:00:00Z');
    const method = fake.seed.paymentMethod({ chain: 'arbitrum', token: 'USDC' });
    const plan = fake.seed.plan({ name: 'Team', amount: 49.5 });
    const customer = fake.seed.customer({ email: 'billing@example.com' });
    const chainbill = clientOf(fake);
    for (let i = 0; i < 26; i++)
      await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
    fake.clock.set('2026-01-30T00:00:00Z');
    fake.simulate.failPaymentMethod(method.id); // every charge from now on fails
    const before = await story(fake);
    // 26 renewals on Feb 1, each retried 999 times by Feb 6: 26 000 attempts.
    expect(() => fake.clock.advance({ days: 8 })).toThrow(/could attempt 26000: move in steps/);
    expect(await story(fake)).toEqual(before);
  });
});

describe('clock.set refuses a time the calendar does not have', () => {
  const impossible = [
    '2026-02-30T00:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01T10:60:00Z',
    '2026-13-01',
    '2025-02-29',
  ];

  it('in process: a RangeError, and the clock does not move', () => {
    const fake = createFakeChainbill();
    fake.clock.set('2026-01-01T00:00:00Z');
    for (const time of impossible) expect(() => fake.clock.set(time)).toThrow(RangeError);
    expect(fake.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(fake.clock.set('2028-02-29T23:59:59.999+01:00').to).toBe('2028-02-29T22:59:59.999Z');
    expect(fake.clock.set('+010000-01-01').to).toBe('+010000-01-01T00:00:00.000Z');
  });

  it('over the control API: a 400 naming set, and the clock does not move', async () => {
    const fake = createFakeChainbill();
    fake.clock.set('2026-01-01T00:00:00Z');
    const server: FakeServer = await fake.listen({ controlToken: 'control-token-set' });
    closers.push(server.close);
    for (const set of impossible) {
      const response = await fetch(server.url.replace(/\/v1$/, '/_fake/clock'), {
        method: 'POST',
        headers: { authorization: 'Bearer control-token-set', 'content-type': 'application/json' },
        body: JSON.stringify({ set }),
      });
      expect([set, response.status]).toEqual([set, 400]);
      expect(await response.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'set' } });
    }
    expect(fake.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
