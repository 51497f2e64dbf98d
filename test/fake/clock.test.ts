/**
 * The test clock drives the fake (DESIGN.md: Test clocks): renewals, trial ends, retries,
 * cancellation and expiry happen when `fake.clock.advance` passes their time, and only then.
 */
import { Chainbill, ConflictError } from 'chainbill';
import {
  applySeedFile,
  createFakeChainbill,
  type FakeChainbill,
  type FakeChainbillOptions,
} from 'chainbill/testing';
import { describe, expect, it } from 'vitest';

const start = '2026-01-01T00:00:00.000Z';

/** A fake at `start`, a client on its fetch, and a customer with a default payment method. */
function setup(options: FakeChainbillOptions = {}) {
  const fake = createFakeChainbill(options);
  fake.clock.set(start);
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
  const method = fake.seed.paymentMethod();
  const customer = fake.seed.customer({ email: 'ada@example.com' });
  return { fake, chainbill, method, customer };
}

async function subscribe(
  { fake, chainbill, customer }: ReturnType<typeof setup>,
  plan: { trial_days?: number; amount?: number } = {},
) {
  const { id: plan_id } = fake.seed.plan({ name: 'Pro', amount: 29, currency: 'USDT', ...plan });
  return chainbill.subscriptions.create({ customer_id: customer.id, plan_id });
}

async function charges(chainbill: Chainbill) {
  const page = await chainbill.revenueEvents.list({ event_type: 'subscription_charged' });
  return page.data.map((e) => ({ amount: e.amount, at: e.occurred_at, subscription: e.subscription_id }));
}

const storyOf = (fake: FakeChainbill, id: string) =>
  fake.events.filter((e) => e.objectId === id).map((e) => `${e.at.slice(0, 10)} ${e.type} ${e.status}`);

