import { Chainbill, RequestValidationError, ResponseValidationError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure, useFakeApi } from './helpers.js';
import { rows } from './property-rows.js';
import {
  envelope,
  json,
  payoutFixture,
  type Step,
  scriptedFetch,
  testBaseUrl,
  testKey,
} from './scripted-fetch.js';

const { fake, client, refusedBeforeSending } = useFakeApi();

/** A client on a scripted fetch: every request gets the next step's answer. */
function scripted(...steps: Step[]) {
  const { fetch, seen } = scriptedFetch(...steps);
  return { chainbill: new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, maxRetries: 0 }), seen };
}

const checkout = {
  checkout_id: 'co_1',
  status: 'pending',
  deposit_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  amount_usd: 5,
  amount_atomic: '5000000',
  chain: 'tron',
  token: 'USDT',
  required_confirmations: 20,
  expires_at: '2026-03-01T12:30:00.000Z',
  created_at: '2026-03-01T12:00:00.000Z',
  metadata: {},
};

const settlement = {
  id: 'ps_1',
  org_id: 'org_1',
  payout_intent_id: 'po_1',
  tx_hash: '0xabc',
  log_index: 0,
  from_address: 'TFrom',
  to_address: 'TTo',
  amount_atomic: '5000000',
  block_number: 1,
  block_hash: '0xdef',
  confirmations: 20,
  confirmed_at: '2026-03-01T12:00:00.000Z',
  detected_at: '2026-03-01T12:00:00.000Z',
  created_at: '2026-03-01T12:00:00.000Z',
};

describe('atomic amounts', () => {
  const bad = ['-5000000', '1.5', '0x10', 'abc', '', ' 5', '5 ', '1e6', '+5'];

  it.each(bad)('a checkout with amount_atomic %j is a ResponseValidationError', async (amount_atomic) => {
    const { chainbill } = scripted(json(200, envelope([{ ...checkout, amount_atomic }])));
    const error = await failure(chainbill.checkouts.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ issues: [{ path: ['data', 0, 'amount_atomic'] }] });
  });

  it.each(bad)('a payout with amount_atomic %j is a ResponseValidationError', async (amount_atomic) => {
    const { chainbill } = scripted(json(200, payoutFixture({ amount_atomic })));
    const error = await failure(chainbill.payouts.approve('po_fixture1'));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toContain('digits only');
  });

  it.each(bad)('a settlement with amount_atomic %j is a ResponseValidationError', async (amount_atomic) => {
    const { chainbill } = scripted(json(200, envelope([{ ...settlement, amount_atomic }])));
    await expect(chainbill.payouts.settlements.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('digits parse, and a payout may still report null', async () => {
    const { chainbill } = scripted(
      json(200, payoutFixture({ amount_atomic: null })),
      json(200, envelope([{ ...settlement, amount_atomic: '99999999999999999999' }])),
    );
    expect((await chainbill.payouts.approve('po_fixture1')).amount_atomic).toBeNull();
    expect((await chainbill.payouts.settlements.list()).data[0]?.amount_atomic).toBe('99999999999999999999');
  });
});

describe('date-time parameters', () => {
  it.each([
    '2026-02-30T10:00:00Z',
    '2026-04-31T23:59:59+02:00',
    '2026-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00:61Z',
    '2026-00-10T10:00:00Z',
    '2026-01-00T10:00:00Z',
    '2026-01-01T10:00:00+24:00',
    '2026-01-01T10:00:00-02:60',
    new Date(Date.UTC(10_000, 0, 1)),
  ])('refuses %s before sending', async (due_date_before) => {
    await refusedBeforeSending(client().payouts.list({ due_date_before }), 'due_date_before');
  });

  it.each([
    '2024-02-29T00:00:00Z',
    '2000-02-29T23:59:59.999Z',
    '2026-12-31T23:59:59+23:59',
    '2026-04-30T00:00-11:30',
    '0001-01-01T00:00:00Z',
  ])('sends the real instant %s as given', async (date_from) => {
    const { chainbill, seen } = scripted(json(200, envelope([])));
    await chainbill.revenueEvents.list({ date_from });
    expect(seen[0]?.url.searchParams.get('date_from')).toBe(date_from);
  });
});

describe('toArray({ max })', () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'max %s rejects with RequestValidationError naming max, and fetches no further page',
    async (max) => {
      for (let i = 0; i < 3; i++) fake().seed.payout({ amount: i + 1 });
      const list = client().payouts.list({ limit: 1 });
      const error = await failure(list.toArray({ max }));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error).toMatchObject({ param: 'max' });
      // The first page was requested when list() was called, as every call starts when made.
      await list;
      expect(fake().requests).toHaveLength(1);
      expect(fake().requests[0]?.query).not.toHaveProperty('cursor');
    },
  );

  it('an unknown option is refused too', async () => {
    const list = client().payouts.list();
    await expect(list.toArray({ maxItems: 5 } as { max?: number })).rejects.toMatchObject({
      name: 'RequestValidationError',
      param: 'maxItems',
    });
    await list;
  });
});

