/**
 * A subscription set to cancel at its period end never renews, whatever
 * happened in between: a pause, a resume, a trial, a failed charge. It used to be charged again
 * after cancel → pause → period end → resume, and stay `active` with `cancel_at_period_end: true`.
 */
import { Chainbill, ConflictError } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';

/** A fake at 2026-01-01 with a monthly plan (a trial of `trialDays`), a payment method and a customer. */
async function subscribed(trialDays = 0) {
  const fake = createFakeChainbill();
  fake.clock.set('2026-01-01T00:00:00Z');
  const chainbill = new Chainbill({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    fetch: fake.fetch,
    logLevel: 'off',
  });
  const method = fake.seed.paymentMethod({ chain: 'base', token: 'USDC' });
  const plan = fake.seed.plan({ name: 'Studio', amount: 19.99, trial_days: trialDays });
  const customer = await chainbill.customers.create({ email: 'grace@example.com', name: 'Grace' });
  const subscription = await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
  const charges = async () =>
    (await chainbill.revenueEvents.list({ event_type: 'subscription_charged' })).data.map((e) =>
      e.occurred_at.slice(0, 10),
    );
  return { fake, chainbill, method, id: subscription.id, charges };
}

describe('cancel at period end, whatever happens in between', () => {
  it('cancel, pause, let the period end, resume: canceled at the period end, never charged again', async () => {
    const { fake, chainbill, id, charges } = await subscribed();
    expect(await chainbill.subscriptions.cancel(id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await chainbill.subscriptions.pause(id)).toMatchObject({
      status: 'paused',
      cancel_at_period_end: true,
    });
    const moved = fake.clock.advance({ days: 40 }); // the period ended on 2026-02-01
    expect(moved).toMatchObject({ canceled: [id], renewed: [], resumed: [] });
    expect(fake.events.at(-1)).toMatchObject({
      type: 'subscription.canceled',
      at: '2026-02-01T00:00:00.000Z',
    });
    const resumed = await chainbill.subscriptions.resume(id).catch((error: unknown) => error);
    expect(resumed).toBeInstanceOf(ConflictError);
    expect(fake.clock.advance({ days: 365 }).renewed).toEqual([]);
    expect(await charges()).toEqual(['2026-01-01']);
  });

  it('cancel, pause, resume before the period end: canceled at the period end, not renewed', async () => {
    const { fake, chainbill, id, charges } = await subscribed();
    await chainbill.subscriptions.cancel(id);
    await chainbill.subscriptions.pause(id);
    fake.clock.advance({ days: 10 });
    expect(await chainbill.subscriptions.resume(id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: '2026-02-01T00:00:00.000Z',
    });
    expect(fake.clock.advance({ days: 30 })).toMatchObject({ canceled: [id], renewed: [] });
    expect(await charges()).toEqual(['2026-01-01']);
  });

  it('cancel, then paused until after the period end: canceled then, not resumed and charged later', async () => {
    const { fake, chainbill, id, charges } = await subscribed();
    await chainbill.subscriptions.cancel(id);
    fake.simulate.pauseUntil(id, '2026-03-15T00:00:00Z');
    expect(fake.clock.advance({ days: 120 })).toMatchObject({ canceled: [id], renewed: [], resumed: [] });
    expect(fake.events.filter((e) => e.objectId === id).map((e) => [e.type, e.at.slice(0, 10)])).toEqual([
      ['subscription.created', '2026-01-01'],
      ['subscription.renewed', '2026-01-01'],
      ['subscription.cancel_scheduled', '2026-01-01'],
      ['subscription.paused', '2026-01-01'],
      ['subscription.canceled', '2026-02-01'],
    ]);
    expect(await charges()).toEqual(['2026-01-01']);
  });

  it('a trialing subscription set to cancel ends with its trial, without a charge', async () => {
    const { fake, chainbill, id, charges } = await subscribed(14);
    expect(await chainbill.subscriptions.cancel(id)).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: true,
    });
    expect(fake.clock.advance({ days: 60 })).toMatchObject({ trialEnded: [id], canceled: [id], renewed: [] });
    expect(fake.events.at(-1)).toMatchObject({
      type: 'subscription.canceled',
      at: '2026-01-15T00:00:00.000Z',
    });
    expect(await charges()).toEqual([]);
  });

  it('a trial set to cancel, paused and resumed, still ends at the trial end without a charge', async () => {
    const { fake, chainbill, id, charges } = await subscribed(14);
    await chainbill.subscriptions.cancel(id);
    await chainbill.subscriptions.pause(id);
    await chainbill.subscriptions.resume(id);
    expect(fake.clock.advance({ days: 60 })).toMatchObject({ canceled: [id], renewed: [] });
    expect(await charges()).toEqual([]);
  });

  it('past due and set to cancel: the next retry cancels instead of charging', async () => {
    const { fake, chainbill, method, id, charges } = await subscribed();
    fake.simulate.failPaymentMethod(method.id);
    expect(fake.clock.advance({ days: 31 }).failed).toEqual([id]); // 2026-02-01: past_due
    expect(await chainbill.subscriptions.cancel(id)).toMatchObject({
      status: 'past_due',
      cancel_at_period_end: true,
    });
    fake.simulate.failPaymentMethod(method.id, false); // a retry would now succeed
    expect(fake.clock.advance({ days: 10 })).toMatchObject({ canceled: [id], renewed: [] });
    expect(await charges()).toEqual(['2026-01-01']);
  });

  it('a paused subscription not set to cancel is neither canceled nor charged at its period end', async () => {
    const { fake, chainbill, id, charges } = await subscribed();
    await chainbill.subscriptions.pause(id);
    expect(fake.clock.advance({ days: 40 })).toMatchObject({ canceled: [], renewed: [] });
    fake.clock.set('2026-02-20T00:00:00Z');
    expect(await chainbill.subscriptions.resume(id)).toMatchObject({
      status: 'active',
      current_period_start: '2026-02-20T00:00:00.000Z',
    });
    expect(await charges()).toEqual(['2026-02-20', '2026-01-01']);
  });
});
