/**
 * A SaaS subscription from signup to cancellation: plans and their entitlements, a customer, a
 * trial, renewals charged and failed, a pause, a cancellation at period end, and the charges in
 * the revenue ledger. The fake API's clock stands in for the weeks that pass.
 *
 *   npx tsx examples/subscription-lifecycle.ts
 */
import { Chainbill, ConflictError, type Entitlement, type Subscription } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

const day = 24 * 3600_000;
const fake = createFakeChainbill();
const server = await fake.listen();
const show = (s: Subscription): string =>
  `${s.status}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}, period ${s.current_period_start?.slice(0, 10)} → ${s.current_period_end?.slice(0, 10)}`;

try {
  // What the dashboard sets up, not the API: a payment method and the plans.
  fake.clock.set('2026-12-01T09:00:00Z');
  fake.seed.paymentMethod({ chain: 'base', token: 'USDC', display_name: 'USDC on Base' });
  fake.seed.plan({ name: 'Starter', amount: 19, trial_days: 0 });
  fake.seed.plan({ name: 'Pro', amount: 49, trial_days: 14 });
  fake.seed.plan({ name: 'Legacy', amount: 9, status: 'archived' });
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url });

  // 1. Plans on sale.
  const plans = await chainbill.plans.list({ status: 'active' }).toArray();
  console.log(`plans on sale: ${plans.map((p) => `${p.name} ${p.amount} ${p.currency}`).join(', ')}`);
  const pro = plans.find((p) => p.name === 'Pro');
  if (!pro) throw new Error('expected the Pro plan');

  // 2. What Pro includes: one entitlement per feature, typed by value_type.
  await chainbill.entitlements.create({
    plan_id: pro.id,
    feature_key: 'api_calls_per_month',
    value_type: 'numeric',
    value_numeric: 100_000,
  });
  await chainbill.entitlements.create({
    plan_id: pro.id,
    feature_key: 'sso',
    value_type: 'boolean',
    value_boolean: true,
  });
  const support = await chainbill.entitlements.create({
    plan_id: pro.id,
    feature_key: 'support_tier',
    value_type: 'string',
    value_string: 'priority',
  });
  const features = async (planId: string): Promise<Record<string, unknown>> => {
    const value = (e: Entitlement): unknown =>
      e.value_type === 'numeric'
        ? e.value_numeric
        : e.value_type === 'boolean'
          ? e.value_boolean
          : e.value_string;
    const list = await chainbill.entitlements.list({ plan_id: planId }).toArray();
    return Object.fromEntries(list.map((e) => [e.feature_key, value(e)]));
  };
  console.log('Pro includes', await features(pro.id));
  const calls = (await chainbill.entitlements.list({ plan_id: pro.id }).toArray()).find(
    (e) => e.feature_key === 'api_calls_per_month',
  );
  if (calls) await chainbill.entitlements.update(calls.id, { value_numeric: 250_000 });
  const deleted = await chainbill.entitlements.delete(support.id);
  console.log(
    `raised the API quota, removed ${deleted.id} (deleted: ${deleted.deleted}):`,
    await features(pro.id),
  );

  // 3. A customer signs up for Pro: a 14-day trial, nothing charged yet.
  const customer = await chainbill.customers.create({
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    external_id: 'user_1815',
    metadata: { signup_source: 'pricing_page' },
  });
  let sub = await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: pro.id });
  console.log(
    `${sub.id} for ${sub.customer.email} on ${sub.plan.name}: ${show(sub)}, trial ends ${sub.trial_end}`,
  );

  // 4. Time drives billing (the fake's test clock): the trial ends and the first charge succeeds;
  // a month later the charge fails (the card, say), and the retry a day later goes through.
  const trialOver = fake.clock.advance({ days: 14 });
  console.log(
    `trial over on ${trialOver.to.slice(0, 10)}: ended ${trialOver.trialEnded}, charged ${trialOver.renewed}`,
  );
  fake.simulate.failNextRenewal(sub.id);
  const failed = fake.clock.advance({ days: 31 });
  console.log(`renewal on ${failed.events[0]?.at.slice(0, 10)} failed: ${failed.events[0]?.status}`);
  const retried = fake.clock.advance({ days: 1 });
  console.log(`retried a day later: ${retried.events.map((e) => e.type).join(', ')}`);

  // 5. The customer pauses for a while, then resumes.
  sub = await chainbill.subscriptions.pause(sub.id);
  console.log(`paused since ${sub.pause_start}`);
  fake.clock.advance(10 * day);
  sub = await chainbill.subscriptions.resume(sub.id);
  console.log(`resumed at ${sub.pause_end}: ${show(sub)}`);

  // 6. They cancel: service runs to the end of the paid period, then stops, with no charge.
  sub = await chainbill.subscriptions.cancel(sub.id);
  console.log(`canceled: ${show(sub)}`);
  const periodOver = fake.clock.set(sub.current_period_end ?? fake.clock.now());
  const ended = periodOver.events.find((e) => e.objectId === sub.id);
  console.log(`period over: ${ended?.status} at ${ended?.at}, canceled without a charge`);
  try {
    await chainbill.subscriptions.resume(sub.id);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    console.log(`resume after cancel: ConflictError ${error.code}`);
  }

  // 7. A second customer takes Starter (no trial: charged at once), and leaves the same day.
  const bob = await chainbill.customers.create({ email: 'bob@example.com', name: 'Bob' });
  const starter = plans.find((p) => p.name === 'Starter');
  if (!starter) throw new Error('expected the Starter plan');
  const bobs = await chainbill.subscriptions.create({ customer_id: bob.id, plan_id: starter.id });
  const gone = await chainbill.subscriptions.cancelImmediately(bobs.id);
  console.log(`${bob.email}: ${bobs.status}, then ${gone.status} at once`);

  // 8. What it all brought in: the revenue ledger and the customer list (offset pages).
  let total = 0;
  for await (const event of chainbill.revenueEvents.list({ event_type: 'subscription_charged' })) {
    total += event.amount;
    console.log(
      `  ${event.occurred_at.slice(0, 10)}  ${event.amount} ${event.currency}  ${event.description}`,
    );
  }
  console.log(`subscription revenue: ${total} USD`);
  const customers = await chainbill.customers.list({ limit: 1 }).toArray();
  console.log(`customers: ${customers.map((c) => c.email).join(', ')}`);
} finally {
  await server.close();
}
