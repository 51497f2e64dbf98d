/**
 * Properties over every SDK method (rows in `property-rows.ts`): bad input never leaves the
 * process, good input becomes the request the spec describes, and no response, however broken,
 * surfaces as anything but a ChainbillError.
 */
import { Chainbill, ChainbillError, type Fetch, RequestValidationError } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcome } from './property-responses.js';
import { type Field, type Row, rows, validId, validParams } from './property-rows.js';
import { apiError, scriptedFetch, testBaseUrl, testKey } from './scripted-fetch.js';

const client = (fetch: Fetch, validateResponses = true): Chainbill =>
  new Chainbill({
    apiKey: testKey,
    baseUrl: testBaseUrl,
    fetch,
    maxRetries: 0,
    logLevel: 'off',
    validateResponses,
  });

/** Runs a call to the end: awaits it, or walks up to three pages of a list. */
async function settle(result: PromiseLike<unknown>): Promise<void> {
  const pages = (result as { pages?: () => AsyncIterable<unknown> }).pages;
  if (typeof pages !== 'function') {
    await result;
    return;
  }
  let count = 0;
  for await (const _ of pages.call(result)) if (++count === 3) break;
}

/** An input with exactly one thing wrong, and the `param` the SDK must name for it. */
function invalidInput(row: Row): fc.Arbitrary<{ id: string; params: unknown; param: string }> {
  const names = Object.keys(row.fields);
  const base = fc.record({ id: validId(row), params: validParams(row) });
  const cases: fc.Arbitrary<{ id: string; params: unknown; param: string }>[] = [];
  if (names.length > 0) {
    cases.push(
      base.chain(({ id, params }) =>
        fc.constantFrom(...names).chain((name) =>
          (row.fields[name] as Field).invalid.map((bad) => ({
            id,
            params: { ...params, [name]: bad },
            param: name,
          })),
        ),
      ),
      base.chain(({ id, params }) =>
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((key) => !names.includes(key))
          .map((key) => ({ id, params: { ...params, [key]: 1 }, param: key })),
      ),
      base.chain(({ id }) =>
        fc.constantFrom(null, 42, 'params', [], true).map((params) => ({ id, params, param: 'params' })),
      ),
    );
    const requiredNames = names.filter((n) => row.fields[n]?.required);
    if (requiredNames.length > 0) {
      cases.push(
        base.chain(({ id, params }) =>
          fc.constantFrom(...requiredNames).map((name) => {
            const { [name]: _, ...rest } = params;
            return { id, params: rest, param: name };
          }),
        ),
      );
    }
  }
  if (row.idPrefix) {
    const prefix = row.idPrefix;
    const badId = fc.oneof(
      fc.string().filter((s) => !s.startsWith(prefix)),
      fc
        .tuple(
          fc.string(),
          fc.constantFrom('/', '?', '#', '%', '\\', '..', ' ', '\n', '\u0000', '\ud800'),
          fc.string(),
        )
        .map(([a, bad, b]) => `${prefix}${a}${bad}${b}`),
      fc.constant(prefix),
    );
    cases.push(fc.record({ id: badId, params: validParams(row), param: fc.constant('id') }));
  }
  return fc.oneof(...cases);
}

describe.each(rows.map((row) => [row.name, row] as const))('%s', (_, row) => {
  it('invalid input rejects with RequestValidationError naming the parameter, and sends nothing', async () => {
    await fc.assert(
      fc.asyncProperty(invalidInput(row), async ({ id, params, param }) => {
        const { fetch, seen } = scriptedFetch(apiError(500));
        const error = await settle(row.call(client(fetch), id, params as never)).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(RequestValidationError);
        expect((error as RequestValidationError).param).toBe(param);
        expect(seen).toHaveLength(0);
      }),
      // Each field's each kind of bad value is drawn, whatever the run's count: nothing is sent, so
      // a run costs little.
      { numRuns: 100 },
    );
  });

  it('valid input becomes the request of the spec: method, path, query or body', async () => {
    await fc.assert(
      fc.asyncProperty(validId(row), validParams(row), async (id, params) => {
        const { fetch, seen } = scriptedFetch(apiError(400));
        await settle(row.call(client(fetch), id, params as never)).catch(() => undefined);
        expect(seen).toHaveLength(1);
        const [request] = seen;
        expect(request?.method).toBe(row.http);
        expect(request?.url.pathname).toBe(`/v1${row.path(id)}`);
        expect(request?.headers.get('authorization')).toBe(`Bearer ${testKey}`);
        const sent = row.sends?.(id) ?? { ...row.fixed, ...params };
        const wire = JSON.parse(JSON.stringify(sent)) as Record<string, unknown>;
        if (row.http === 'GET') {
          const query = Object.fromEntries(Object.entries(wire).map(([k, v]) => [k, String(v)]));
          expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual(query);
          expect(request?.body).toBe('');
          expect(request?.headers.has('idempotency-key')).toBe(false);
        } else {
          expect(request?.url.search).toBe('');
          expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
          if (row.http === 'DELETE') expect(request?.body).toBe('');
          else {
            expect(request?.headers.get('content-type')).toBe('application/json');
            expect(JSON.parse(request?.body ?? '')).toEqual(wire);
          }
        }
      }),
    );
  });

  it('any response, status or network failure ends in a ChainbillError, never a raw error', async () => {
    await fc.assert(
      fc.asyncProperty(
        validId(row),
        validParams(row),
        fc.array(outcome, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (id, params, outcomes, validate) => {
          let n = 0;
          const fetch: Fetch = async () => (outcomes[n++ % outcomes.length] as () => Response)();
          const error = await settle(row.call(client(fetch, validate), id, params as never)).then(
            () => undefined,
            (e: unknown) => e,
          );
          if (error !== undefined) {
            expect(error).toBeInstanceOf(ChainbillError);
            expect((error as Error).name).toBe(
              (error as { constructor: { brand: string } }).constructor.brand,
            );
          }
        },
      ),
    );
  });
});

describe('missing required parameters', () => {
  // Every method with a required parameter: each one left out in turn, from a valid call.
  const withRequired = rows.filter((row) => Object.values(row.fields).some((field) => field.required));

  it.each(withRequired.map((row) => [row.name, row] as const))(
    '%s: each required parameter, when missing, is named, and nothing is sent',
    async (_, row) => {
      const [id = ''] = fc.sample(validId(row), { numRuns: 1, seed: 5 });
      const [params = {}] = fc.sample(validParams(row), { numRuns: 1, seed: 5 });
      for (const name of Object.keys(row.fields).filter((n) => row.fields[n]?.required)) {
        const { [name]: _, ...rest } = params;
        const { fetch, seen } = scriptedFetch(apiError(500));
        const error = await settle(row.call(client(fetch), id, rest as never)).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, name).toBeInstanceOf(RequestValidationError);
        expect((error as RequestValidationError).param).toBe(name);
        expect(seen).toHaveLength(0);
      }
    },
  );
});
