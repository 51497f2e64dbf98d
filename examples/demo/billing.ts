import type { Chainbill } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { show, step } from './output.js';

/**
 * The merchant's billing story: a payment method and a plan, entitlements, a customer and a
 * subscription through pause and resume, a payment link, a paid checkout, the revenue ledger,
 * customer pages, and a webhook endpoint deleted. Seeding and simulating need the fake; against
 * a real server those steps use what the account already has.
 */
export async function billingStory(chainbill: Chainbill, fake?: FakeChainbill): Promise<void> {
  step('Billing: a payment method and a plan');
  if (fake) {
    fake.seed.paymentMethod({ chain: 'tron', token: 'USDT', display_name: 'USDT on Tron' });
    fake.seed.plan({
      name: 'Pro',
      description: 'Pro monthly',
      amount: 49,
      currency: 'USD',
      interval_count: 1,
    });
    show('(seeded in the fake: the API has no route to create them)');
  }
  const [method] = (await chainbill.paymentMethods.list({ status: 'active' })).data;
  const [plan] = (await chainbill.plans.list({ status: 'active' })).data;
  if (!method || !plan) {
    show('the account has no active payment method or plan; skipping the billing story');
    return;
  }
  const tuned = await chainbill.paymentMethods.update(method.id, {
    required_confirmations: 19,
    min_amount_usd: 1,
  });
  show(
    `payment method ${tuned.id}: ${tuned.token} on ${tuned.chain}, ${tuned.required_confirmations} confirmations, default ${tuned.is_default}`,
  );
  show(
    `plan ${plan.id}: ${plan.name}, ${plan.amount} ${plan.currency} every ${plan.interval_count} month(s)`,
  );

  step('Billing: attach entitlements to the plan');
  await chainbill.entitlements.create({
    plan_id: plan.id,
    feature_key: 'api_access',
    value_type: 'boolean',
    value_boolean: true,
  });
  const seats = await chainbill.entitlements.create({
    plan_id: plan.id,
    feature_key: 'seats',
    value_type: 'numeric',
    value_numeric: 5,
  });
  await chainbill.entitlements.update(seats.id, { value_type: 'numeric', value_numeric: 10 });
  for await (const entitlement of chainbill.entitlements.list({ plan_id: plan.id })) {
    const value = entitlement.value_boolean ?? entitlement.value_numeric ?? entitlement.value_string;
    show(`${entitlement.feature_key} = ${value} (${entitlement.value_type})`);
  }

  step('Billing: a customer subscribes, pauses and resumes');
  const customer = await chainbill.customers.create({
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    external_id: 'user_1815',
    metadata: { source: 'demo' },
  });
  show(`customer ${customer.id} <${customer.email}>`);
  const subscription = await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
  show(
    `subscription ${subscription.id}: ${subscription.status}, period ends ${subscription.current_period_end}`,
  );
  show(`  embedded: ${subscription.customer.email} on ${subscription.plan.name}`);
  const paused = await chainbill.subscriptions.pause(subscription.id);
  show(`paused at ${paused.pause_start} → ${paused.status}`);
  const resumed = await chainbill.subscriptions.resume(subscription.id);
  show(`resumed at ${resumed.pause_end} → ${resumed.status}`);

  step('Billing: a payment link, and a checkout paid on-chain');
  const link = await chainbill.paymentLinks.create({
    amount_usd: 120,
    payment_method_id: method.id,
    description: 'Annual support',
    expires_in_seconds: 86_400,
  });
  show(`payment link ${link.url} (expires ${link.expires_at})`);
  if (fake) {
    const checkout = fake.seed.checkout({ amount_usd: 120, amount_atomic: '120000000' });
    fake.simulate.confirmCheckout(checkout.checkout_id);
    show(`(the fake saw ${checkout.checkout_id} paid: pending → detected → confirming → confirmed)`);
  }
  for await (const checkout of chainbill.checkouts.list({ status: 'confirmed' })) {
    show(
      `checkout ${checkout.checkout_id}: ${checkout.status}, ${checkout.amount_usd} USD, tx ${checkout.tx_hash}`,
    );
  }

  step('Billing: the revenue ledger');
  for await (const event of chainbill.revenueEvents.list({ date_from: new Date(Date.now() - 86_400_000) })) {
    show(
      `${event.occurred_at}  ${(event.event_type ?? 'event').padEnd(20)} ${event.amount} ${event.currency}`,
    );
  }

  step('Billing: page through customers (offset pages of 2)');
  if (fake) for (let i = 0; i < 4; i++) fake.seed.customer({ email: `buyer${i}@example.com` });
  let page = await chainbill.customers.list({ limit: 2 });
  for (let n = 1; ; n++) {
    show(`page ${n}: ${page.data.map((c) => c.email).join(', ')}`);
    if (!page.hasNextPage()) break;
    page = await page.getNextPage();
  }

  step('Webhooks: delete an endpoint');
  if (fake) {
    const endpoint = fake.seed.webhookEndpoint();
    const deleted = await chainbill.webhookEndpoints.delete(endpoint.id);
    show(`${deleted.id} deleted: ${deleted.deleted}`);
  } else show('(skipped against a real server: the API cannot list endpoints to pick one)');
}
