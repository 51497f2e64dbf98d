/**
 * The catalog the CLI and the MCP server are built from: one entry per method of a live client,
 * derived from the resources' tables (a new operation appears with no catalog code), each with its
 * TSDoc, its effect, and a way to call it through the client's own method.
 */
import { RequestValidationError } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractDocs } from '../scripts/catalog-docs.js';
import { catalog, catalogOf, invoke } from '../src/catalog/catalog.js';
import { catalogDocs } from '../src/catalog/docs.js';
import { payoutOperations } from '../src/payouts/operations.js';
import { failure, fakeClient, libraryInputs } from './helpers.js';
import { rows, validId, validParams } from './property-rows.js';
import { resourceMethods } from './resource-methods.js';

/**
 * Methods that send no one operation: a wait polls a list until a payout settles; a feed polls
 * the revenue ledger for as long as its loop runs, and a consumer runs a feed; a preview sends
 * nothing (each has its own tests).
 */
const notOperations = [
  'payouts.waitForSettlement',
  'revenueEvents.watch',
  'revenueEvents.consume',
  'payouts.preview',
];

const rowOf = (name: string) => rows.find((row) => row.name === name);
const names = catalog.map((entry) => entry.name);

describe('the catalog', () => {
  it('has exactly one entry per method of a live client, and a method per entry', () => {
    const methods = resourceMethods(fakeClient().client).filter((name) => !notOperations.includes(name));
    expect([...names].sort()).toEqual(methods);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('payouts.settlements.list');
    expect(catalog.find((entry) => entry.name === 'payouts.settlements.list')?.resource).toEqual([
      'payouts',
      'settlements',
    ]);
  });

  it('reads the tables at run time: an operation added to one is an entry, with its route as summary', () => {
    const table = payoutOperations as unknown as Record<string, unknown>;
    table['refund'] = { ...payoutOperations.create, path: '/payouts/refunds' };
    try {
      const added = catalogOf().find((entry) => entry.name === 'payouts.refund');
      expect(added).toMatchObject({ route: 'POST /payouts/refunds', summary: 'POST /payouts/refunds' });
      expect(added).toMatchObject({
        effect: 'write',
        movesMoney: true,
        idempotent: false,
        takesParams: true,
      });
    } finally {
      delete table['refund'];
    }
  });

  it('holds the TSDoc of the resources as it is now (else run `npm run catalog-docs`)', () => {
    expect(catalogDocs).toEqual(extractDocs());
  });

  it.each(catalog.map((entry) => [entry.name, entry] as const))(
    '%s: its summary names its route',
    (_, entry) => {
      // The spec names some path ids (`/webhooks/{webhook_id}`); the placeholder's name is free.
      const anyId = (text: string) => text.replace(/\{\w*\}/g, '{}');
      expect(anyId(entry.summary)).toContain(anyId(entry.route));
      expect(catalogDocs.resources[entry.resource.join('.')]).toMatch(/\S/);
      if (entry.idPrefix !== undefined) expect(entry.docs.id).toContain(entry.idPrefix);
    },
  );

  it('says what each method does: reads are the GETs; deletes, cancels and approvals are destructive', () => {
    const named = (test: (entry: (typeof catalog)[number]) => boolean) =>
      catalog.filter(test).map((entry) => entry.name);
    expect(named((e) => e.effect === 'read')).toEqual(named((e) => e.operation.method === 'GET'));
    expect(named((e) => e.movesMoney)).toEqual(['payouts.create', 'payouts.update', 'payouts.approve']);
    expect(named((e) => e.effect === 'destructive')).toEqual([
      'payouts.update',
      'payouts.approve',
      'payouts.cancel',
      'entitlements.delete',
      'subscriptions.update',
      'subscriptions.cancel',
      'subscriptions.cancelImmediately',
      'webhookEndpoints.delete',
    ]);
    expect(named((e) => !e.idempotent)).toEqual(named((e) => e.operation.method === 'POST'));
  });

  it('gives an action its fixed params and no params of its own', () => {
    const approve = catalog.find((entry) => entry.name === 'payouts.approve');
    expect(approve).toMatchObject({ route: 'PATCH /payouts/{id}', idPrefix: 'po_', takesParams: false });
    expect(approve?.fixed).toEqual({ status: 'approved' });
    expect(catalog.find((entry) => entry.name === 'subscriptions.cancelImmediately')?.fixed).toEqual({
      action: 'cancel_immediately',
    });
  });
});

describe('invoke', () => {
  it.each(catalog.map((entry) => [entry.name, entry] as const))(
    '%s: sends what the method itself sends',
    async (name, entry) => {
      const row = rowOf(name);
      if (row === undefined) throw new Error(`no property row for ${name}`);
      const [id] = fc.sample(validId(row), { numRuns: 1, seed: 7 });
      const [params] = fc.sample(validParams(row), { numRuns: 1, seed: 7 });
      const direct = fakeClient();
      const outcome = await failure(row.call(direct.client, id ?? '', params as never));
      const { fake, client } = fakeClient();
      const input = {
        ...(entry.idPrefix === undefined ? {} : { id }),
        ...(entry.takesParams ? { params } : {}),
      };
      const invoked = await failure(invoke(client, entry, input));
      const sent = ({ method, path, query, body }: (typeof fake.requests)[number]) => ({
        method,
        path,
        query,
        body,
      });
      expect(fake.requests.map(sent)).toEqual(direct.fake.requests.map(sent));
      expect(fake.requests).toHaveLength(1);
      expect(invoked?.constructor).toBe(outcome?.constructor);
    },
  );

  it('goes through the method, so its checks apply: a bad recipient is refused before sending', async () => {
    const { fake, client } = fakeClient();
    const create = catalog.find((entry) => entry.name === 'payouts.create');
    if (create === undefined) throw new Error('no payouts.create');
    const params = { recipient_address: 'T1', chain: 'tron', token: 'USDT', amount: 12.5, currency: 'USD' };
    const error = await failure(invoke(client, create, { params }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ param: 'recipient_address' });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers a list with a page promise that iterates every item', async () => {
    const { fake, client } = fakeClient();
    for (let i = 0; i < 3; i++) fake.seed.customer({ email: `ada${i}@example.com` });
    const list = catalog.find((entry) => entry.name === 'customers.list');
    if (list === undefined) throw new Error('no customers.list');
    const seen: unknown[] = [];
    for await (const item of invoke(client, list, { params: { limit: 1 } }) as AsyncIterable<unknown>)
      seen.push(item);
    expect(seen).toHaveLength(3);
  });

  it('refuses an id a method does not take, and params an action does not take, before sending', () => {
    const { fake, client } = fakeClient();
    const byName = (name: string) => catalog.find((entry) => entry.name === name);
    const list = byName('payouts.list');
    const approve = byName('payouts.approve');
    if (list === undefined || approve === undefined) throw new Error('missing entries');
    expect(() => invoke(client, list, { id: 'po_1' })).toThrow(RequestValidationError);
    const extra = Object.assign(Object.create(null), { status: 'canceled' });
    expect(() => invoke(client, approve, { id: 'po_1', params: extra })).toThrow(/takes no params/);
    expect(() => invoke(client, approve, { id: 'po_1', params: null as never })).toThrow(
      RequestValidationError,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the catalog stays out of the library', () => {
  it('no module that `import "chainbill"` reaches is the catalog, its docs or its JSON schemas', async () => {
    const inputs = await libraryInputs();
    expect(inputs.some((file) => file.endsWith('src/payouts/payouts.ts'))).toBe(true);
    expect(inputs.filter((file) => /src\/catalog\//.test(file))).toEqual([]);
  });
});
