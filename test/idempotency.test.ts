/**
 * The Idempotency-Key (spec: Idempotency): every write sends one, a UUID v4 unless the caller
 * chooses it, the same on every retry of a call and new on each call; GETs send none.
 */
import { Chainbill, type ClientOptions } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from './helpers.js';
import { rows, validId, validParams } from './property-rows.js';
import {
  apiError,
  clientOn,
  connectionReset,
  created,
  payoutParams as createParams,
  envelope,
  hang,
  json,
  ok,
  payoutFixture,
  scriptedFetch,
  uuidV4,
} from './scripted-fetch.js';

const now0 = { 'retry-after': '0' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Idempotency-Key', () => {
  // Every write of the public surface, from the property rows (test/surface.test.ts checks that
  // every method has one), each called with valid input.
  const mutations = rows
    .filter((row) => row.http !== 'GET')
    .map((row) => {
      const [id = ''] = fc.sample(validId(row), { numRuns: 1, seed: 7 });
      const [params] = fc.sample(validParams(row), { numRuns: 1, seed: 7 });
      return [row.name, (c: Chainbill) => row.call(c, id, params as never), row.http] as const;
    });

  it('covers every write', () => {
    expect(mutations.map(([name]) => name)).toEqual(
      expect.arrayContaining(['payouts.create', 'subscriptions.pause', 'webhookEndpoints.delete']),
    );
    expect(mutations.length).toBeGreaterThanOrEqual(16);
  });

  it.each(mutations)('%s sends a UUID v4, the same on every retry', async (_, call, method) => {
    const { fetch, seen } = scriptedFetch(apiError(503, now0), apiError(502, now0), ok);
    // The last answer is a payout, which other resources reject as a body: only the keys matter here.
    await call(clientOn(fetch, { maxRetries: 2 })).then(
      () => undefined,
      () => undefined,
    );
    expect(seen).toHaveLength(3);
    expect(seen.map((r) => r.method)).toEqual([method, method, method]);
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(uuidV4);
    expect(new Set(keys).size).toBe(1);
  });

  it.each(mutations)('%s sends a new key on each call', async (_, call) => {
    const { fetch, seen } = scriptedFetch(ok);
    const client = clientOn(fetch);
    for (let i = 0; i < 3; i++)
      await call(client).then(
        () => undefined,
        () => undefined,
      );
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys.every((key) => uuidV4.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps the key across a connection error and a timeout too', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { fetch, seen } = scriptedFetch(connectionReset(), hang(), created);
    await clientOn(fetch, { maxRetries: 2, timeout: 50 }).payouts.create(createParams);
    const keys = seen.map((r) => r.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(uuidV4);
    expect(new Set(keys).size).toBe(1);
  });

  it('uses options.idempotencyKey as given, on every retry', async () => {
    const { fetch, seen } = scriptedFetch(apiError(500, now0), created);
    await clientOn(fetch).payouts.create(createParams, { idempotencyKey: 'payout-run-2026-01-05-row-17' });
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual([
      'payout-run-2026-01-05-row-17',
      'payout-run-2026-01-05-row-17',
    ]);
  });

  it('GET requests carry none, on the first page, the next pages and retries', async () => {
    const { fetch, seen } = scriptedFetch(
      apiError(503, now0),
      json(200, envelope([payoutFixture()], 'c1')),
      json(200, envelope([payoutFixture({ id: 'po_2' })])),
      json(200, envelope([])),
    );
    const client = clientOn(fetch);
    const items = await client.payouts.list().toArray();
    await client.payouts.settlements.list();
    expect(items).toHaveLength(2);
    expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
    expect(seen.map((r) => r.headers.has('idempotency-key'))).toEqual([false, false, false, false]);
  });

  it('a create whose response is lost is retried with the same key, and the fake pays once', async () => {
    const fake = createFakeChainbill();
    let calls = 0;
    // The first request reaches the server, which creates the payout; then the connection drops.
    const lossy: ClientOptions['fetch'] = async (input, init) => {
      const response = await fake.fetch(input, init);
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return response;
    };
    const client = new Chainbill({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      fetch: lossy,
      logLevel: 'off',
    });
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const payout = await client.payouts.create(createParams);
    const creates = fake.requests.filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toBe(creates[1]?.idempotencyKey);
    const all = await new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch }).payouts
      .list()
      .toArray();
    expect(all.map((p) => p.id)).toEqual([payout.id]);
  });
});

describe('idempotencyKey', () => {
  const create = (chainbill: Chainbill, idempotencyKey: string) =>
    chainbill.payouts.approve('po_123', { idempotencyKey });

  for (const bad of ['', ' ', 'has space', 'tab\there', 'é', 'k'.repeat(256)]) {
    it(`refuses ${JSON.stringify(bad.length > 20 ? `${bad.slice(0, 5)}… (${bad.length})` : bad)} before sending`, async () => {
      const { fetch, seen } = scriptedFetch(json(200, {}));
      const error = await failure(create(clientOn(fetch), bad));
      expect(error).toMatchObject({ name: 'RequestValidationError', param: 'idempotencyKey' });
      expect(seen).toHaveLength(0);
    });
  }

  it('sends 1 to 255 visible ASCII characters as given', async () => {
    for (const good of ['k', 'k'.repeat(255), 'order-42:payout/1']) {
      const { fetch, seen } = scriptedFetch(apiError(404));
      await failure(create(clientOn(fetch, { maxRetries: 0 }), good));
      expect(seen[0]?.headers.get('idempotency-key')).toBe(good);
    }
  });
});
