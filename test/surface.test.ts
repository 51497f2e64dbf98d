/**
 * The public surface, enumerated from a live client (STYLE.md rule 14): every method of every
 * resource must have a property-test row (and so an Idempotency-Key check when it writes), a type
 * test, and a route in the fake. Adding a method without them fails here, naming what is missing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type Chainbill, NotFoundError } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeClient } from './helpers.js';
import { rows, validId, validParams } from './property-rows.js';
import { resourceMethods } from './resource-methods.js';

/** The client's own public methods (raw calls, `withOptions`, …), up its class chain. */
function clientMethods(value: Chainbill): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(value);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== 'constructor' && typeof (value as unknown as Record<string, unknown>)[name] === 'function')
        names.add(name);
    }
  }
  return [...names].sort();
}

const { fake, client } = fakeClient();
const methods = resourceMethods(client);
const rowNames = rows.map((row) => row.name);
/**
 * The methods that send nothing: they check offline, so no request row or fake route fits them;
 * each has its own tests (payouts.preview: test/payout-preview.test.ts) and a type test here too.
 */
const offline = ['payouts.preview'];
/**
 * The type tests: the `*.test-d.ts` files, and `expectTypeOf(…)` lines of the resource test files
 * (so a new method's type test can live beside its behaviour, in one file).
 */
const typeTests = readdirSync(new URL('./resources/', import.meta.url))
  .filter((file) => file.endsWith('.test-d.ts') || file.endsWith('.test.ts'))
  .map((file) => {
    const text = readFileSync(new URL(`./resources/${file}`, import.meta.url), 'utf8');
    return file.endsWith('.test-d.ts') ? text : (text.match(/expectTypeOf\(.*$/gm) ?? []).join('\n');
  })
  .join('\n');
/** Whether a method has a type test: a call in a `*.test-d.ts`, or `expectTypeOf(….name)`. */
const hasTypeTest = (name: string): boolean =>
  typeTests.includes(`.${name}(`) || typeTests.includes(`.${name})`);

describe('the public surface', () => {
  it('is found: every resource namespace contributes methods', () => {
    expect(methods).toContain('payouts.create');
    expect(methods).toContain('payouts.settlements.list');
    expect(methods.length).toBeGreaterThanOrEqual(26);
  });

  it('the client itself has exactly the methods reviewed here: a new one must be added (and tested)', () => {
    expect(clientMethods(client)).toEqual(
      [
        '_checkRawCall',
        '_copyOptions',
        'delete',
        'get',
        'getList',
        'patch',
        'post',
        'request',
        'stateScope',
        'requestList',
        'toJSON',
        'withOptions',
      ].sort(),
    );
  });

  it('every method has exactly one property-test row, and every row a method', () => {
    expect(rowNames.filter((name) => !methods.includes(name))).toEqual([]);
    expect(methods.filter((name) => !rowNames.includes(name) && !offline.includes(name))).toEqual([]);
    expect(offline.filter((name) => !methods.includes(name) || rowNames.includes(name))).toEqual([]);
    expect(new Set(rowNames).size).toBe(rowNames.length);
  });

  it('every method has a type test', () => {
    expect(methods.filter((name) => !hasTypeTest(name))).toEqual([]);
  });

  it.each(rows.map((row) => [row.name, row] as const))('%s has a route in the fake', async (_, row) => {
    const [id] = fc.sample(validId(row), { numRuns: 1, seed: 1 });
    const [params] = fc.sample(validParams(row), { numRuns: 1, seed: 1 });
    const before = fake.requests.length;
    const outcome = await Promise.resolve(row.call(client, id ?? '', params as never)).catch(
      (e: unknown) => e,
    );
    // A missing record is fine (ids are made up); a missing route or method is not.
    if (outcome instanceof NotFoundError) expect(outcome.code).not.toBe('route_not_found');
    expect(outcome).not.toMatchObject({ status: 405 });
    expect(fake.requests).toHaveLength(before + 1);
    expect(fake.requests[before]?.method).toBe(row.http);
  });
});
