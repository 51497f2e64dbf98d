import {
  type Chainbill,
  type Customer,
  memoryStore,
  type Page,
  type PaymentLink,
  type Plan,
  type RevenueEvent,
  type RevenueEventFeed,
  type RevenueEventType,
  type Subscription,
  type SubscriptionStatus,
  type Unrecognized,
} from 'chainbill';
import { postgresStore, type Queryable } from 'chainbill/postgres';
import { describe, expectTypeOf, it } from 'vitest';

declare const chainbill: Chainbill;

describe('customers types', () => {
  it('create requires email; list takes offset, not cursor', () => {
    chainbill.customers.create({ email: 'a@b.co', name: 'Ada', external_id: 'u1', metadata: { tier: 1 } });
    // @ts-expect-error email is required
    chainbill.customers.create({ name: 'Ada' });
    // @ts-expect-error name is a string, not null
    chainbill.customers.create({ email: 'a@b.co', name: null });
    chainbill.customers.list({ offset: 25, limit: 25 });
    // @ts-expect-error the customer list pages by offset
    chainbill.customers.list({ cursor: 'c' });
  });

  it('results are typed', async () => {
    expectTypeOf(await chainbill.customers.list()).toEqualTypeOf<Page<Customer>>();
    expectTypeOf<Customer['name']>().toEqualTypeOf<string | null>();
    expectTypeOf<Customer['metadata']>().toEqualTypeOf<Record<string, unknown>>();
  });
});

describe('subscriptions types', () => {
  it('create requires customer_id and plan_id', () => {
    chainbill.subscriptions.create({ customer_id: 'cus_1', plan_id: 'plan_1', payment_method_id: 'pm_1' });
    // @ts-expect-error plan_id is required
    chainbill.subscriptions.create({ customer_id: 'cus_1' });
    // @ts-expect-error customer_id is required
    chainbill.subscriptions.create({ plan_id: 'plan_1' });
  });

  it('update takes one of the four actions, and requires it', () => {
    chainbill.subscriptions.update('sub_1', { action: 'cancel_immediately' });
    // @ts-expect-error archive is not an action of the spec
    chainbill.subscriptions.update('sub_1', { action: 'archive' });
    // @ts-expect-error action is required
    chainbill.subscriptions.update('sub_1', {});
    // @ts-expect-error params are required
    chainbill.subscriptions.update('sub_1');
  });

  it('embeds customer and plan', async () => {
    const subscription = await chainbill.subscriptions.create({ customer_id: 'cus_1', plan_id: 'plan_1' });
    expectTypeOf(subscription).toEqualTypeOf<Subscription>();
    expectTypeOf(subscription.customer.email).toEqualTypeOf<string>();
    expectTypeOf(subscription.customer).toEqualTypeOf<Customer>();
    expectTypeOf(subscription.plan).toEqualTypeOf<Plan>();
    expectTypeOf(subscription.status).toEqualTypeOf<SubscriptionStatus | Unrecognized>();
    expectTypeOf(await chainbill.subscriptions.resume('sub_1')).toEqualTypeOf<Subscription>();
  });

  it('the action shortcuts take an id and options, no params', async () => {
    expectTypeOf(await chainbill.subscriptions.cancel('sub_1')).toEqualTypeOf<Subscription>();
    expectTypeOf(await chainbill.subscriptions.cancelImmediately('sub_1')).toEqualTypeOf<Subscription>();
    expectTypeOf(
      await chainbill.subscriptions.pause('sub_1', { idempotencyKey: 'k' }),
    ).toEqualTypeOf<Subscription>();
    // @ts-expect-error the action is fixed by the method
    chainbill.subscriptions.pause('sub_1', { action: 'resume' });
  });
});

