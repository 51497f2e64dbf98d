import { APIError, Chainbill } from 'chainbill';
import type { FakeChainbill, FakeServer } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenWithControl, MiB, payout as payoutParams } from './edge-helpers.js';

// The control API of listen({ controlToken }) (docs/fake-server.md), over real HTTP in process.
const token = 'ctl_test_token_0123456789';
let fake: FakeChainbill;
let server: FakeServer;
let origin: string;

beforeEach(async () => {
  ({ fake, server, origin } = await listenWithControl(token));
});
afterEach(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: assertions read into arbitrary JSON
  body: any;
}

async function control(
  method: string,
  path: string,
  body?: unknown,
  auth: string | null = token,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth !== null) headers['authorization'] = `Bearer ${auth}`;
  const sent = typeof body === 'string' || body === undefined ? body : JSON.stringify(body);
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(sent !== undefined && { body: sent }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const client = (apiKey = fake.apiKey): Chainbill =>
  new Chainbill({ apiKey, baseUrl: server.url, maxRetries: 0, logLevel: 'off' });

describe('control API: who may use it', () => {
  it('takes only the control token: none is 401, an API key 403, another token 401', async () => {
    const none = await control('GET', '/_fake/', undefined, null);
    expect([none.status, none.body.error.code]).toEqual([401, 'control_token_missing']);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    for (const key of [fake.apiKey, fake.liveApiKey]) {
      const refused = await control('POST', '/_fake/reset', {}, key);
      expect([refused.status, refused.body.error.code]).toEqual([403, 'api_key_not_allowed']);
      expect(refused.body.error.message).toMatch(/control token/);
    }
    for (const wrong of [`${token}x`, token.slice(0, -1), 'x', token.toUpperCase()]) {
      const refused = await control('GET', '/_fake/faults', undefined, wrong);
      expect([refused.status, refused.body.error.code]).toEqual([401, 'control_token_invalid']);
    }
    // Auth comes first: an unknown path tells a stranger nothing.
    expect((await control('GET', '/_fake/nowhere', undefined, null)).status).toBe(401);
  });

  it('the control token opens nothing under /v1, and listen() without one serves no /_fake/', async () => {
    const v1 = await fetch(`${server.url}/payouts`, { headers: { authorization: `Bearer ${token}` } });
    expect(v1.status).toBe(401);
    const plain = await fake.listen();
    try {
      const answer = await fetch(`${plain.url.replace(/\/v1$/, '')}/_fake/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('control API: endpoints', () => {
  it('GET /_fake/ lists the base URL, the keys and the endpoints', async () => {
    const { status, body } = await control('GET', '/_fake/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ baseUrl: server.url, controlUrl: `${origin}/_fake/`, apiKey: fake.apiKey });
    expect(body.endpoints).toContain('POST /_fake/simulate/{name}');
    expect((await control('GET', '/_fake')).status).toBe(200);
  });

  it('POST /_fake/seed applies a file whole, or nothing of it when its 3rd record is bad', async () => {
    const org = (third: unknown) => ({
      id: 'org_acme',
      keys: { sandbox: ['sk_test_acme_1'] },
      sandbox: { customers: [{ email: 'a@example.com' }, { email: 'b@example.com' }, third] },
    });
    const bad = await control('POST', '/_fake/seed', { organizations: [org({ email: 'not-an-email' })] });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'seed_invalid']);
    expect(bad.body.error.param).toBe('organizations[0].sandbox.customers[2].email');
    expect(bad.body.error.message).toMatch(/^organizations\[0\]\.sandbox\.customers\[2\]\.email: /);
    // Nothing is left behind: not the key, not the first two customers, not an event.
    await expect(client('sk_test_acme_1').customers.list()).rejects.toMatchObject({ status: 401 });
    expect(fake.events).toEqual([]);

    const good = await control('POST', '/_fake/seed', {
      organizations: [{ ...org({ $name: 'carol', email: 'c@example.com' }) }],
    });
    expect(good.status).toBe(201);
    expect(good.body.organizations[0].keys.sandbox).toEqual(['sk_test_acme_1']);
    const listed = await client('sk_test_acme_1').customers.list();
    expect(listed.data.map((c) => c.email).sort()).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    expect(listed.data.find((c) => c.email === 'c@example.com')?.id).toBe(good.body.names.carol);
    expect((await client().customers.list()).data).toEqual([]); // another organization
  });

  it('POST /_fake/seed names the bad field of a record, an unknown key, a $ref to nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { organizations: [{ id: 'o', sandbox: { plans: [{}, {}, { amount: 'x' }] } }] },
        'organizations[0].sandbox.plans[2].amount',
      ],
      [{ organizations: [{ id: 'o', sandbox: { plan: [] } }] }, 'organizations[0].sandbox.plan'],
      [
        { organizations: [{ id: 'o', sandbox: { customers: [{ id: 'cus_1' }] } }] },
        'organizations[0].sandbox.customers[0].id',
      ],
      [
        { organizations: [{ id: 'o', sandbox: { revenue_events: [{ customer_id: { $ref: 'ghost' } }] } }] },
        'organizations[0].sandbox.revenue_events[0].customer_id.$ref',
      ],
      [
        { organizations: [{ id: 'o', keys: { sandbox: ['sk_live_wrong'] } }] },
        'organizations[0].keys.sandbox[0]',
      ],
      [
        { organizations: [{ id: 'o', keys: { sandbox: [fake.apiKey] } }] },
        'organizations[0].keys.sandbox[0]',
      ],
      [{ orgs: [] }, 'orgs'],
    ];
    for (const [file, param] of cases) {
      const { status, body } = await control('POST', '/_fake/seed', file);
      expect([status, body.error.param]).toEqual([400, param]);
    }
  });

  it('POST /_fake/faults makes the next matching request fail, as a client sees it', async () => {
    const added = await control('POST', '/_fake/faults', {
      match: { method: 'POST', route: '/payouts' },
      fault: { status: 503 },
    });
    expect(added.status).toBe(201);
    await expect(client().payouts.create(payoutParams)).rejects.toSatisfy(
      (e) => e instanceof APIError && e.status === 503,
    );
    await expect(client().payouts.create(payoutParams)).resolves.toMatchObject({ status: 'draft' });

    await control('POST', '/_fake/faults', { fault: { status: 429, retryAfter: 1 }, times: 'Infinity' });
    const pending = await control('GET', '/_fake/faults');
    expect(pending.body.pending).toEqual([
      { match: {}, fault: { status: 429, retryAfter: 1 }, remaining: 'Infinity' },
    ]);
    await expect(client().customers.list()).rejects.toMatchObject({ status: 429 });
    expect((await control('DELETE', '/_fake/faults')).body).toEqual({ pending: [] });
    await expect(client().customers.list()).resolves.toBeDefined();

    const bad = await control('POST', '/_fake/faults', {
      match: { route: '/nowhere' },
      fault: { status: 503 },
    });
    expect([bad.status, bad.body.error.param]).toEqual([400, 'match']);
    const times = await control('POST', '/_fake/faults', { fault: 'reset', times: 0 });
    expect([times.status, times.body.error.param]).toEqual([400, 'times']);
  });

  it('POST /_fake/clock sets and advances the clock; a negative duration is 400', async () => {
    const set = await control('POST', '/_fake/clock', { set: '2030-01-01T00:00:00.000Z' });
    expect([set.status, set.body.to]).toEqual([200, '2030-01-01T00:00:00.000Z']);
    const advanced = await control('POST', '/_fake/clock', { advance: { days: 1, hours: 2 } });
    expect(advanced.body).toMatchObject({
      from: '2030-01-01T00:00:00.000Z',
      to: '2030-01-02T02:00:00.000Z',
      renewed: [],
    });
    expect((await control('GET', '/_fake/clock')).body).toMatchObject({
      now: '2030-01-02T02:00:00.000Z',
      mode: 'frozen',
    });
    for (const body of [
      { advance: -1 },
      { advance: { days: -1 } },
      { advance: { weeks: 1 } },
      { advance: 1e300 },
      { set: 'soon' },
      {},
    ]) {
      const refused = await control('POST', '/_fake/clock', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await control('GET', '/_fake/clock')).body.now).toBe('2030-01-02T02:00:00.000Z');
    expect((await control('POST', '/_fake/clock', { realTime: true })).status).toBe(200);
  });

  it('POST /_fake/simulate/{name} calls fake.simulate by name; its errors keep their status', async () => {
    const created = await client().payouts.create(payoutParams);
    await client().payouts.update(created.id, { status: 'approved' });
    const settled = await control('POST', '/_fake/simulate/settlePayout', { args: [created.id] });
    expect([settled.status, settled.body.result.payout_intent_id]).toEqual([200, created.id]);
    expect((await client().payouts.list()).data[0]?.status).toBe('settled');
    const missing = await control('POST', '/_fake/simulate/settlePayout', { args: ['po_nothing'] });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'resource_missing']);
    for (const name of ['nope', 'constructor', '__proto__', 'toString']) {
      const unknown = await control('POST', `/_fake/simulate/${name}`, { args: [] });
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'simulation_missing']);
    }
    const notArray = await control('POST', '/_fake/simulate/settlePayout', { args: created.id });
    expect([notArray.status, notArray.body.error.param]).toEqual([400, 'args']);
  });

  it('GET /_fake/requests and /_fake/events page with ?since=N', async () => {
    await client().payouts.create(payoutParams);
    await client().customers.list();
    const all = await control('GET', '/_fake/requests');
    expect(all.body.requests.map((r: { path: string }) => r.path)).toEqual(['/payouts', '/customers']);
    expect(all.body.next).toBe(2);
    expect((await control('GET', '/_fake/requests?since=1')).body.requests).toHaveLength(1);
    const events = await control('GET', '/_fake/events?since=0');
    expect(events.body.events.map((e: { type: string }) => e.type)).toEqual(['payout.created']);
    for (const query of ['?since=-1', '?since=x', '?from=1'])
      expect((await control('GET', `/_fake/events${query}`)).status).toBe(400);
  });

  it('POST /_fake/reset forgets records, requests and faults; keys stay valid', async () => {
    await client().payouts.create(payoutParams);
    await control('POST', '/_fake/faults', { fault: { status: 503 }, times: null });
    const { status, body } = await control('POST', '/_fake/reset');
    expect([status, body]).toEqual([200, { reset: true, seed: null }]);
    expect((await client().payouts.list()).data).toEqual([]);
    expect((await control('GET', '/_fake/faults')).body.pending).toEqual([]);
  });
});

describe('control API: what an attacker or a typo sends', () => {
  it('refuses wrong methods (405 with Allow), unknown paths (404), stray fields and queries (400)', async () => {
    const wrong = await control('PUT', '/_fake/clock', {});
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, POST']);
    expect((await control('GET', '/_fake/seed')).status).toBe(405);
    for (const path of [
      '/_fake/nowhere',
      '/_fake/__proto__',
      '/_fake/simulate/a/b',
      '/_fake/simulate/',
      '/_fake//seed',
    ])
      expect((await control('POST', path, {})).status, path).toBe(404);
    expect((await control('POST', '/_fake/reset', { hard: true })).body.error.param).toBe('hard');
    expect((await control('GET', '/_fake/clock?now=1')).status).toBe(400);
    expect((await control('POST', '/_fake/simulate/%E0%A4%A', {})).status).toBe(400);
  });

  it('takes `__proto__` as a name or a key like any other, never as a prototype', async () => {
    const named = {
      organizations: [
        {
          id: 'org_proto',
          keys: { sandbox: ['sk_test_proto_1'] },
          sandbox: {
            customers: [{ $name: '__proto__', email: 'p@example.com' }],
            revenue_events: [{ customer_id: { $ref: '__proto__' } }],
          },
        },
      ],
    };
    const seeded = await control('POST', '/_fake/seed', named);
    expect(seeded.status).toBe(201);
    const [event] = (await client('sk_test_proto_1').revenueEvents.list()).data;
    expect(event?.customer_id).toMatch(/^cus_/);
    const polluted = '{"organizations":[{"id":"o","sandbox":{"customers":[{"__proto__":{"email":"x"}}]}}]}';
    const refused = await control('POST', '/_fake/seed', polluted);
    expect([refused.status, refused.body.error.param]).toEqual([
      400,
      'organizations[0].sandbox.customers[0].__proto__',
    ]);
  });

  it('refuses bodies that are not a JSON object (400) or over 1 MiB (413), never a 500', async () => {
    for (const body of ['not json', '[]', '"x"', `${'['.repeat(40)}${']'.repeat(40)}`, '\u00ff'])
      expect((await control('POST', '/_fake/seed', body)).status, body.slice(0, 10)).toBe(400);
    const deep = {
      organizations: [{ id: 'o', sandbox: { customers: [{ email: 'a@b.co', metadata: nest(40) }] } }],
    };
    expect((await control('POST', '/_fake/seed', deep)).status).toBe(400);
    const huge = await control('POST', '/_fake/seed', JSON.stringify({ pad: 'x'.repeat(MiB) }));
    expect([huge.status, huge.body.error.code]).toEqual([413, 'body_too_large']);
    expect((await control('GET', '/_fake/clock')).status).toBe(200); // still serving
  });
});

function nest(depth: number): unknown {
  return depth === 0 ? 1 : { a: nest(depth - 1) };
}
