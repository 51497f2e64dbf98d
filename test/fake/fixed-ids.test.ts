/**
 * Fixed ids (docs/testing.md: Fixed ids): a fake made with `idSeed` answers the same calls with the
 * same ids on every run (records, keys, hashes, addresses, request ids, cursors); each kind counts
 * apart; `reset()` starts them again. Without a seed they are random.
 */
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';

const recipient = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';

/** Sends one API call with the fake's key, and keeps what a transcript would. */
async function call(fake: FakeChainbill, method: string, path: string, body?: unknown) {
  const response = await fake.fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    body: await response.json(),
  };
}

/** The same calls on a fake, and everything they showed. */
async function story(fake: FakeChainbill) {
  fake.clock.set('2026-06-01T00:00:00Z');
  const customer = fake.seed.customer({ email: 'alice@example.com' });
  const checkout = fake.seed.checkout({ amount_usd: 40, required_confirmations: 2 });
  const paid = fake.simulate.payCheckout(checkout.checkout_id);
  const created = await call(fake, 'POST', '/payouts', {
    recipient_address: recipient,
    chain: 'tron',
    token: 'USDT',
    amount: 25,
    currency: 'USD',
  });
  const second = await call(fake, 'POST', '/payouts', {
    recipient_address: recipient,
    chain: 'tron',
    token: 'USDT',
    amount: 12.5,
    currency: 'USD',
  });
  const id = (created.body as { id: string }).id;
  const approved = await call(fake, 'PATCH', `/payouts/${id}`, { status: 'approved' });
  const executed = fake.simulate.executePayout(id);
  const moved = fake.clock.advance({ seconds: 10 });
  const firstPage = await call(fake, 'GET', '/payouts?limit=1');
  const cursor = (firstPage.body as { next_cursor: string }).next_cursor;
  const nextPage = await call(fake, 'GET', `/payouts?limit=1&cursor=${encodeURIComponent(cursor)}`);
  const settlements = await call(fake, 'GET', `/payouts/${id}/settlements`);
  const events = await call(fake, 'GET', '/revenue_events');
  const otherKey = fake.createApiKey({ orgId: 'org_other' });
  return {
    keys: [fake.apiKey, fake.liveApiKey, otherKey],
    seeded: [customer, checkout, paid],
    calls: [created, second, approved, firstPage, nextPage, settlements, events],
    executed,
    moved,
    events: structuredClone(fake.events),
  };
}

describe('fixed ids', () => {
  it('the same idSeed gives the same ids, keys, hashes, addresses, request ids and cursors', async () => {
    const first = await story(createFakeChainbill({ idSeed: 42 }));
    const again = await story(createFakeChainbill({ idSeed: 42 }));
    expect(again).toEqual(first);
    // What the story shows is real: ids of their kind, a tron hash, a tron deposit address.
    const created = first.calls[0] as { body: { id: string }; requestId: string };
    expect(created.body.id).toMatch(/^po_[0-9a-f]{24}$/);
    expect(created.requestId).toMatch(/^req_[0-9a-f]{16}$/);
    expect(first.executed.expected_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.seeded[1]).toMatchObject({ deposit_address: expect.stringMatching(/^T\w{33}$/) });
    expect(first.keys[0]).toMatch(/^sk_test_fake_[0-9a-f]{24}$/);
  });

  it('another seed, or none, gives other ids', async () => {
    const ids = async (fake: FakeChainbill) => JSON.stringify((await story(fake)).calls[0]?.body);
    const seeded = await ids(createFakeChainbill({ idSeed: 42 }));
    expect(await ids(createFakeChainbill({ idSeed: 43 }))).not.toBe(seeded);
    expect(await ids(createFakeChainbill())).not.toBe(await ids(createFakeChainbill()));
  });

  it('each kind counts apart: reads and other records do not move a payout id', async () => {
    const quiet = createFakeChainbill({ idSeed: 7 });
    const busy = createFakeChainbill({ idSeed: 7 });
    for (let i = 0; i < 5; i++) {
      busy.seed.customer({ email: `c${i}@example.com` });
      await call(busy, 'GET', '/payouts');
    }
    expect(busy.seed.payout({ amount: 10 }).id).toBe(quiet.seed.payout({ amount: 10 }).id);
  });

  it('reset() starts the ids again and keeps the keys', async () => {
    const fake = createFakeChainbill({ idSeed: 42 });
    const before = fake.seed.payout({ amount: 10 }).id;
    const key = fake.createApiKey({ orgId: 'org_two' });
    fake.reset();
    expect(fake.seed.payout({ amount: 10 }).id).toBe(before);
    // A key made after the reset is new: the keys' own count goes on.
    expect(fake.createApiKey({ orgId: 'org_three' })).not.toBe(key);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53, '42'])('refuses idSeed %s', (idSeed) => {
    expect(() => createFakeChainbill({ idSeed: idSeed as number })).toThrow(RangeError);
  });
});
