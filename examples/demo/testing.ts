import type { Chainbill } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { show, step } from './output.js';

/**
 * What the fake adds for a merchant's tests (docs/testing.md): a test clock that moves a
 * subscription through its trial's end, a failed charge, its retry and the next renewal in one call, and a payout
 * whose answer is lost after it was made, which the SDK's own retry, with the same
 * Idempotency-Key, turns into exactly one payout.
 */
export async function testingStory(chainbill: Chainbill, fake: FakeChainbill): Promise<void> {
  await clockStory(chainbill, fake);
  await lostAnswerStory(chainbill, fake);
}

/** Two months of a subscription in one call: its trial ends, the charge fails, the retry, the next renewal. */
async function clockStory(chainbill: Chainbill, fake: FakeChainbill): Promise<void> {
  step('Test clock: two months of a subscription, in one call');
  // A trial: nothing is charged when it is created, the first charge is at the trial's end.
  const plan = fake.seed.plan({ name: 'Team', amount: 49, currency: 'USD', trial_days: 14 });
  const customer = await chainbill.customers.create({ email: 'grace@example.com' });
  const subscription = await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
  const { id } = subscription;
  show(`subscription ${id}: ${subscription.status}, period ends ${subscription.current_period_end}`);
  fake.simulate.failNextRenewal(id); // the customer's wallet will be empty when the trial ends
  const moved = fake.clock.advance({ days: 62 }); // everything due happens, in time order
  const times = (ids: string[]) => ids.filter((x) => x === id).length;
  show(`fake.clock.advance({ days: 62 }): renewed ${times(moved.renewed)}x, failed ${times(moved.failed)}x`);
  for (const event of fake.events.filter((e) => e.objectId === id)) {
    show(
      `  ${event.at.slice(0, 10)}  ${event.type.padEnd(28)} ${(event.status ?? '').padEnd(8)} (${event.cause})`,
    );
  }
  const charges = await chainbill.revenueEvents.list({ event_type: 'subscription_charged' }).toArray();
  const ours = charges.filter((e) => e.subscription_id === id);
  show(`revenue ledger: ${ours.length} charges of ${plan.amount} ${plan.currency} for it`);
}

/** A payout whose answer is dropped after it was applied, retried by the SDK into one payout. */
async function lostAnswerStory(chainbill: Chainbill, fake: FakeChainbill): Promise<void> {
  step('Faults: a payout is made, its answer lost; the SDK retries with the same Idempotency-Key');
  fake.faults.next({ method: 'POST', route: '/payouts' }, 'commit-then-drop');
  const payout = await chainbill.payouts.create({
    recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
    chain: 'tron',
    token: 'USDT',
    amount: 99,
    currency: 'USD',
    reference_type: 'invoice',
    reference_id: 'inv_2026_11_42',
  });
  const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/payouts').slice(-2);
  for (const [i, request] of sent.entries()) {
    const what = request.fault ? `applied, answer dropped (${request.fault})` : 'the first answer, replayed';
    show(`POST /payouts #${i + 1}  Idempotency-Key ${request.idempotencyKey}: ${request.status}, ${what}`);
  }
  const all = await chainbill.payouts.list().toArray();
  const made = all.filter((p) => p.reference_id === 'inv_2026_11_42');
  if (sent.length !== 2 || made.length !== 1 || made[0]?.id !== payout.id) {
    throw new Error(`expected 2 requests and 1 payout, got ${sent.length} and ${made.length}`);
  }
  show(`the fake saw 2 requests and made 1 payout, ${payout.id}: the one create() resolved with`);
}
