import { Chainbill, ConflictError, NotFoundError } from 'chainbill';
import { applySeedFile } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../helpers.js';
import { payout as params } from './edge-helpers.js';

const { fake, client } = useFakeApi();

describe('fake API: payout rules', () => {
  it('new payouts are drafts', async () => {
    expect((await client().payouts.create(params)).status).toBe('draft');
  });

  it.each(['approved', 'canceled', 'settled', 'failed'] as const)(
    'a %s payout cannot be approved or canceled',
    async (status) => {
      const { id } = fake().seed.payout({ status });
      await expect(client().payouts.approve(id)).rejects.toBeInstanceOf(ConflictError);
      await expect(client().payouts.cancel(id)).rejects.toBeInstanceOf(ConflictError);
      await expect(client().payouts.update(id, { description: 'still editable' })).resolves.toMatchObject({
        status,
      });
    },
  );

  it('simulate carries an approved payout through execution to settled, with its settlement record', async () => {
    const { id } = await client().payouts.create(params);
    await client().payouts.approve(id);
    const steps = [1, 2, 3, 4].map(() => fake().simulate.advancePayout(id).status);
    expect(steps).toEqual(['pending_execution', 'executed', 'verifying', 'settled']);
    const [payout] = (await client().payouts.list()).data;
    expect(payout).toMatchObject({ status: 'settled' });
    expect(payout?.executed_at).not.toBeNull();
    expect(payout?.verified_at).not.toBeNull();
    // A Tron transaction id: 64 hex digits, no 0x (an EVM chain's hash has one).
    expect(payout?.expected_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    const { data } = await client().payouts.settlements.list({ payout_intent_id: id });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      tx_hash: payout?.expected_tx_hash,
      amount_atomic: '10000000',
      to_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
    });
    expect(() => fake().simulate.advancePayout(id)).toThrow(/only an approved payout/);
  });

  it('a payout seeded in a later state was walked there: its stamps, its settlement, its events', async () => {
    fake().clock.set('2026-03-02T10:00:00.000Z');
    const settled = fake().seed.payout({ status: 'settled', chain: 'base', amount: 42.5 });
    expect(settled).toMatchObject({
      status: 'settled',
      approved_at: '2026-03-02T10:00:00.000Z',
      approved_by: expect.any(String),
      executed_at: '2026-03-02T10:00:00.000Z',
      verified_at: '2026-03-02T10:00:00.000Z',
      expected_tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      failed_at: null,
      canceled_at: null,
    });
    const { data } = await client().payouts.settlements.list({ payout_intent_id: settled.id });
    expect(data).toEqual([
      expect.objectContaining({
        tx_hash: settled.expected_tx_hash,
        amount_atomic: '42500000',
        chain: 'base',
      }),
    ]);
    expect(
      fake()
        .events.filter((e) => e.objectId === settled.id)
        .map((e) => [e.type, e.cause]),
    ).toEqual([
      ['payout.created', 'seed'],
      ['payout.approved', 'seed'],
      ['payout.pending_execution', 'seed'],
      ['payout.executed', 'seed'],
      ['payout.verifying', 'seed'],
      ['payout.settled', 'seed'],
    ]);
    const canceled = fake().seed.payout({ status: 'canceled', canceled_at: '2026-01-05T00:00:00.000Z' });
    expect(canceled).toMatchObject({ canceled_at: '2026-01-05T00:00:00.000Z', approved_at: null });
    const failed = fake().seed.payout({ status: 'failed' });
    expect(failed).toMatchObject({
      failure_reason: 'execution_failed',
      failed_at: '2026-03-02T10:00:00.000Z',
    });
  });

  it('simulate fails an approved payout with a reason, and refuses a draft', async () => {
    const { id } = fake().seed.payout({ status: 'approved' });
    const failed = fake().simulate.failPayout(id, 'insufficient_funds');
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    expect(failed.failed_at).not.toBeNull();
    expect(() => fake().simulate.failPayout(fake().seed.payout().id)).toThrow(/only an approved/);
    expect(() => fake().simulate.settlePayout('po_unknown')).toThrow(/No such payout/);
  });

  it('filters by status and due date, and caps limit at 100', async () => {
    fake().seed.payout({ due_date: '2026-12-01T00:00:00.000Z' });
    fake().seed.payout({ due_date: null });
    const due = await client().payouts.list({ due_date_before: '2027-01-01T00:00:00Z' });
    expect(due.data).toHaveLength(1);
    const raw = await fake().fetch(`${fake().baseUrl}/payouts?limit=101`, {
      headers: { Authorization: `Bearer ${fake().apiKey}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: { code: 'parameter_invalid', param: 'limit' } });
  });

  it('refuses a cursor it did not issue', async () => {
    const raw = await fake().fetch(`${fake().baseUrl}/payouts?cursor=bogus`, {
      headers: { Authorization: `Bearer ${fake().apiKey}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: { code: 'cursor_invalid', param: 'cursor' } });
  });

  it('keeps organizations and environments apart', async () => {
    const { id } = await client().payouts.create(params);
    const live = client({ apiKey: fake().liveApiKey });
    expect(live.environment).toBe('live');
    expect((await live.payouts.list()).data).toEqual([]);
    await expect(live.payouts.approve(id)).rejects.toBeInstanceOf(NotFoundError);
    const other = client({ apiKey: fake().createApiKey({ orgId: 'org_other' }) });
    expect((await other.payouts.list()).data).toEqual([]);
    const created = await other.payouts.create(params);
    expect(created.org_id).toBe('org_other');
    expect((await client().payouts.list()).data.map((p) => p.id)).toEqual([id]);
  });

  it('replays a repeated Idempotency-Key instead of creating twice', async () => {
    const api = client();
    const first = await api.payouts.create(params, { idempotencyKey: 'order-1042' });
    const again = await api.payouts.create(params, { idempotencyKey: 'order-1042' });
    expect(again.id).toBe(first.id);
    expect((await api.payouts.list()).data).toHaveLength(1);
    await expect(
      api.payouts.create({ ...params, amount: 11 }, { idempotencyKey: 'order-1042' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'idempotency_key_reused',
    });
  });

  it('logs every request with its idempotency key and status', async () => {
    const { id } = await client().payouts.create(params);
    await client().payouts.approve(id);
    expect(fake().requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/payouts', 201],
      ['PATCH', `/payouts/${id}`, 200],
    ]);
    expect(fake().requests.every((r) => typeof r.idempotencyKey === 'string')).toBe(true);
  });

  it('uses its settable clock for timestamps', async () => {
    fake().clock.set('2026-01-01T00:00:00.000Z');
    fake().clock.advance(60_000);
    const payout = await client().payouts.create(params);
    expect(payout.created_at).toBe('2026-01-01T00:01:00.000Z');
  });
});

