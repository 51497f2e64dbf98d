import type { FakeChainbill, FakeServer } from 'chainbill/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenWithControl } from './edge-helpers.js';

// What the inspector reads beyond the first control API: every record by resource, and whether
// the clock stands still (docs/fake-server.md: Control API).
const token = 'ctl_records_token_42';
let fake: FakeChainbill;
let server: FakeServer;
let origin: string;

beforeEach(async () => {
  ({ fake, server, origin } = await listenWithControl(token));
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

// biome-ignore lint/suspicious/noExplicitAny: assertions read into arbitrary JSON
async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}/_fake/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('control API: GET /_fake/records', () => {
  it('gives every resource of every organization and environment, newest first, with its total', async () => {
    const customers = ['a', 'b', 'c'].map((name) => fake.seed.customer({ email: `${name}@example.com` }));
    fake.seed.customer({ email: 'live@example.com' }, { apiKey: fake.liveApiKey });
    const checkout = fake.seed.checkout({ amount_usd: 49 });
    const { status, body } = await control('GET', 'records?limit=2');
    expect(status).toBe(200);
    expect(body.limit).toBe(2);
    const sandbox = body.scopes.find((scope: { environment: string }) => scope.environment === 'sandbox');
    expect(sandbox.org_id).toBe('org_fake');
    expect(sandbox.resources.customers.total).toBe(3);
    expect(sandbox.resources.customers.data.map((c: { email: string }) => c.email)).toEqual([
      'c@example.com',
      'b@example.com',
    ]);
    expect(sandbox.resources.customers.data[0]).toEqual(customers[2]);
    expect(sandbox.resources.checkouts.data[0]).toMatchObject({
      id: checkout.checkout_id,
      status: 'pending',
    });
    // Every resource is listed, in the seed file's names, held or not.
    expect(Object.keys(sandbox.resources)).toEqual(
      expect.arrayContaining([
        'payouts',
        'payout_settlements',
        'payment_methods',
        'webhook_endpoints',
        'subscriptions',
      ]),
    );
    expect(sandbox.resources.payment_links).toEqual({ total: 0, statuses: {}, data: [] });
    const live = body.scopes.find((scope: { environment: string }) => scope.environment === 'live');
    expect(live.resources.customers.data.map((c: { email: string }) => c.email)).toEqual([
      'live@example.com',
    ]);

    const all = await control('GET', 'records');
    expect(all.body.limit).toBe(100);
  });

  it('makes what the clock has made due happen first, as the next API request would', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
    const checkout = fake.seed.checkout();
    fake.simulate.payCheckout(checkout.checkout_id);
    // Real time moves on, and no API request comes: twenty Tron blocks and more.
    vi.setSystemTime(new Date('2026-06-01T00:10:00Z'));
    const { body } = await control('GET', 'records');
    const [found] = body.scopes[0].resources.checkouts.data;
    expect([found.status, found.confirmations]).toEqual(['confirmed', 20]);
  });

  it('refuses a limit outside 1 to 1000 and any other query parameter, naming it', async () => {
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=-1', 'limit'],
      ['since=3', 'since'],
    ] as const) {
      const { status, body } = await control('GET', `records?${query}`);
      expect([query, status, body.error.param]).toEqual([query, 400, param]);
    }
    expect((await control('GET', 'records?limit=1000')).status).toBe(200);
    const info = await control('GET', '');
    expect(info.body.endpoints).toContain('GET /_fake/records');
  });
});

describe('control API: GET /_fake/clock', () => {
  it('says how the clock moves: real time, frozen by a move, running on from it, real time again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
    expect((await control('GET', 'clock')).body).toMatchObject({
      now: '2026-06-01T00:00:00.000Z',
      mode: 'realTime',
    });
    await control('POST', 'clock', { advance: { hours: 1 } });
    vi.setSystemTime(new Date('2026-06-01T00:00:05Z'));
    expect((await control('GET', 'clock')).body).toMatchObject({
      now: '2026-06-01T01:00:00.000Z',
      mode: 'frozen',
    });
    expect((await control('POST', 'clock', { run: true })).body).toMatchObject({
      now: '2026-06-01T01:00:00.000Z',
      mode: 'running',
    });
    vi.setSystemTime(new Date('2026-06-01T00:00:07Z'));
    expect((await control('GET', 'clock')).body).toMatchObject({
      now: '2026-06-01T01:00:02.000Z',
      mode: 'running',
    });
    expect((await control('POST', 'clock', { realTime: true })).body).toMatchObject({
      now: '2026-06-01T00:00:07.000Z',
      mode: 'realTime',
    });
  });
});
