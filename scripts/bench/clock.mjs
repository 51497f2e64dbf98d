#!/usr/bin/env node
/**
 * The fake's test clock at scale: a year of daily `fake.clock.advance({ days: 1 })`
 * over 1 000 subscriptions, the goal being under a second. Measures the shipped code: run
 * `npm run build` first. Prints one line per run and the median; exits 0 whatever the figure (a
 * benchmark, not a test: docs/performance.md).
 *
 *   npm run bench:clock
 */
import { performance } from 'node:perf_hooks';
import { Chainbill } from '../../dist/index.js';
import { createFakeChainbill } from '../../dist/testing/index.js';

const subscriptions = 1_000;
const days = 365;

/** 1 000 subscriptions created an hour apart: a quarter on trial, 5 % failing, 5 % canceling. */
async function world() {
  const fake = createFakeChainbill();
  fake.clock.set('2026-01-01T00:00:00.000Z');
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
  fake.seed.paymentMethod();
  const monthly = fake.seed.plan({ name: 'Monthly', amount: 29 });
  const trial = fake.seed.plan({ name: 'Trial', amount: 49, trial_days: 14 });
  const quarterly = fake.seed.plan({ name: 'Quarterly', amount: 79, interval_count: 3 });
  const plans = [monthly, trial, quarterly, monthly];
  for (let i = 0; i < subscriptions; i++) {
    const customer = fake.seed.customer({ email: `c${i}@example.com` });
    const plan = plans[i % plans.length];
    const { id } = await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
    if (i % 20 === 7) fake.simulate.failNextRenewal(id, { times: 4 });
    if (i % 20 === 13) await chainbill.subscriptions.cancel(id);
    fake.clock.advance({ hours: 1 });
  }
  return fake;
}

const runs = [];
for (let run = 0; run < 5; run++) {
  const fake = await world();
  const before = fake.events.at(-1).sequence;
  // Counted from what each advance returns, which names every change; the event log keeps only
  // its last 10 000, fewer than a year makes.
  const counts = { renewed: 0, failed: 0, canceled: 0, events: 0 };
  const started = performance.now();
  for (let day = 0; day < days; day++) {
    const moved = fake.clock.advance({ days: 1 });
    counts.renewed += moved.renewed.length;
    counts.failed += moved.failed.length;
    counts.canceled += moved.canceled.length;
  }
  const ms = performance.now() - started;
  counts.events = fake.events.at(-1).sequence - before;
  runs.push(ms);
  console.log(
    `run ${run + 1}: ${days} daily advances over ${subscriptions} subscriptions in ${ms.toFixed(0)} ms ` +
      `(${counts.renewed} renewals, ${counts.failed} failed attempts, ` +
      `${counts.canceled} cancellations, ${counts.events} events)`,
  );
}
runs.sort((a, b) => a - b);
console.log(
  `a year of daily advances over 1 000 subscriptions: median ${runs[2].toFixed(0)} ms (goal < 1 000 ms)`,
);
