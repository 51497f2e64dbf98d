/**
 * Snapshots (docs/testing.md: Snapshots): `fake.snapshot()` is one JSON value of everything the
 * fake holds, and `fake.restore()` puts this fake or another back exactly there: the same answers,
 * the same story on the clock and the chain, the same faults, the same next ids. A snapshot of a
 * newer format, an edited one and hostile values are refused with nothing changed.
 */
import { createHash } from 'node:crypto';
import { Chainbill } from 'chainbill';
import { createFakeChainbill, type FakeChainbill, type FakeSnapshot } from 'chainbill/testing';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

const recipient = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';

const clientOf = (fake: FakeChainbill, apiKey = fake.apiKey) =>
  new Chainbill({ apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch, maxRetries: 0, logLevel: 'off' });

/** A fake mid-story: a subscription on a trial, a payout on the chain, a checkout confirming, faults armed. */
async function midStory(): Promise<{ fake: FakeChainbill; ids: Record<string, string> }> {
  const fake = createFakeChainbill({ idSeed: 5 });
  const chainbill = clientOf(fake);
  fake.clock.set('2026-06-01T00:00:00Z');
  const customer = await chainbill.customers.create({ email: 'ada@example.com', name: 'Ada' });
  const plan = fake.seed.plan({ name: 'Pro', amount: 29, trial_days: 14 });
  const method = fake.seed.paymentMethod({ chain: 'base', token: 'USDC' });
  const subscription = await chainbill.subscriptions.create({
    customer_id: customer.id,
    plan_id: plan.id,
    payment_method_id: method.id,
  });
  fake.simulate.failNextRenewal(subscription.id);
  const payout = await chainbill.payouts.create(
    { recipient_address: recipient, chain: 'tron', token: 'USDT', amount: 25, currency: 'USD' },
    { idempotencyKey: 'payout-1' },
  );
  await chainbill.payouts.approve(payout.id);
  fake.simulate.executePayout(payout.id);
  const checkout = fake.seed.checkout({ amount_usd: 40, required_confirmations: 3 });
  fake.simulate.payCheckout(checkout.checkout_id);
  fake.clock.advance({ seconds: 3 });
  fake.faults.next({ method: 'POST', route: '/payouts' }, { status: 503 }, { times: 2 });
  fake.faults.next({ method: 'GET', route: '/payouts/{id}' }, 'reset', { times: Number.POSITIVE_INFINITY });
  return { fake, ids: { subscription: subscription.id, payout: payout.id, checkout: checkout.checkout_id } };
}

/** What happens next, as a test would see it: the same calls on two fakes must give the same. */
async function whatFollows(fake: FakeChainbill, apiKey: string, subscription: string) {
  const chainbill = clientOf(fake, apiKey);
  const seen: unknown[] = [fake.clock.now().toISOString(), fake.faults.pending, structuredClone(fake.events)];
  seen.push(await chainbill.payouts.list(), await chainbill.checkouts.list());
  seen.push(fake.clock.advance({ days: 15, seconds: 9 }));
  seen.push(await chainbill.payouts.list(), await chainbill.revenueEvents.list());
  seen.push(await chainbill.subscriptions.update(subscription, { action: 'cancel' }));
  // The replay of a key used before the snapshot, and the next ids.
  const payout = {
    recipient_address: recipient,
    chain: 'tron',
    token: 'USDT',
    amount: 25,
    currency: 'USD',
  } as const;
  seen.push(await chainbill.payouts.create(payout, { idempotencyKey: 'payout-1' }).catch((e: unknown) => e));
  seen.push(await chainbill.customers.create({ email: 'bo@example.com' }), fake.seed.payout({ amount: 3 }));
  return seen;
}

