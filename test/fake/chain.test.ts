/**
 * The fake's chain moves with its clock (DESIGN.md: Test clocks, last bullet): a block per block
 * time of the chain (tron 3 s, arbitrum 0.25 s, base 2 s). A paid checkout gains a confirmation a
 * block until it is confirmed; an executed payout is verifying after one block, settled after the
 * next, and its settlement's confirmations keep growing. Walked here block by block, through the
 * API, with the clock moved only by `advance`.
 */
import type { Chainbill } from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../helpers.js';

// A time on a block of every chain (a multiple of 3 000, 2 000 and 250 ms).
const start = '2026-06-01T00:00:00.000Z';
let fake: FakeChainbill;
let chainbill: Chainbill;

beforeEach(() => {
  ({ fake, client: chainbill } = fakeClient());
  fake.clock.set(start);
});

async function checkout(id: string) {
  return (await chainbill.checkouts.list()).data.find((c) => c.checkout_id === id);
}

describe('a paid checkout, block by block', () => {
  it('tron: detected, then a confirmation every 3 s, confirmed at required_confirmations', async () => {
    const { checkout_id: id } = fake.seed.checkout({ amount_usd: 40, required_confirmations: 3 });
    const paid = fake.simulate.payCheckout(id);
    expect(paid).toMatchObject({
      status: 'detected',
      confirmations: 0,
      detected_at: start,
      confirmed_at: null,
    });
    expect(paid.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    fake.clock.advance(2_999);
    expect(await checkout(id)).toMatchObject({ status: 'detected', confirmations: 0 });
    const seen: unknown[] = [];
    for (let block = 1; block <= 3; block++) {
      fake.clock.advance({ seconds: block === 1 ? 0.001 : 3 });
      const { status, confirmations } = (await checkout(id)) ?? {};
      seen.push([status, confirmations]);
    }
    expect(seen).toEqual([
      ['confirming', 1],
      ['confirming', 2],
      ['confirmed', 3],
    ]);
    const confirmed = await checkout(id);
    expect(confirmed?.confirmed_at).toBe('2026-06-01T00:00:09.000Z');
    const [revenue] = (await chainbill.revenueEvents.list({ event_type: 'checkout_confirmed' })).data;
    expect(revenue).toMatchObject({ checkout_id: id, amount: 40, tx_hash: paid.tx_hash });
    expect(fake.events.filter((e) => e.objectId === id).map((e) => [e.type, e.at, e.cause])).toEqual([
      ['checkout.created', start, 'seed'],
      ['checkout.detected', start, 'simulate'],
      ['checkout.confirming', '2026-06-01T00:00:03.000Z', 'clock'],
      ['checkout.confirmed', '2026-06-01T00:00:09.000Z', 'clock'],
    ]);
    fake.clock.advance({ hours: 1 });
    expect(await checkout(id)).toMatchObject({ status: 'confirmed', confirmations: 3 });
  });

  it('arbitrum blocks are 0.25 s; a payer who sent less gets a failed checkout', async () => {
    const { checkout_id: id, amount_atomic } = fake.seed.checkout({
      chain: 'arbitrum',
      amount_usd: 10,
      required_confirmations: 4,
    });
    fake.simulate.payCheckout(id, { amount_atomic: String(BigInt(amount_atomic) - 1n) });
    fake.clock.advance(750);
    expect(await checkout(id)).toMatchObject({ status: 'confirming', confirmations: 3 });
    fake.clock.advance(250);
    expect(await checkout(id)).toMatchObject({ status: 'failed', confirmations: 4 });
    expect((await chainbill.revenueEvents.list()).data).toEqual([]);
  });

  it('refuses to pay a checkout that is not pending, or with a hash of another chain', () => {
    const { checkout_id: id } = fake.seed.checkout({ chain: 'base' });
    expect(() => fake.simulate.payCheckout(id, { tx_hash: 'ab'.repeat(32) })).toThrow(/0x/);
    fake.simulate.payCheckout(id);
    expect(() => fake.simulate.payCheckout(id)).toThrow(/only a pending checkout/);
  });

  it('a checkout moved by advanceCheckout has no blocks: it stays where the test put it', async () => {
    const { checkout_id: id } = fake.seed.checkout({ required_confirmations: 3 });
    fake.simulate.advanceCheckout(id);
    fake.clock.advance({ minutes: 5 });
    expect(await checkout(id)).toMatchObject({ status: 'detected', confirmations: 1 });
  });
});

describe('an executed payout, block by block', () => {
  it('base: verifying after one block, settled after the next, then a confirmation every 2 s', async () => {
    const payout = fake.seed.payout({ status: 'approved', chain: 'base', amount: 250 });
    const executed = fake.simulate.executePayout(payout.id);
    expect(executed).toMatchObject({ status: 'executed', executed_at: start });
    expect(executed.expected_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const status = async () => (await chainbill.payouts.list()).data[0]?.status;
    const settlements = async () =>
      (await chainbill.payouts.settlements.list({ payout_intent_id: payout.id })).data;
    fake.clock.advance(1_999);
    expect([await status(), await settlements()]).toEqual(['executed', []]);
    fake.clock.advance(1);
    expect([await status(), await settlements()]).toEqual(['verifying', []]);
    fake.clock.advance(2_000);
    expect(await status()).toBe('settled');
    const [settlement] = await settlements();
    expect(settlement).toMatchObject({
      tx_hash: executed.expected_tx_hash,
      amount_atomic: '250000000',
      confirmations: 2,
      chain: 'base',
      to_address: payout.recipient_address,
      confirmed_at: '2026-06-01T00:00:04.000Z',
    });
    fake.clock.advance({ seconds: 10 });
    expect((await settlements())[0]).toMatchObject({
      confirmations: 7,
      block_number: settlement?.block_number,
    });
    expect(fake.events.filter((e) => e.objectId === payout.id).map((e) => [e.type, e.at])).toEqual([
      ['payout.created', start],
      ['payout.approved', start],
      ['payout.pending_execution', start],
      ['payout.executed', start],
      ['payout.verifying', '2026-06-01T00:00:02.000Z'],
      ['payout.settled', '2026-06-01T00:00:04.000Z'],
    ]);
  });

  it('executePayout takes an approved payout only', () => {
    expect(() => fake.simulate.executePayout(fake.seed.payout().id)).toThrow(/only an approved payout/);
    expect(() => fake.simulate.executePayout(fake.seed.payout({ status: 'settled' }).id)).toThrow(
      /409|approved/,
    );
  });
});

describe('waiting while the clock moves', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after advance, clock.run() lets the chain go on from there, and waitForSettlement resolves', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T00:00:00Z') }); // the process's time drives the run
    fake.clock.advance({ days: 1 }); // earlier in the test: the clock is frozen at Jun 2
    const payout = fake.seed.payout({ status: 'approved', chain: 'base', amount: 250 });
    fake.simulate.executePayout(payout.id);
    fake.clock.run(); // on from Jun 2, at the pace of Date.now()
    const settled = chainbill.payouts.waitForSettlement(payout.id, { minConfirmations: 20 });
    await vi.advanceTimersByTimeAsync(60_000); // polls every 5 s; a Base block every 2 s
    await expect(settled).resolves.toMatchObject({ amount_atomic: '250000000' });
    expect((await settled).confirmations).toBeGreaterThanOrEqual(20);
    expect(fake.clock.now().getTime()).toBeGreaterThan(Date.parse('2026-06-02T00:00:55Z'));
  });

  it('over the control API, { "run": true } does the same for a server', async () => {
    const server = await fake.listen({ controlToken: 'control-token-run' });
    try {
      fake.clock.advance({ days: 1 });
      const response = await fetch(server.url.replace(/\/v1$/, '/_fake/clock'), {
        method: 'POST',
        headers: { authorization: 'Bearer control-token-run', 'content-type': 'application/json' },
        body: JSON.stringify({ run: true }),
      });
      expect(response.status).toBe(200);
      const { now } = (await response.json()) as { now: string };
      expect(Date.parse(now)).toBeGreaterThanOrEqual(Date.parse('2026-06-02T00:00:00Z'));
      expect(Date.parse(now)).toBeLessThan(Date.parse('2026-06-03T00:00:00Z')); // on from Jun 2, not today
    } finally {
      await server.close();
    }
  });
});
