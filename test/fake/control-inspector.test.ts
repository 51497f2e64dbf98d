/**
 * What the inspector reads to answer "what did it send back" and to page through every record
 * (docs/fake-server.md: Control API): a request with its answer as sent, an injected fault's
 * included, redacted; a resource's records a page at a time, searched and filtered; the columns
 * each table shows first, from the resources' declarations; one record's events.
 */
import { Chainbill } from 'chainbill';
import type { FakeChainbill, FakeServer } from 'chainbill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenWithControl } from './edge-helpers.js';

const token = 'ctl_inspector_token_7';
let fake: FakeChainbill;
let server: FakeServer;
let origin: string;

beforeAll(async () => {
  ({ fake, server, origin } = await listenWithControl(token));
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: assertions read into arbitrary JSON
async function control(path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}/_fake/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

const chainbill = () =>
  new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url, maxRetries: 0, logLevel: 'off' });
const payout = {
  recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
  chain: 'tron',
  token: 'USDT',
  currency: 'USD',
} as const;

describe('GET /_fake/requests/{sequence}', () => {
  it('gives the answer as sent, and an injected fault’s answer, with the key redacted everywhere', async () => {
    const created = await chainbill().payouts.create({
      ...payout,
      amount: 12.5,
      description: `paid by ${fake.apiKey}`,
    });
    fake.faults.next({ method: 'GET', route: '/payouts' }, { status: 503, message: 'Down for a moment.' });
    await expect(chainbill().payouts.list()).rejects.toMatchObject({ status: 503 });
    const [create, failed] = fake.requests.slice(-2);
    const { body: detail } = await control(`requests/${create?.sequence}`);
    expect(detail.response).toMatchObject({
      status: 201,
      truncated: false,
      fault: null,
      body: { id: created.id, amount: 12.5 },
    });
    expect(detail.response.body.description).toBe('paid by sk_test_***');
    expect(detail.response.headers['x-request-id']).toMatch(/^req_/);
    expect(detail.request.headers.authorization).toBe('Bearer sk_test_***');
    expect(JSON.stringify(detail)).not.toContain(fake.apiKey.slice(8));
    const { body: fault } = await control(`requests/${failed?.sequence}`);
    expect(fault.response).toMatchObject({
      status: 503,
      fault: 'status',
      body: { error: { message: 'Down for a moment.' } },
    });
  });

  it('a reset connection has no answer; a request the log no longer holds is a 404', async () => {
    fake.faults.next({ method: 'GET', route: '/customers' }, 'reset');
    await expect(chainbill().customers.list()).rejects.toThrow();
    const last = fake.requests.at(-1)?.sequence ?? 0;
    expect((await control(`requests/${last}`)).body.response).toMatchObject({
      status: 0,
      body: null,
      fault: 'reset',
    });
    expect((await control(`requests/${last + 5}`)).status).toBe(404);
    expect((await control('requests/abc')).status).toBe(400);
  });
});

describe('GET /_fake/records/{resource}', () => {
  it('pages through every record, newest first, searched by text and filtered by status', async () => {
    const ids = Array.from(
      { length: 250 },
      (_, i) =>
        fake.seed.payout({
          amount: i + 1,
          status: i % 5 === 0 ? 'approved' : 'draft',
          description: `Invoice INV-${i}`,
        }).id,
    );
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const { body } = await control(
        `records/payouts?org_id=org_fake&environment=sandbox&offset=${offset}&limit=100`,
      );
      seen.push(...body.data.map((record: { id: string }) => record.id));
      if (body.data.length < 100) break;
    }
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());

    const { body: found } = await control('records/payouts?org_id=org_fake&q=inv-249');
    expect(found.data.map((record: { id: string }) => record.id)).toEqual([ids[249]]);
    expect((await control(`records/payouts?org_id=org_fake&q=${ids[17]}`)).body.matched).toBe(1);
    const { body: approved } = await control('records/payouts?org_id=org_fake&status=approved&limit=1000');
    expect(approved.matched).toBe(50);
    expect(approved.data.every((record: { status: string }) => record.status === 'approved')).toBe(true);
    expect(approved.statuses).toMatchObject({ approved: 50 });
    // The columns the CLI's tables show first, from the resource's declaration.
    expect(approved.columns.slice(0, 4)).toEqual(['id', 'status', 'amount', 'token']);
  });

  it('GET /_fake/records names each table’s columns; an unknown resource or parameter is refused', async () => {
    const { body } = await control('records?limit=1');
    expect(body.columns.revenue_events).toContain('event_type');
    expect(Object.keys(body.columns)).toEqual(Object.keys(body.scopes[0]?.resources ?? {}));
    expect((await control('records/nothing?org_id=org_fake')).status).toBe(404);
    expect((await control('records/payouts?sort=up')).status).toBe(400);
    expect((await control('records/payouts?limit=0')).status).toBe(400);
  });
});

describe('GET /_fake/events?object_id=', () => {
  it('gives one record’s events only', async () => {
    const created = await chainbill().payouts.create({ ...payout, amount: 3 });
    await chainbill().payouts.approve(created.id);
    const { body } = await control(`events?since=0&object_id=${created.id}`);
    expect(body.events.map((event: { type: string }) => event.type)).toEqual([
      'payout.created',
      'payout.approved',
    ]);
  });
});

describe('GET /_fake/clock', () => {
  it('gives each chain’s last block and when its next is mined, for the inspector’s "+1 block"', async () => {
    fake.clock.set('2030-01-02T02:00:00Z');
    const { body } = await control('clock');
    expect(body.chains).toEqual([
      { chain: 'tron', blockMs: 3000, height: 631_183_200, nextBlockAt: '2030-01-02T02:00:03.000Z' },
      { chain: 'arbitrum', blockMs: 250, height: 7_574_198_400, nextBlockAt: '2030-01-02T02:00:00.250Z' },
      { chain: 'base', blockMs: 2000, height: 946_774_800, nextBlockAt: '2030-01-02T02:00:02.000Z' },
    ]);
  });
});
