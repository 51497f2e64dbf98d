import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  type Subscription,
  type SubscriptionAction,
} from 'chainbill';
import { FakeApiError } from 'chainbill/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, useFakeApi } from '../helpers.js';

const { fake, client, refusedBeforeSending } = useFakeApi();
const now = '2026-01-31T10:00:00.000Z';

beforeEach(() => fake().clock.set(now));

/** A customer, an active default payment method and a 29 USD monthly plan without trial. */
function setup(plan: { trial_days?: number; interval_count?: number; status?: 'active' | 'archived' } = {}) {
  const method = fake().seed.paymentMethod();
  const customer = fake().seed.customer({ email: 'ada@example.com' });
  const seeded = fake().seed.plan({ name: 'Pro', amount: 29, currency: 'USDT', ...plan });
  return { customer_id: customer.id, plan_id: seeded.id, method_id: method.id };
}

async function charges() {
  return (await client().revenueEvents.list({ event_type: 'subscription_charged' })).data;
}

describe('subscriptions.create', () => {
  it('create: only required params', async () => {
    const { customer_id, plan_id, method_id } = setup();
    const subscription = await client().subscriptions.create({ customer_id, plan_id });
    expect(subscription).toMatchObject({
      customer_id,
      plan_id,
      payment_method_id: method_id, // the default payment method
      status: 'active',
      current_period_start: now,
      current_period_end: '2026-02-28T10:00:00.000Z', // Jan 31 + 1 month, clamped
      trial_end: null,
      cancel_at_period_end: false,
      environment: 'sandbox',
      customer: { id: customer_id, email: 'ada@example.com' },
      plan: { id: plan_id, amount: 29, currency: 'USDT' },
    });
    expect(subscription.id).toMatch(/^sub_/);
    expect(fake().requests[0]).toMatchObject({ method: 'POST', path: '/subscriptions', status: 201 });
    expect(fake().requests[0]?.body).toEqual({ customer_id, plan_id });
  });

  it('create: all params', async () => {
    const { customer_id, plan_id } = setup({ interval_count: 3 });
    const other = fake().seed.paymentMethod({ chain: 'base', token: 'USDC' });
    const params = { customer_id, plan_id, payment_method_id: other.id };
    const subscription = await client().subscriptions.create(params);
    expect(subscription.payment_method_id).toBe(other.id);
    expect(subscription.current_period_end).toBe('2026-04-30T10:00:00.000Z'); // 3 months
    expect(fake().requests[0]?.body).toEqual(params);
  });

  it('fake: without a trial the first renewal is charged as a subscription_charged event', async () => {
    const { customer_id, plan_id } = setup();
    const subscription = await client().subscriptions.create({ customer_id, plan_id });
    const events = await charges();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      subscription_id: subscription.id,
      customer_id,
      amount: 29,
      currency: 'USDT',
      occurred_at: now,
    });
    expect(events[0]?.renewal_id).toMatch(/^ren_/);
  });

  it('fake: a plan with a trial gives trialing with trial_end and charges nothing', async () => {
    const { customer_id, plan_id } = setup({ trial_days: 14 });
    const subscription = await client().subscriptions.create({ customer_id, plan_id });
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_end: '2026-02-14T10:00:00.000Z',
      current_period_start: now,
      current_period_end: '2026-02-14T10:00:00.000Z',
    });
    expect(await charges()).toHaveLength(0);
  });

  it.each([
    ['customer_id', { customer_id: 'usr_1' }],
    ['plan_id', { plan_id: 'pro' }],
    ['payment_method_id', { payment_method_id: 'wallet_1' }],
    ['plan_id', { plan_id: undefined }],
    ['coupon', { coupon: 'HALF' }],
  ])('create: rejects a bad %s before sending', async (param, patch) => {
    await refusedBeforeSending(
      client().subscriptions.create({ customer_id: 'cus_1', plan_id: 'plan_1', ...patch } as never),
      param,
    );
  });

  it.each([
    ['customer_id', { customer_id: 'cus_missing' }],
    ['plan_id', { plan_id: 'plan_missing' }],
    ['payment_method_id', { payment_method_id: 'pm_missing' }],
  ])('create: an unknown %s is a NotFoundError naming it', async (param, patch) => {
    const { customer_id, plan_id } = setup();
    const error = await failure(client().subscriptions.create({ customer_id, plan_id, ...patch }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'resource_missing', param });
  });

  it.each(['plan_id', 'payment_method_id'] as const)(
    'create: an unusable %s is a ConflictError',
    async (param) => {
      const { customer_id, plan_id } = setup(param === 'plan_id' ? { status: 'archived' } : {});
      const disabled = fake().seed.paymentMethod({ status: 'disabled' });
      const method = param === 'payment_method_id' ? { payment_method_id: disabled.id } : {};
      const error = await failure(client().subscriptions.create({ customer_id, plan_id, ...method }));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'invalid_state', param });
    },
  );

  it('create: without payment_method_id and no default payment method is a BadRequestError', async () => {
    fake().seed.paymentMethod({ is_default: false });
    const customer = fake().seed.customer();
    const plan = fake().seed.plan();
    const error = await failure(
      client().subscriptions.create({ customer_id: customer.id, plan_id: plan.id }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'parameter_missing', param: 'payment_method_id' });
    // The message names the fix, in the fake's own terms.
    expect((error as Error).message).toContain(
      'pass payment_method_id, or seed one with fake.seed.paymentMethod({ is_default: true })',
    );
  });
});