describe('a subscription through its life on the clock alone', () => {
  it('trial end, two renewals, a failed renewal, three failed retries, canceled', async () => {
    const world = setup();
    const { fake, chainbill, method } = world;
    const { id, status, trial_end } = await subscribe(world, { trial_days: 14 });
    expect({ status, trial_end }).toEqual({ status: 'trialing', trial_end: '2026-01-15T00:00:00.000Z' });

    const trial = fake.clock.advance({ days: 14 });
    expect(trial).toMatchObject({ trialEnded: [id], renewed: [id], failed: [], canceled: [] });
    expect(fake.clock.advance({ days: 31 }).renewed).toEqual([id]); // Feb 15
    expect(fake.clock.advance({ days: 27 }).renewed).toEqual([]); // Mar 14: not yet
    expect(fake.clock.advance({ days: 1 }).renewed).toEqual([id]); // Mar 15

    fake.simulate.failPaymentMethod(method.id);
    const failed = fake.clock.advance({ days: 31 }); // Apr 15: the renewal fails
    expect(failed).toMatchObject({ renewed: [], failed: [id], canceled: [] });
    expect(failed.events.map((e) => [e.type, e.status, e.attempt])).toEqual([
      ['subscription.renewal_failed', 'past_due', 1],
    ]);
    expect(fake.clock.advance({ hours: 23 }).failed).toEqual([]); // retries: 1, 3 and 5 days later
    expect(fake.clock.advance({ hours: 1 }).failed).toEqual([id]); // Apr 16
    expect(fake.clock.advance({ days: 2 }).failed).toEqual([id]); // Apr 18
    const last = fake.clock.advance({ days: 2 }); // Apr 20: the last retry fails
    expect(last).toMatchObject({ failed: [id], canceled: [id] });
    expect(fake.clock.advance({ days: 90 }).events).toEqual([]);

    expect(await charges(chainbill)).toEqual([
      { amount: 29, at: '2026-03-15T00:00:00.000Z', subscription: id },
      { amount: 29, at: '2026-02-15T00:00:00.000Z', subscription: id },
      { amount: 29, at: '2026-01-15T00:00:00.000Z', subscription: id },
    ]);
    expect(storyOf(fake, id)).toEqual([
      '2026-01-01 subscription.created trialing',
      '2026-01-15 subscription.trial_ended trialing',
      '2026-01-15 subscription.renewed active',
      '2026-02-15 subscription.renewed active',
      '2026-03-15 subscription.renewed active',
      '2026-04-15 subscription.renewal_failed past_due',
      '2026-04-16 subscription.renewal_failed past_due',
      '2026-04-18 subscription.renewal_failed past_due',
      '2026-04-20 subscription.renewal_failed past_due',
      '2026-04-20 subscription.canceled canceled',
    ]);
    const renewed = fake.events.filter((e) => e.type === 'subscription.renewed');
    const ledger = (await chainbill.revenueEvents.list({ event_type: 'subscription_charged' })).data;
    expect(renewed.map((e) => e.revenueEventId)).toEqual(ledger.map((e) => e.id).reverse());
    expect(fake.events.map((e) => e.sequence)).toEqual(fake.events.map((_, i) => i + 1));
    expect(fake.events.filter((e) => e.objectId === id).map((e) => e.cause)).toEqual([
      'api',
      ...Array(9).fill('clock'),
    ]);
    const canceled = await chainbill.subscriptions.cancelImmediately(id).catch((e: unknown) => e);
    expect(canceled).toBeInstanceOf(ConflictError); // it is canceled: nothing left to cancel
  });

  it('one long advance tells the same story as many short ones, in time order', async () => {
    const world = setup();
    const { fake, method } = world;
    const first = await subscribe(world, { trial_days: 14 });
    fake.clock.advance({ days: 10 });
    const second = await subscribe(world); // charged now (Jan 11), renews on the 11th
    fake.simulate.failNextRenewal(first.id, { times: Number.POSITIVE_INFINITY });
    const year = fake.clock.advance({ days: 365 });
    expect(year.trialEnded).toEqual([first.id]);
    expect(year.canceled).toEqual([first.id]);
    expect(year.renewed).toEqual(Array(12).fill(second.id));
    const times = year.events.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(year.events[0]).toMatchObject({
      type: 'subscription.trial_ended',
      at: '2026-01-15T00:00:00.000Z',
    });
    expect(year.to).toBe('2027-01-11T00:00:00.000Z');
    expect(method.id).toMatch(/^pm_/);
  });

  it('a failed renewal whose first retry succeeds charges the period it missed', async () => {
    const world = setup();
    const { fake, chainbill } = world;
    const { id } = await subscribe(world); // Jan 1, renews Feb 1
    fake.simulate.failNextRenewal(id); // once
    expect(fake.clock.advance({ days: 31 }).failed).toEqual([id]);
    expect(fake.clock.advance({ days: 1 }).renewed).toEqual([id]); // Feb 2, the first retry
    expect((await charges(chainbill)).map((c) => c.at)).toEqual([
      '2026-02-02T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
    // The period stays anchored: it runs Feb 1 to Mar 1, so the next renewal is on Mar 1.
    expect(fake.clock.advance({ days: 27 }).renewed).toEqual([id]);
  });

  it('with finalStatus expired and a custom schedule, a lapsed subscription expires', async () => {
    const world = setup({ renewalRetries: { retryDays: [2], finalStatus: 'expired' } });
    const { fake } = world;
    const { id } = await subscribe(world);
    fake.simulate.failNextRenewal(id, { times: 2 });
    expect(fake.clock.advance({ days: 32 })).toMatchObject({ failed: [id], expired: [] }); // Feb 2
    expect(fake.clock.advance({ days: 1 })).toMatchObject({ failed: [id], expired: [id], canceled: [] });
    expect(storyOf(fake, id).at(-1)).toBe('2026-02-03 subscription.expired expired');
  });

  it('cancel_at_period_end cancels at the period end without a charge', async () => {
    const world = setup();
    const { fake, chainbill } = world;
    const { id } = await subscribe(world);
    await chainbill.subscriptions.cancel(id);
    expect(fake.clock.advance({ days: 31 })).toMatchObject({ canceled: [id], renewed: [] });
    expect(await charges(chainbill)).toHaveLength(1);
    expect(storyOf(fake, id).slice(-2)).toEqual([
      '2026-01-01 subscription.cancel_scheduled active',
      '2026-02-01 subscription.canceled canceled',
    ]);
  });

  it('a pause with an end resumes then and starts a charged period', async () => {
    const world = setup();
    const { fake, chainbill } = world;
    const { id } = await subscribe(world);
    fake.simulate.pauseUntil(id, '2026-03-10T00:00:00.000Z');
    expect(fake.clock.advance({ days: 60 })).toMatchObject({ renewed: [], resumed: [] }); // paused: no renewal
    expect(fake.clock.advance({ days: 8 })).toMatchObject({ resumed: [id], renewed: [id] }); // Mar 10
    expect((await charges(chainbill))[0]?.at).toBe('2026-03-10T00:00:00.000Z');
    expect(fake.clock.advance({ days: 31 }).renewed).toEqual([id]); // Apr 10
  });

  it('renewals of a paused subscription without an end wait for resume', async () => {
    const world = setup();
    const { fake, chainbill } = world;
    const { id } = await subscribe(world);
    await chainbill.subscriptions.pause(id);
    expect(fake.clock.advance({ days: 100 }).events).toEqual([]);
    const resumed = await chainbill.subscriptions.resume(id); // Apr 11: the period ended while paused
    expect(resumed).toMatchObject({
      status: 'active',
      current_period_start: '2026-04-11T00:00:00.000Z',
      current_period_end: '2026-05-11T00:00:00.000Z',
    });
    expect(await charges(chainbill)).toHaveLength(2);
  });
});

describe('checkouts and payment links on the clock', () => {
  it('a pending checkout expires at expires_at; a confirmed one does not', async () => {
    const { fake, chainbill } = setup();
    const pending = fake.seed.checkout(); // expires 30 minutes after creation
    const paid = fake.seed.checkout();
    fake.simulate.confirmCheckout(paid.checkout_id);
    expect(fake.clock.advance({ minutes: 29 }).expired).toEqual([]);
    expect(fake.clock.advance({ minutes: 1 }).expired).toEqual([pending.checkout_id]);
    const statuses = (await chainbill.checkouts.list()).data.map((c) => [c.checkout_id, c.status]);
    expect(statuses).toEqual([
      [paid.checkout_id, 'confirmed'],
      [pending.checkout_id, 'expired'],
    ]);
  });

  it('a payment link makes checkouts until it expires, then refuses', async () => {
    const { fake, chainbill, method } = setup();
    const link = await chainbill.paymentLinks.create({
      amount_usd: 40,
      payment_method_id: method.id,
      expires_in_seconds: 3600,
    });
    const checkout = fake.simulate.openPaymentLink(link.id);
    expect(checkout).toMatchObject({
      status: 'pending',
      amount_usd: 40,
      metadata: { payment_link_id: link.id },
    });
    const hour = fake.clock.advance({ hours: 1 });
    expect(hour.expired).toEqual([checkout.checkout_id, link.id]); // 30 minutes, then 60
    expect(() => fake.simulate.openPaymentLink(link.id)).toThrow(/expired at 2026-01-01T01:00:00.000Z/);
    expect(fake.clock.advance({ days: 1 }).expired).toEqual([]); // each expires once
  });

  it('events name their cause: seed, simulate, clock', () => {
    const { fake } = setup();
    const paid = fake.seed.checkout();
    fake.simulate.confirmCheckout(paid.checkout_id);
    const stale = fake.seed.checkout();
    fake.clock.advance({ hours: 1 });
    expect(fake.events.map((e) => [e.type, e.objectId, e.cause])).toEqual([
      ['checkout.created', paid.checkout_id, 'seed'],
      ['checkout.detected', paid.checkout_id, 'simulate'],
      ['checkout.confirming', paid.checkout_id, 'simulate'],
      ['checkout.confirmed', paid.checkout_id, 'simulate'],
      ['checkout.created', stale.checkout_id, 'seed'],
      ['checkout.expired', stale.checkout_id, 'clock'],
    ]);
  });

  it('a clock that follows real time catches up before it answers', async () => {
    const { fake, chainbill } = setup();
    fake.clock.useRealTime();
    const stale = fake.seed.checkout({ expires_at: '2020-01-01T00:00:00.000Z' });
    const [listed] = (await chainbill.checkouts.list()).data;
    expect(listed).toMatchObject({ checkout_id: stale.checkout_id, status: 'expired' });
    expect(fake.events.at(-1)).toMatchObject({ type: 'checkout.expired', at: '2020-01-01T00:00:00.000Z' });
  });
});

describe('what falls due at the same time', () => {
  it('happens by organization and environment, then subscriptions, checkouts, payment links, then creation', async () => {
    const fake = createFakeChainbill();
    const live = { apiKey: fake.liveApiKey };
    const client = (apiKey: string) => new Chainbill({ apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    fake.clock.set('2026-01-01T00:30:00Z');
    const ids: Record<string, string> = {};
    for (const [name, apiKey] of [
      ['liveSub', fake.liveApiKey],
      ['sub', fake.apiKey],
    ] as const) {
      const key = { apiKey };
      const { id: plan_id } = fake.seed.plan({ name: 'Pro', amount: 29 }, key);
      const { id: customer_id } = fake.seed.customer({}, key);
      fake.seed.paymentMethod({}, key);
      ids[name] = (await client(apiKey).subscriptions.create({ customer_id, plan_id })).id; // renews Feb 1, 00:30
    }
    fake.clock.set('2026-02-01T00:00:00Z'); // everything below is due at 00:30, with the renewals
    ids['liveCheckout'] = fake.seed.checkout({}, live).checkout_id;
    const [method] = (await client(fake.apiKey).paymentMethods.list()).data;
    const link = await client(fake.apiKey).paymentLinks.create({
      payment_method_id: method?.id ?? '',
      amount_usd: 20,
      expires_in_seconds: 1800,
    });
    ids['link'] = link.id;
    ids['checkout'] = fake.seed.checkout().checkout_id;
    ids['later'] = fake.seed.checkout().checkout_id;
    const name = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));

    const moved = fake.clock.advance({ minutes: 30 });
    expect(moved.events.map((event) => `${name[event.objectId]} ${event.type}`)).toEqual([
      'sub subscription.renewed',
      'checkout checkout.expired',
      'later checkout.expired',
      'link payment_link.expired',
      'liveSub subscription.renewed',
      'liveCheckout checkout.expired',
    ]);
    expect(new Set(moved.events.map((event) => event.at))).toEqual(new Set(['2026-02-01T00:30:00.000Z']));
  });
});

describe('the clock after a seed file applies', () => {
  it('what was due before still falls due, and what the file seeded falls due too', async () => {
    const world = setup();
    const { id } = await subscribe(world); // charged Jan 1, renews Feb 1
    const { fake } = world;
    const { names } = applySeedFile(fake, {
      organizations: [
        { id: 'org_acme', sandbox: { checkouts: [{ $name: 'cart', amount_usd: 12 }] } }, // expires 00:30
      ],
    });
    expect(fake.clock.advance({ minutes: 30 }).expired).toEqual([names['cart']]);
    expect(fake.clock.advance({ days: 31 }).renewed).toEqual([id]);
  });
});

describe('moving the clock', () => {
  it('refuses a negative, non-finite or unknown duration, and changes nothing', () => {
    const { fake } = setup();
    expect(() => fake.clock.advance(-1)).toThrow(/duration must be a finite number of at least 0, got -1/);
    expect(() => fake.clock.advance({ days: -2 })).toThrow(RangeError);
    expect(() => fake.clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => fake.clock.advance({ weeks: 1 } as never)).toThrow(/unknown unit "weeks"/);
    expect(() => fake.clock.set('not a date')).toThrow(RangeError);
    expect(() => fake.clock.advance(1e300)).toThrow(/the clock cannot move past \+275000-01-01/);
    expect(fake.clock.now().toISOString()).toBe(start);
  });

  it('adds up units: days, hours, minutes, seconds', () => {
    const { fake } = setup();
    const moved = fake.clock.advance({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(moved).toMatchObject({ from: start, to: '2026-01-02T02:03:04.000Z' });
  });

  it('set() forward makes what is due happen; set() back changes nothing', async () => {
    const world = setup();
    const { fake } = world;
    const { id } = await subscribe(world);
    expect(fake.clock.set('2026-02-01T00:00:00.000Z').renewed).toEqual([id]);
    expect(fake.clock.set('2025-06-01T00:00:00.000Z').events).toEqual([]);
  });

  it('reset() forgets records, events, requests and faults; keys stay valid', async () => {
    const world = setup();
    const { fake, chainbill } = world;
    await subscribe(world);
    fake.faults.next({ route: '/payouts' }, { status: 503 });
    fake.reset();
    expect([fake.events.length, fake.requests.length, fake.faults.pending.length]).toEqual([0, 0, 0]);
    expect((await chainbill.customers.list()).data).toEqual([]);
  });
});

describe('the event log says what the API answers', () => {
  it('a plan without a trial: created active and charged, never trialing', async () => {
    const world = setup();
    const subscription = await subscribe(world, { trial_days: 0 });
    expect(subscription).toMatchObject({ status: 'active', trial_end: null });
    expect(storyOf(world.fake, subscription.id)).toEqual([
      '2026-01-01 subscription.created active',
      '2026-01-01 subscription.renewed active',
    ]);
    expect(world.fake.events.some((e) => e.status === 'trialing')).toBe(false);
  });

  it('a plan with a trial: created trialing', async () => {
    const world = setup();
    const subscription = await subscribe(world, { trial_days: 14 });
    expect(subscription.status).toBe('trialing');
    expect(storyOf(world.fake, subscription.id)).toEqual(['2026-01-01 subscription.created trialing']);
  });
});