describe('fake API: a payout amount in exponent form', () => {
  // 1e21 prints as "1e+21", the form a JSON body carries it in; its atomic amount is 10^27.
  const atomic = `1${'0'.repeat(27)}`;

  it('a created payout of 1e21 keeps its exact atomic amount and settles it', async () => {
    const created = await client().payouts.create({ ...params, amount: 1e21 });
    expect(created).toMatchObject({ amount: 1e21, amount_atomic: atomic });
    await client().payouts.approve(created.id);
    expect(fake().simulate.settlePayout(created.id)).toMatchObject({ amount_atomic: atomic });
    const more = await client().payouts.create({ ...params, amount: 1.5e21 });
    expect(more.amount_atomic).toBe(`15${'0'.repeat(26)}`);
  });

  it('a seed file payout of 1e21 settles with the same atomic amount', async () => {
    const file = {
      organizations: [
        {
          id: 'org_exponent',
          keys: { sandbox: ['sk_test_exponent_1'] },
          sandbox: { payouts: [{ status: 'settled', amount: 1e21 }] },
        },
      ],
    };
    applySeedFile(fake(), JSON.parse(JSON.stringify(file)));
    const other = new Chainbill({
      apiKey: 'sk_test_exponent_1',
      baseUrl: fake().baseUrl,
      fetch: fake().fetch,
    });
    const [payout] = (await other.payouts.list()).data;
    expect(payout).toMatchObject({ amount: 1e21, amount_atomic: atomic });
    const settlements = await other.payouts.settlements.list({ payout_intent_id: payout?.id ?? '' });
    expect(settlements.data.map((s) => s.amount_atomic)).toEqual([atomic]);
  });

  it('a payout seeded with no atomic amount cannot settle as zero', async () => {
    const seeded = fake().seed.payout({ status: 'approved', amount: 12.5, amount_atomic: null });
    expect(() => fake().simulate.settlePayout(seeded.id)).toThrow(
      expect.objectContaining({ status: 409, message: expect.stringMatching(/amount_atomic/) }),
    );
    expect(() => fake().seed.payout({ status: 'settled', amount: 12.5, amount_atomic: null })).toThrow(
      expect.objectContaining({ status: 400, param: 'amount_atomic' }),
    );
    expect((await client().payouts.list()).data.map((p) => [p.id, p.status])).toEqual([
      [seeded.id, 'approved'],
    ]);
    expect((await client().payouts.settlements.list()).data).toEqual([]);
  });
});