describe('fake.snapshot() and fake.restore()', () => {
  it('restore into a new fake, through JSON: the same answers, story and next ids as the original', async () => {
    const { fake, ids } = await midStory();
    const snapshot = JSON.parse(JSON.stringify(fake.snapshot())) as FakeSnapshot;
    const copy = createFakeChainbill();
    copy.restore(snapshot);
    const restored = await whatFollows(copy, fake.apiKey, ids['subscription'] as string);
    expect(restored).toEqual(await whatFollows(fake, fake.apiKey, ids['subscription'] as string));
    // The story is real: the payout settled on the chain; the trial's end failed to charge (the
    // failure armed before the snapshot), and the retry a day later renewed it.
    const payouts = restored[6] as { data: { status: string }[] };
    expect(payouts.data[0]?.status).toBe('settled');
    const subscription = ids['subscription'];
    expect(restored[5]).toMatchObject({ failed: [subscription], renewed: [subscription] });
    expect(restored[8]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    // The new fake's own key still opens its organization (org_fake, the snapshot's too).
    expect(copy.apiKey).not.toBe(fake.apiKey);
    const own = (await clientOf(copy).customers.list()).data;
    expect(own).toEqual((await clientOf(copy, fake.apiKey).customers.list()).data);
    expect(own).toHaveLength(2);
  });

  it('restore into the same fake puts back what changed since, and keeps the request log', async () => {
    const { fake, ids } = await midStory();
    const saved = fake.snapshot();
    const subscription = ids['subscription'] as string;
    const before = await whatFollows(createRestored(saved), fake.apiKey, subscription);
    const requests = fake.requests.length;
    await clientOf(fake)
      .payouts.cancel(ids['payout'] as string)
      .catch(() => undefined);
    fake.clock.advance({ days: 40 });
    fake.faults.clear();
    fake.clock.useRealTime();
    fake.restore(saved);
    expect(fake.clock.now().toISOString()).toBe('2026-06-01T00:00:03.000Z');
    expect(fake.requests.length).toBeGreaterThan(requests);
    expect(await whatFollows(fake, fake.apiKey, subscription)).toEqual(before);
  });

  it('keeps the clock running on from where it stood, or on real time', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9) }); // this machine's time, held still
    onTestFinished(() => void vi.useRealTimers());
    const fake = createFakeChainbill();
    fake.clock.set('2030-01-01T00:00:00Z');
    fake.clock.run();
    const running = fake.snapshot();
    fake.clock.useRealTime();
    const real = fake.snapshot();
    fake.restore(running);
    expect(fake.clock.now().getTime()).toBeGreaterThanOrEqual(Date.UTC(2030, 0, 1));
    expect(fake.clock.now().getTime()).toBeLessThan(Date.UTC(2030, 0, 2));
    fake.restore(real);
    expect(fake.clock.now().getTime()).toBe(Date.UTC(2026, 10, 28, 9));
  });
});

function createRestored(snapshot: FakeSnapshot): FakeChainbill {
  const fake = createFakeChainbill();
  fake.restore(snapshot);
  return fake;
}

/** A snapshot with other content and the digest that matches it, as only a forger would make. */
function forged(content: unknown): FakeSnapshot {
  const digest = `sha256:${createHash('sha256').update(JSON.stringify(content)).digest('hex')}`;
  return { format: 'chainbill-fake-snapshot', version: 1, digest, content };
}

describe('a snapshot the fake cannot restore', () => {
  let nested: unknown = 'deep';
  for (let i = 0; i < 5_000; i++) nested = { nested };
  const throwing = Object.defineProperty({ format: 'chainbill-fake-snapshot', version: 1 }, 'content', {
    get: () => {
      throw new Error('boom');
    },
    enumerable: true,
  });

  it.each([
    ['null', () => null, 'snapshot_invalid'],
    ['a string', () => 'snapshot', 'snapshot_invalid'],
    ['another format', (s: FakeSnapshot) => ({ ...s, format: 'other' }), 'snapshot_invalid'],
    ['a newer version', (s: FakeSnapshot) => ({ ...s, version: 2 }), 'snapshot_version_unsupported'],
    [
      'edited content',
      (s: FakeSnapshot) => ({ ...s, content: { ...(s.content as object), ids: null } }),
      'snapshot_invalid',
    ],
    [
      'a digest of something else',
      (s: FakeSnapshot) => ({ ...s, digest: `sha256:${'0'.repeat(64)}` }),
      'snapshot_invalid',
    ],
    ['5 000 levels of nesting', (s: FakeSnapshot) => ({ ...s, content: nested }), 'snapshot_invalid'],
    ['a throwing getter', () => throwing, 'snapshot_invalid'],
    [
      'a Proxy that throws',
      (s: FakeSnapshot) =>
        new Proxy(s, {
          get: () => {
            throw new Error('no');
          },
        }),
      'snapshot_invalid',
    ],
    ['a forged shape', () => forged({ state: { scopes: 'all' } }), 'snapshot_invalid'],
    ['an unknown tag', () => forged({ $type: 'function', source: 'x' }), 'snapshot_invalid'],
    ['a reference to nothing', () => forged({ $type: 'ref', id: 7 }), 'snapshot_invalid'],
  ])('%s: a 400 FakeApiError, nothing changed', async (_name, make, code) => {
    const { fake } = await midStory();
    const good = fake.snapshot();
    const before = JSON.stringify(good);
    let thrown: unknown;
    try {
      fake.restore(make(good) as FakeSnapshot);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: 'FakeApiError', status: 400, code });
    expect(JSON.stringify(fake.snapshot())).toBe(before);
  });

  it('a forged snapshot with an own __proto__ key restores it as a key, not a prototype', async () => {
    const fake = createFakeChainbill();
    const good = fake.snapshot();
    const content = JSON.parse(JSON.stringify(good.content));
    content.ids.counts = JSON.parse('{"__proto__": {"polluted": 1}}');
    expect(() => fake.restore(forged(content))).toThrow(/counts.__proto__/);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
