import type { Chainbill } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { show, step } from './output.js';

/**
 * A backend that fulfils orders from the revenue ledger's change feed (docs/feed.md): two
 * checkouts are paid on-chain, the backend fulfils each once and saves the feed's checkpoint,
 * stops, and after a restart from the checkpoint fulfils the next order and neither of the first
 * two again. Paying checkouts needs the fake.
 */
export async function feedStory(chainbill: Chainbill, fake?: FakeChainbill): Promise<void> {
  step('The change feed: a backend fulfils orders from revenueEvents.watch()');
  if (!fake) {
    show('(skipped against a real server: it takes a payer to confirm a checkout)');
    return;
  }
  fake.clock.advance({ seconds: 1 }); // past the checkout of the billing story
  const opened = fake.clock.now();
  const pay = (usd: number): string => {
    const checkout = fake.seed.checkout({ amount_usd: usd, amount_atomic: String(usd * 1_000_000) });
    fake.simulate.confirmCheckout(checkout.checkout_id); // a checkout_confirmed event in the ledger
    return checkout.checkout_id;
  };
  pay(120);
  pay(35);

  let saved = ''; // the backend's database
  const stop = new AbortController();
  const feed = chainbill.revenueEvents.watch({
    event_type: 'checkout_confirmed',
    from: opened,
    signal: stop.signal,
  });
  let handled = 0;
  for await (const event of feed) {
    show(`fulfilled ${event.checkout_id} (${event.amount} ${event.currency}), checkpoint saved`);
    saved = feed.checkpoint;
    if (++handled === 2) stop.abort(); // the backend stops
  }

  const next = pay(49);
  for await (const event of chainbill.revenueEvents.watch({
    event_type: 'checkout_confirmed',
    from: saved,
  })) {
    if (event.checkout_id !== next) throw new Error(`fulfilled ${event.checkout_id} again after the restart`);
    show(`restarted from the checkpoint (${saved.length} characters): fulfilled ${next}, and only it`);
    break;
  }
}