describe('delete bodies', () => {
  // Every delete method of the surface, from its property row.
  const deletes = rows.filter((row) => row.http === 'DELETE');
  /** Deletes the record `<prefix>1` with each delete method, answered by `respond`. */
  async function eachDelete(
    respond: (id: string) => Response,
    check: (call: PromiseLike<unknown>, id: string) => Promise<void>,
  ): Promise<void> {
    expect(deletes.map((row) => row.name)).toEqual(
      expect.arrayContaining(['entitlements.delete', 'webhookEndpoints.delete']),
    );
    for (const row of deletes) {
      const id = `${row.idPrefix}1`;
      for (const validateResponses of [true, false]) {
        const fetch = async () => respond(id);
        const chainbill = new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, validateResponses });
        await check(row.call(chainbill, id, undefined as never), id);
      }
    }
  }

  const contradicting: [string, unknown][] = [
    ['deleted: false', { deleted: false }],
    ['deleted: "false"', { deleted: 'false' }],
    ['deleted: null', { deleted: null }],
    ['another id', { id: 'other_1', deleted: true }],
    ['another id, no deleted field', { id: 'other_1' }],
  ];

  it.each(contradicting)('a 200 with %s is a ResponseValidationError', async (_, body) => {
    await eachDelete(
      () => Response.json(body),
      (call) => expect(call).rejects.toBeInstanceOf(ResponseValidationError),
    );
  });

  it.each<[string, (id: string) => Response]>([
    ['204 without a body', () => new Response(null, { status: 204 })],
    ['200 with an empty body', () => new Response('', { status: 200 })],
    ['{}', () => Response.json({})],
    ['{ deleted: true }', () => Response.json({ deleted: true })],
    ['a confirmation naming the same id', (id) => Response.json({ id, deleted: true })],
    ['the deleted record itself', (id) => Response.json({ id, object: 'record', feature_key: 'seats' })],
    ['text', () => new Response('Deleted', { headers: { 'content-type': 'text/plain' } })],
    ['plain text "OK"', () => new Response('OK', { headers: { 'content-type': 'text/plain' } })],
    ['a 202 with a body of another shape', () => Response.json({ ok: 1 }, { status: 202 })],
  ])('a 2xx with %s resolves to the confirmation', async (_, respond) => {
    await eachDelete(respond, (call, id) => expect(call).resolves.toEqual({ id, deleted: true }));
  });
});

describe('contract details', () => {
  it.each([
    ['absent', {}],
    ['null', { confirmations: null }],
  ])('a pending checkout whose confirmations are %s parses', async (_, fields) => {
    const { chainbill } = scripted(json(200, envelope([{ ...checkout, ...fields }])));
    const page = await chainbill.checkouts.list();
    expect(page.data[0]).toEqual({ ...checkout, ...fields });
  });

  it('a checkout whose confirmations are not an integer is still refused', async () => {
    const { chainbill } = scripted(json(200, envelope([{ ...checkout, confirmations: '3' }])));
    await expect(chainbill.checkouts.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('entitlements.list() without params names plan_id', async () => {
    await refusedBeforeSending(client().entitlements.list(undefined as never), 'plan_id');
  });
});
