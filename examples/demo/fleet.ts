import { PGlite } from '@electric-sql/pglite';
import { type Chainbill, PayoutPolicyError } from 'chainbill';
import { postgresStore, type Queryable } from 'chainbill/postgres';
import type { FakeChainbill } from 'chainbill/testing';
import { show, step } from './output.js';

/**
 * State that outlives a process (docs/postgres.md), on PGlite (PostgreSQL in process, no server):
 * a consumer fulfils paid orders in the transaction that records each event, so each order is
 * fulfilled once whatever crashes; and a daily spend budget that every process sharing the store
 * draws from. Paying checkouts needs the fake.
 */
export async function fleetStory(chainbill: Chainbill, fake?: FakeChainbill): Promise<void> {
  step('A fleet on PostgreSQL: revenueEvents.consume() and a spend budget (PGlite)');
  if (!fake) {
    show('(skipped against a real server: it takes a payer to confirm a checkout)');
    return;
  }
  const db = new PGlite();
  try {
    const store = postgresStore(db);
    await store.migrate();
    await db.query('CREATE TABLE orders (checkout_id text PRIMARY KEY, paid boolean NOT NULL DEFAULT false)');
    fake.clock.advance({ seconds: 1 }); // past the checkouts of the earlier stories
    const opened = fake.clock.now();
    const paid: string[] = [];
    for (const usd of [80, 25]) {
      const checkout = fake.seed.checkout({ amount_usd: usd, amount_atomic: String(usd * 1_000_000) });
      await db.query('INSERT INTO orders (checkout_id) VALUES ($1)', [checkout.checkout_id]);
      fake.simulate.confirmCheckout(checkout.checkout_id);
      paid.push(checkout.checkout_id);
    }
    const stop = new AbortController();
    let fulfilled = 0;
    const consumer = chainbill.revenueEvents.consume<Queryable>({
      name: 'fulfilment',
      store,
      event_type: 'checkout_confirmed',
      from: opened,
      pollIntervalMs: 100,
      signal: stop.signal,
      handlers: {
        checkout_confirmed: async (event, tx) => {
          // Through tx: the order and the event's record commit together, once.
          await tx.query('UPDATE orders SET paid = true WHERE checkout_id = $1', [event.checkout_id]);
          show(`fulfilled ${event.checkout_id} in the event's transaction`);
          if (++fulfilled === paid.length) stop.abort();
        },
      },
    });
    await consumer.done;
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE paid');
    show(`${rows[0]?.n} orders paid; chainbill_processed_events holds each event's id for the window`);

    const payer = chainbill.withOptions({
      budgetStore: store,
      payoutPolicy: { budgets: [{ token: 'USDT', period: 'day', maxAmount: '1000' }] },
    });
    const params = {
      recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
      chain: 'tron',
      token: 'USDT',
      currency: 'USD',
    } as const;
    const first = await payer.payouts.create({ ...params, amount: 600 });
    show(`payout ${first.id}: 600 USDT, within the day's budget of 1000`);
    try {
      await payer.payouts.create({ ...params, amount: 500 });
    } catch (error) {
      if (!(error instanceof PayoutPolicyError)) throw error;
      show(`500 USDT more refused before sending: ${error.rule}`);
    }
    const budget = (await payer.payouts.preview({ ...params, amount: 400 })).checks.at(-1)?.budget;
    show(
      `the budget now: ${budget?.spent} spent, ${budget?.left} left today (UTC); a canceled draft gives back`,
    );
  } finally {
    await db.close();
  }
}
