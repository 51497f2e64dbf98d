/**
 * Spend budgets (docs/money.md, "Budgets") on every store: memory, PGlite in process, and the
 * PostgreSQL server when CHAINBILL_TEST_DATABASE_URL is set. Payouts go to the fake; what it
 * received is what was sent.
 */
import {
  Chainbill,
  type ChainbillStore,
  type ClientOptions,
  ConfigurationError,
  memoryStore,
  type PayoutCreateParams,
  PayoutPolicyError,
} from 'chainbill';
import { postgresStore } from 'chainbill/postgres';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { failure } from '../helpers.js';
import { type Engine, useEngines } from './engines.js';

interface Bench {
  readonly name: string;
  store(): ChainbillStore;
  /** A store on another session of the same database, as another process has (the server only). */
  other?(): ChainbillStore;
}

const benches: Bench[] = [
  { name: 'memory', store: memoryStore },
  ...useEngines().map((engine: Engine): Bench => {
    beforeAll(() => postgresStore(engine.db()).migrate());
    return {
      name: engine.name,
      store: () => postgresStore(engine.db()),
      ...(engine.pool ? { other: () => postgresStore(engine.pool?.(4) ?? engine.db()) } : {}),
    };
  }),
];

const payout = (amount: number): PayoutCreateParams => ({
  recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
  chain: 'tron',
  token: 'USDT',
  amount,
  currency: 'USD',
});
const creates = (fake: FakeChainbill) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === '/payouts').length;
let scopes = 0;

describe.each(benches)('payout budgets on $name', (bench) => {
  const setup = (options: Partial<ClientOptions> = {}, store = bench.store()) => {
    const fake = createFakeChainbill();
    const client = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: fake.fetch,
      maxRetries: 0,
      scope: `budgets-${bench.name}-${++scopes}`,
      budgetStore: store,
      payoutPolicy: { budgets: [{ token: 'USDT', period: 'day', maxAmount: '1000', maxCount: 5 }] },
      ...options,
    });
    return { fake, client, store };
  };
  const budgetOf = async (client: Chainbill, amount = 1) =>
    (await client.payouts.preview(payout(amount))).checks.find((c) => c.rule === 'policy.budget');

  it('creates within the budget, refuses past it with policy.budget, and sends nothing then', async () => {
    const { fake, client } = setup();
    await client.payouts.create(payout(400));
    await client.payouts.create(payout(400.5));
    const error = await failure(client.payouts.create(payout(300)));
    expect(error).toBeInstanceOf(PayoutPolicyError);
    expect(error).toMatchObject({ rule: 'policy.budget', param: 'amount' });
    expect((error as Error).message).toMatch(
      /amount 300 USDT is over what is left of the USDT budget per day: 199\.5 of 1000 USDT \(800\.5 spent, 0 reserved this UTC day/,
    );
    expect(creates(fake)).toBe(2);
    await client.payouts.create(payout(199.5));
    expect(creates(fake)).toBe(3);
  });

  it('preview reports spent, reserved and left without reserving; ok as create would do', async () => {
    const { client } = setup();
    await client.payouts.create(payout(250));
    const preview = await client.payouts.preview(payout(800));
    expect(preview.ok).toBe(false);
    expect(preview.checks.at(-1)).toMatchObject({
      rule: 'policy.budget',
      ok: false,
      budget: {
        token: 'USDT',
        period: 'day',
        maxAmount: '1000',
        spent: '250',
        reserved: '0',
        left: '750',
        count: 1,
        maxCount: 5,
      },
    });
    expect((await budgetOf(client, 750))?.ok).toBe(true);
    expect((await budgetOf(client))?.budget?.spent).toBe('250');
  });

  it('maxCount bounds how many payouts a period holds', async () => {
    const { fake, client } = setup({
      payoutPolicy: { budgets: [{ token: 'USDT', period: 'hour', maxAmount: '1000', maxCount: 2 }] },
    });
    await client.payouts.create(payout(1));
    await client.payouts.create(payout(1));
    const error = await failure(client.payouts.create(payout(1)));
    expect((error as Error).message).toMatch(
      /the USDT budget per hour allows 2 payouts, and 2 are made or reserved/,
    );
    expect(creates(fake)).toBe(2);
  });

  it('a create the API refused (4xx) gives its reservation back; an unknown outcome keeps it', async () => {
    const { fake, client } = setup();
    fake.faults.next({ method: 'POST', route: '/payouts' }, { status: 409, code: 'conflict' });
    expect(await failure(client.payouts.create(payout(600)))).toMatchObject({ status: 409 });
    expect((await budgetOf(client))?.budget).toMatchObject({ spent: '0', reserved: '0', left: '1000' });
    // The answer is lost after the payout was made: it may exist, so its amount stays counted.
    fake.faults.next({ method: 'POST', route: '/payouts' }, 'commit-then-drop');
    await failure(client.payouts.create(payout(600)));
    expect((await budgetOf(client))?.budget).toMatchObject({ spent: '0', reserved: '600', left: '400' });
    fake.faults.next({ method: 'POST', route: '/payouts' }, { status: 503 });
    await failure(client.payouts.create(payout(100)));
    expect((await budgetOf(client))?.budget).toMatchObject({ reserved: '700', count: 2 });
    expect(await failure(client.payouts.create(payout(301)))).toBeInstanceOf(PayoutPolicyError);
  });

  it('canceling a draft it reserved gives the amount back; other cancels change nothing', async () => {
    const { fake, client } = setup();
    const draft = await client.payouts.create(payout(900));
    const foreign = fake.seed.payout({ amount: 50, token: 'USDT', chain: 'tron' });
    await client.payouts.cancel(foreign.id);
    expect((await budgetOf(client))?.budget).toMatchObject({ spent: '900', count: 1 });
    await client.payouts.cancel(draft.id);
    expect((await budgetOf(client))?.budget).toMatchObject({ spent: '0', count: 0 });
    await client.payouts.create(payout(1000));
  });

  it('a raw POST /payouts reserves as create does; a raw cancel gives back', async () => {
    const { fake, client } = setup();
    const made = (await client.post('/payouts', { body: payout(700) })) as { id: string };
    expect(await failure(client.post('/payouts/', { body: payout(301) }))).toMatchObject({
      rule: 'policy.budget',
    });
    expect(creates(fake)).toBe(1);
    await client.patch(`/payouts/${made.id}`, { body: { status: 'canceled' } });
    expect((await budgetOf(client))?.budget).toMatchObject({ spent: '0', count: 0 });
  });

  it('a new UTC period starts with the whole budget', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-06-01T23:59:00.000Z') });
    const { client } = setup();
    await client.payouts.create(payout(1000));
    expect(await failure(client.payouts.create(payout(1)))).toBeInstanceOf(PayoutPolicyError);
    vi.setSystemTime(Date.parse('2026-06-02T00:00:00.000Z'));
    await client.payouts.create(payout(1000));
    expect((await budgetOf(client))?.budget).toMatchObject({
      periodStart: '2026-06-02T00:00:00.000Z',
      spent: '1000',
    });
  });

  it('concurrent creates from clients sharing the store send exactly the budget', async () => {
    const store = bench.store();
    const { fake, client } = setup({}, store);
    const second = client.withOptions({ budgetStore: bench.other?.() ?? store });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? client : second).payouts.create(payout(250))),
    );
    const made = results.filter((r) => r.status === 'fulfilled');
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(made).toHaveLength(4);
    expect(refused.every((e) => e instanceof PayoutPolicyError && e.rule === 'policy.budget')).toBe(true);
    expect(creates(fake)).toBe(4);
  });

  it('budgets are kept per scope: another key has its own, one scope shares them', async () => {
    const store = bench.store();
    const scope = `budgets-${bench.name}-acme`;
    const { client } = setup({ scope }, store);
    await client.payouts.create(payout(1000));
    const fake = createFakeChainbill();
    const other = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: fake.fetch,
      budgetStore: store,
      payoutPolicy: { budgets: [{ token: 'USDT', period: 'day', maxAmount: '1000' }] },
    });
    await other.payouts.create(payout(1000));
    const shared = other.withOptions({ scope });
    expect(await failure(shared.payouts.create(payout(1)))).toBeInstanceOf(PayoutPolicyError);
  });
});