describe('payment links types', () => {
  it('create requires amount_usd and payment_method_id', () => {
    chainbill.paymentLinks.create({ amount_usd: 5, payment_method_id: 'pm_1', expires_in_seconds: 600 });
    // @ts-expect-error payment_method_id is required
    chainbill.paymentLinks.create({ amount_usd: 5 });
    // @ts-expect-error amount_usd is a number
    chainbill.paymentLinks.create({ amount_usd: '5', payment_method_id: 'pm_1' });
  });

  it('results are typed', async () => {
    expectTypeOf(await chainbill.paymentLinks.list()).toEqualTypeOf<Page<PaymentLink>>();
    expectTypeOf<PaymentLink['expires_at']>().toEqualTypeOf<string | null>();
  });
});

describe('revenue events types', () => {
  it('event_type is a closed enum; dates take a Date or a string', () => {
    chainbill.revenueEvents.list({ event_type: 'chargeback', date_from: new Date(), date_to: '2026-01-31' });
    // @ts-expect-error payout is not an event type of the spec
    chainbill.revenueEvents.list({ event_type: 'payout' });
    // @ts-expect-error dates are a Date or an ISO string
    chainbill.revenueEvents.list({ date_from: 1_700_000_000 });
  });

  it('ids are nullable and optional; event_type is optional and open', () => {
    expectTypeOf<RevenueEvent['subscription_id']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RevenueEvent['event_type']>().toEqualTypeOf<RevenueEventType | Unrecognized | undefined>();
    expectTypeOf<RevenueEvent['amount']>().toEqualTypeOf<number>();
  });

  it('watch takes the filters, a start and the options of each poll, and yields events', () => {
    const feed = chainbill.revenueEvents.watch({
      event_type: 'checkout_confirmed',
      from: new Date('2026-01-01T00:00:00Z'),
      pollIntervalMs: 1_000,
      lookBackMs: 120_000,
      signal: new AbortController().signal,
      maxRetries: 5,
    });
    expectTypeOf(feed).toEqualTypeOf<RevenueEventFeed>();
    expectTypeOf(feed).toMatchTypeOf<AsyncIterable<RevenueEvent>>();
    expectTypeOf(feed.checkpoint).toEqualTypeOf<string>();
    chainbill.revenueEvents.watch({ from: 'now' });
    chainbill.revenueEvents.watch({ from: feed.checkpoint });
    chainbill.revenueEvents.watch();
    // @ts-expect-error the feed sets date_from itself: replay with `from`
    chainbill.revenueEvents.watch({ date_from: new Date() });
    // @ts-expect-error the feed pages by itself
    chainbill.revenueEvents.watch({ limit: 10 });
    // @ts-expect-error from is 'now', a Date or a checkpoint string
    chainbill.revenueEvents.watch({ from: 1_700_000_000_000 });
  });

  it('consume takes a name, handlers typed by the store, and the feed options; done is a promise', () => {
    const consumer = chainbill.revenueEvents.consume({
      name: 'fulfilment',
      store: postgresStore(null as unknown as Queryable),
      event_type: 'checkout_confirmed',
      handlers: {
        checkout_confirmed: async (event, tx) => {
          expectTypeOf(event).toEqualTypeOf<RevenueEvent>();
          await tx.query('select 1', [event.id]);
        },
      },
      leaseMs: 30_000,
      maxAttempts: 3,
      onError: 'skip',
      from: new Date('2026-01-01T00:00:00Z'),
    });
    expectTypeOf(consumer.done).toEqualTypeOf<Promise<void>>();
    chainbill.revenueEvents.consume({
      name: 'memory',
      store: memoryStore(),
      handlers: { default: (_event, tx) => expectTypeOf(tx).toEqualTypeOf<null>() },
    });
    chainbill.revenueEvents.consume({ name: 'default store', handlers: { refund: () => {} } });
    // @ts-expect-error a consumer resumes from its store: no checkpoint
    chainbill.revenueEvents.consume({ name: 'x', handlers: {}, from: 'rf1.abc' });
    // @ts-expect-error handlers are by event type
    chainbill.revenueEvents.consume({ name: 'x', handlers: { checkout: () => {} } });
  });
});
