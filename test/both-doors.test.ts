/**
 * The two doors onto one implementation: for every operation, `Chainbill`'s method and the function
 * of `chainbill/funcs` (on a bare `ChainbillCore`) send the same request and answer the same result
 * or the same error, over drawn valid inputs, each against its own fake with the same fixed ids and
 * the same frozen clock.
 */
import { Chainbill, ChainbillCore } from 'chainbill';
import * as funcs from 'chainbill/funcs';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/catalog/catalog.js';
import { type Row, rows, validId, validParams } from './property-rows.js';

const at = '2026-11-28T09:00:00.000Z';

function fakeAt(): FakeChainbill {
  const fake = createFakeChainbill({ idSeed: 7 });
  fake.clock.set(at);
  // Something to list, update and delete: each door's fake holds the same records.
  fake.seed.payout({ status: 'draft' });
  return fake;
}

/** `payouts.settlements.list` → `payoutsSettlementsList`. */
function functionName(name: string): string {
  const [first = '', ...rest] = name.split('.');
  return first + rest.map((part) => part[0]?.toUpperCase() + part.slice(1)).join('');
}

/** What a call ends in: the result (a list's first page and its cursor), or the error's kind. */
async function outcomeOf(call: () => PromiseLike<unknown>): Promise<unknown> {
  try {
    const result = await call();
    const page = result as { data?: unknown; has_more?: unknown; next_cursor?: unknown } | undefined;
    return page !== undefined && page !== null && 'has_more' in page
      ? { data: page.data, has_more: page.has_more, next_cursor: page.next_cursor }
      : { result };
  } catch (error) {
    const { name, status, code, param } = error as Record<string, unknown>;
    return { error: { name, status, code, param } };
  }
}

const requestsOf = (fake: FakeChainbill) =>
  fake.requests.map(({ method, path, query, body }) => ({ method, path, query, body }));

const entries = catalog.map((entry) => [entry.name, entry] as const);

describe('both doors', () => {
  it('every operation of the catalog has its function in chainbill/funcs', () => {
    const missing = entries.map(([name]) => functionName(name)).filter((name) => !(name in funcs));
    expect(missing).toEqual([]);
  });

  it.each(entries)(
    '%s: the method and the function send the same request and answer the same',
    async (name, entry) => {
      const row = rows.find((candidate) => candidate.name === name) as Row;
      const fn = (funcs as unknown as Record<string, (...args: unknown[]) => PromiseLike<unknown>>)[
        functionName(name)
      ];
      await fc.assert(
        fc.asyncProperty(validId(row), validParams(row), async (id, params) => {
          const byMethod = fakeAt();
          const byFunction = fakeAt();
          const client = new Chainbill({
            apiKey: byMethod.apiKey,
            baseUrl: byMethod.baseUrl,
            fetch: byMethod.fetch,
          });
          const core = new ChainbillCore({
            apiKey: byFunction.apiKey,
            baseUrl: byFunction.baseUrl,
            fetch: byFunction.fetch,
          });
          const args = [
            ...(entry.idPrefix === undefined ? [] : [id]),
            ...(entry.takesParams ? [params] : []),
          ];
          const viaMethod = await outcomeOf(() => row.call(client, id, params as never));
          const viaFunction = await outcomeOf(() => fn?.(core, ...args) as PromiseLike<unknown>);
          expect(viaFunction).toEqual(viaMethod);
          expect(requestsOf(byFunction)).toEqual(requestsOf(byMethod));
        }),
        { numRuns: 6 },
      );
    },
  );
});