type State = 'trialing' | 'active' | 'past_due' | 'paused' | 'canceled';

/** A subscription brought into `state` through the API and the fake's simulations. */
async function subscriptionIn(state: State): Promise<Subscription> {
  const { customer_id, plan_id } = setup(state === 'trialing' ? { trial_days: 7 } : {});
  const chainbill = client();
  const created = await chainbill.subscriptions.create({ customer_id, plan_id });
  if (state === 'past_due') fake().simulate.failRenewal(created.id);
  if (state === 'paused') await chainbill.subscriptions.pause(created.id);
  if (state === 'canceled') await chainbill.subscriptions.cancelImmediately(created.id);
  return created;
}

const canceled = { status: 'canceled', canceled_at: now } as const;
const allowed: Record<SubscriptionAction, Partial<Record<State, Partial<Subscription>>>> = {
  cancel: Object.fromEntries(
    (['trialing', 'active', 'past_due'] as const).map((s) => [s, { status: s, cancel_at_period_end: true }]),
  ),
  cancel_immediately: { trialing: canceled, active: canceled, past_due: canceled, paused: canceled },
  pause: {
    trialing: { status: 'paused', pause_start: now },
    active: { status: 'paused', pause_start: now, pause_end: null },
  },
  resume: { paused: { status: 'active', pause_end: now } },
};
const states: readonly State[] = ['trialing', 'active', 'past_due', 'paused', 'canceled'];
const outcomes = (Object.keys(allowed) as SubscriptionAction[]).flatMap((action) =>
  states.map((state) => [action, state, allowed[action][state] ?? 'conflict'] as const),
);

