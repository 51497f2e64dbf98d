/**
 * Raw calls that write payouts are checked as the payouts methods check theirs (docs/raw-calls.md,
 * "Payouts through raw calls"): a raw POST to /payouts, in any spelling the raw-call rules let
 * through, meets the same checks and payout policy as `payouts.create`, and a raw PATCH to
 * /payouts/{id} the checks of `payouts.update` and `approve`; nothing is sent when one refuses.
 */
import {
  type Chainbill,
  type ClientOptions,
  PayoutPolicyError,
  path,
  RequestValidationError,
} from 'chainbill';
import type { FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { failure, fakeClient } from './helpers.js';

const listed = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';
const unlisted = 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc';
const policy = { maxAmount: { USDT: '100' }, recipients: { tron: [listed] } };
const within = { recipient_address: listed, chain: 'tron', token: 'USDT', amount: 100, currency: 'USD' };
const outside = { ...within, recipient_address: unlisted, amount: 6000 };

function guarded(options: Partial<ClientOptions> = {}): { fake: FakeChainbill; client: Chainbill } {
  return fakeClient({ payoutPolicy: policy, ...options });
}

/** The call rejects as `expected` does (class, param or rule, message), and nothing was sent. */
async function refusedAs(fake: FakeChainbill, call: Promise<unknown>, expected: Promise<unknown>) {
  const [error, reference] = [await failure(call), await failure(expected)];
  expect(reference).toBeInstanceOf(Error);
  expect(error).toBeInstanceOf((reference as Error).constructor);
  expect(error).toMatchObject({ message: (reference as Error).message });
  expect(fake.requests).toHaveLength(0);
}

describe('a raw POST /payouts meets the checks and policy of payouts.create', () => {
  it('refuses a payout over the maximum to an unlisted recipient; nothing is sent', async () => {
    const { fake, client } = guarded();
    const error = await failure(client.post('/payouts', { body: outside }));
    expect(error).toBeInstanceOf(PayoutPolicyError);
    expect(error).toMatchObject({ rule: 'policy.max_amount', param: 'amount' });
    expect(fake.requests).toHaveLength(0);
    await refusedAs(
      fake,
      client.post('/payouts', { body: outside }),
      client.payouts.create(outside as never),
    );
  });

  it.each([
    ['a trailing slash', '/payouts/'],
    ['doubled slashes', '/payouts//'],
    ['percent-encoded letters', '/%70ayout%73'],
    ['percent-encoded letters, upper-case hex', '/%50AYOUTS'],
    ['upper case', '/PAYOUTS'],
    ['mixed case', '/PayOuts'],
    ['a letter that folds to s (U+017F)', '/payout\u017f'],
    ['the same, percent-encoded', '/payout%C5%BF'],
    ['a full-width letter (NFKC)', '/\uff50ayouts'],
    ['a format suffix', '/payouts.json'],
    ['a trailing dot', '/payouts.'],
    ['a trailing encoded space', '/payouts%20'],
    ['a version segment', '/v1/payouts'],
    ['a prefix', '/api/payouts'],
  ])('in any spelling: %s', async (_, spelling) => {
    const { fake, client } = guarded();
    const error = await failure(client.post(spelling, { body: outside }));
    expect(error).toBeInstanceOf(PayoutPolicyError);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses what create refuses without a policy: a token contract, 7 decimals, USDT on base', async () => {
    const { fake, client } = fakeClient();
    for (const body of [
      { ...within, recipient_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { ...within, amount: 10.1234567 },
      { ...within, chain: 'base', recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    ]) {
      await refusedAs(fake, client.post('/payouts', { body }), client.payouts.create(body as never));
    }
  });

  it.each([
    ['a string amount', { ...within, amount: '100' }],
    ['an extra field', { ...within, approved: true }],
    ['a status', { ...within, status: 'approved' }],
    [
      'an own __proto__ key',
      JSON.parse(`{"__proto__": {"amount": 6000}, ${JSON.stringify(within).slice(1)}`),
    ],
    ['no recipient', { ...within, recipient_address: undefined }],
  ])('refuses a body with %s, as create does', async (_, body) => {
    const { fake, client } = guarded();
    expect(await failure(client.post('/payouts', { body }))).toBeInstanceOf(RequestValidationError);
    await refusedAs(fake, client.post('/payouts', { body }), client.payouts.create(body as never));
  });

  it.each([
    ['no body', undefined],
    ['a JSON text', JSON.stringify(within)],
    ['an array', [within]],
    ['null', null],
    ['a number', 100],
  ])('refuses %s: the body must be an object of payout fields', async (_, body) => {
    const { fake, client } = guarded();
    const error = await failure(client.post('/payouts', { body }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param: 'body' });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a query and a method override: create sends neither', async () => {
    const { fake, client } = guarded();
    const query = failure(client.post('/payouts', { body: within, query: { amount: 6000 } }));
    expect(await query).toMatchObject({ param: 'query' });
    const override = { 'X-HTTP-Method-Override': 'PATCH' };
    expect(await failure(client.post('/payouts', { body: within, headers: override }))).toMatchObject({
      param: 'headers',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends what the checks read, once: an amount that changes between reads never passes unchecked', async () => {
    const { fake, client } = guarded();
    let reads = 0;
    const body = { ...within };
    Object.defineProperty(body, 'amount', { enumerable: true, get: () => (++reads % 2 === 1 ? 50 : 6000) });
    const result = await failure(client.post('/payouts', { body }));
    const sent = fake.requests.map((request) => (request.body as { amount: number }).amount);
    if (result instanceof Error) expect(sent).toEqual([]);
    else expect(sent).toEqual([50]);
    expect(sent.every((amount) => amount <= 100)).toBe(true);
  });

  it('sends a payout within the policy as create sends it: a draft comes back', async () => {
    const { fake, client } = guarded();
    const due = new Date('2026-12-01T00:00:00.000Z');
    const created = await client.post('/payouts', { body: { ...within, due_date: due } });
    expect(created).toMatchObject({ status: 'draft', amount: 100, recipient_address: listed });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/payouts',
      body: { ...within, due_date: due.toISOString() },
    });
  });
});

describe('a raw PATCH /payouts/{id} meets the checks of payouts.update and approve', () => {
  it('approves a draft as approve does', async () => {
    const { fake, client } = guarded();
    const draft = fake.seed.payout();
    const approved = await client.patch(path`/payouts/${draft.id}`, { body: { status: 'approved' } });
    expect(approved).toMatchObject({ id: draft.id, status: 'approved' });
    expect(fake.requests[0]?.body).toEqual({ status: 'approved' });
  });

  it.each([
    ['an upper-case prefix', '/payouts/PO_1', 'PO_1'],
    ['no id after the prefix', '/payouts/po_', 'po_'],
    ['another prefix', '/PAYOUTS/sub_1', 'sub_1'],
  ])('refuses %s, as approve does', async (_, raw, id) => {
    const { fake, client } = guarded();
    await refusedAs(fake, client.patch(raw, { body: { status: 'approved' } }), client.payouts.approve(id));
  });

  it.each([
    ['an amount', { status: 'approved', amount: 6000 }],
    ['a recipient', { status: 'approved', recipient_address: unlisted }],
    ['an unknown status', { status: 'settled' }],
  ])('refuses a body with %s, as update does', async (_, body) => {
    const { fake, client } = guarded();
    const draft = fake.seed.payout();
    await refusedAs(
      fake,
      client.patch(path`/payouts/${draft.id}`, { body }),
      client.payouts.update(draft.id, body as never),
    );
  });

  it('refuses a body that is not an object', async () => {
    const { fake, client } = guarded();
    const error = await failure(client.patch('/payouts/po_1', { body: '{"status":"approved"}' }));
    expect(error).toMatchObject({ param: 'body' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('other raw writes under /payouts cannot be checked, so they are refused', () => {
  it.each([
    ['an action route', 'post', '/payouts/po_1/approve'],
    ['a POST with an id', 'post', '/payouts/po_1'],
    ['a DELETE', 'delete', '/payouts/po_1'],
    ['a PATCH without an id', 'patch', '/payouts'],
    ['a write to the settlements', 'post', '/payouts/settlements'],
  ] as const)('%s', async (_, method, raw) => {
    const { fake, client } = guarded();
    const error = await failure(client[method](raw, { body: { status: 'approved' } }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param: 'path' });
    expect(fake.requests).toHaveLength(0);
  });

  it('leaves reads and other routes as they were', async () => {
    const { fake, client } = guarded();
    fake.seed.payout();
    expect(await client.get('/payouts')).toMatchObject({ data: [{ status: 'draft' }] });
    const created = await client.post('/customers', { body: { email: 'ada@example.com' } });
    expect(created).toMatchObject({ email: 'ada@example.com' });
  });
});