describe('payout budgets: configuration', () => {
  it('refuses a budget that cannot be checked, naming it', () => {
    const bad: [unknown, RegExp][] = [
      [[{ token: 'DAI', period: 'day', maxAmount: '1' }], /budgets\[0\]\.token must be one of/],
      [[{ token: 'USDT', period: 'week', maxAmount: '1' }], /budgets\[0\]\.period must be 'hour' or 'day'/],
      [[{ token: 'USDT', period: 'day', maxAmount: '-1' }], /budgets\[0\]\.maxAmount must be a non-negative/],
      [[{ token: 'USDT', period: 'day', maxAmount: '1', maxCount: 1.5 }], /maxCount must be a whole number/],
      [[{ token: 'USDT', period: 'day', maxAmount: '1', every: 2 }], /unknown key .every./],
      [
        [
          { token: 'USDT', period: 'day', maxAmount: '1' },
          { token: 'USDT', period: 'day', maxAmount: '2' },
        ],
        /budgets\[1\] is a second USDT budget per day/,
      ],
    ];
    const fake = createFakeChainbill();
    for (const [budgets, message] of bad) {
      const make = () =>
        new Chainbill({
          apiKey: fake.apiKey,
          baseUrl: fake.baseUrl,
          payoutPolicy: { budgets: budgets as never },
        });
      expect(make).toThrow(ConfigurationError);
      expect(make).toThrow(message);
    }
    expect(
      () => new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, budgetStore: {} as never }),
    ).toThrow(/budgetStore must be a store/);
  });

  it('without a budgetStore, a client keeps its budgets in its own memory', async () => {
    const fake = createFakeChainbill();
    const client = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: fake.fetch,
      payoutPolicy: { budgets: [{ token: 'USDT', period: 'day', maxAmount: '10' }] },
    });
    await client.payouts.create(payout(10));
    expect(await failure(client.payouts.create(payout(0.01)))).toBeInstanceOf(PayoutPolicyError);
    expect(creates(fake)).toBe(1);
  });
});