describe('subscriptions.update', () => {
  it('update: only required params (action is its only param, so also all params)', async () => {
    const { id } = await subscriptionIn('active');
    const updated = await client().subscriptions.update(id, { action: 'pause' });
    expect(updated).toMatchObject({ id, status: 'paused', customer: { email: 'ada@example.com' } });
    expect(fake().requests.at(-1)).toMatchObject({ method: 'PATCH', path: `/subscriptions/${id}` });
    expect(fake().requests.at(-1)?.body).toEqual({ action: 'pause' });
  });

  it.each(outcomes)('fake: %s from %s', async (action, state, expected) => {
    const { id } = await subscriptionIn(state);
    const result = await failure(client().subscriptions.update(id, { action }));
    if (expected === 'conflict') {
      expect(result).toBeInstanceOf(ConflictError);
      expect(result).toMatchObject({ status: 409, code: 'invalid_state' });
    } else {
      expect(result).toMatchObject(expected);
    }
  });

  it('shorthands send their action', async () => {
    const { id } = await subscriptionIn('active');
    const chainbill = client();
    expect((await chainbill.subscriptions.pause(id)).status).toBe('paused');
    expect((await chainbill.subscriptions.resume(id)).status).toBe('active');
    expect((await chainbill.subscriptions.cancel(id)).cancel_at_period_end).toBe(true);
    expect((await chainbill.subscriptions.cancelImmediately(id)).status).toBe('canceled');
    const sent = fake()
      .requests.filter((r) => r.method === 'PATCH')
      .map((r) => r.body);
    expect(sent).toEqual([
      { action: 'pause' },
      { action: 'resume' },
      { action: 'cancel' },
      { action: 'cancel_immediately' },
    ]);
  });

  it.each([['an unknown action', 'sub_1', { action: 'archive' }, 'action']])(
    'update: rejects %s before sending',
    async (_, id, params, param) => {
      await refusedBeforeSending(client().subscriptions.update(id, params as never), param);
    },
  );

  it('update: an unknown subscription is a NotFoundError', async () => {
    const error = await failure(client().subscriptions.cancel('sub_missing'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'resource_missing' });
  });
});

describe('renewal simulations', () => {
  it('chargeRenewal advances the period and records a second charge', async () => {
    const { id } = await subscriptionIn('active');
    // A day before the renewal date: at the date itself the clock would renew it (test/fake/clock.test.ts).
    fake().clock.set('2026-02-27T10:00:00.000Z');
    const renewed = fake().simulate.chargeRenewal(id);
    expect(renewed).toMatchObject({
      status: 'active',
      current_period_start: '2026-02-28T10:00:00.000Z',
      current_period_end: '2026-03-28T10:00:00.000Z',
    });
    const events = await charges();
    expect(events.map((e) => e.subscription_id)).toEqual([id, id]);
    expect(events[0]?.renewal_id).not.toBe(events[1]?.renewal_id);
    expect(events[0]?.occurred_at).toBe('2026-02-27T10:00:00.000Z');
  });

  it('chargeRenewal ends a trial: active from trial_end, charged', async () => {
    const { id } = await subscriptionIn('trialing');
    const renewed = fake().simulate.chargeRenewal(id);
    expect(renewed).toMatchObject({
      status: 'active',
      current_period_start: '2026-02-07T10:00:00.000Z',
      current_period_end: '2026-03-07T10:00:00.000Z',
    });
    expect(await charges()).toHaveLength(1);
  });

  it('failRenewal makes it past_due without a charge; chargeRenewal then recovers it', async () => {
    const { id } = await subscriptionIn('active');
    const failed = fake().simulate.failRenewal(id);
    expect(failed).toMatchObject({ status: 'past_due', current_period_end: '2026-02-28T10:00:00.000Z' });
    expect(await charges()).toHaveLength(1);
    expect(fake().simulate.chargeRenewal(id).status).toBe('active');
    expect(await charges()).toHaveLength(2);
  });

  it('chargeRenewal of a subscription canceling at period end cancels it without a charge', async () => {
    const { id } = await subscriptionIn('active');
    await client().subscriptions.cancel(id);
    expect(fake().simulate.chargeRenewal(id)).toMatchObject({ status: 'canceled', canceled_at: now });
    expect(await charges()).toHaveLength(1);
  });

  it('renewals of a paused or canceled subscription throw a 409', async () => {
    const paused = await subscriptionIn('paused');
    expect(() => fake().simulate.chargeRenewal(paused.id)).toThrow(FakeApiError);
    expect(() => fake().simulate.failRenewal(paused.id)).toThrow(/paused/);
    expect(() => fake().simulate.chargeRenewal('sub_missing')).toThrow(/No such subscription/);
  });
});
