/**
 * Properties over every SDK method (rows in `property-rows.ts`): bad input never leaves the
 * process, good input becomes the request the spec describes, and no response, however broken,
 * surfaces as anything but a ChainbillError.
 */
import { Chainbill, ChainbillError, type Fetch, RequestValidationError } from 'chainbill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Field, type Row, rows, validId, validParams } from './property-rows.js';
import { apiError, payoutFixture, scriptedFetch, testBaseUrl, testKey } from './scripted-fetch.js';

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

// ---- arbitrary responses -----------------------------------------------------------------------

const json = (value: fc.Arbitrary<unknown>) => value.map((v) => JSON.stringify(v));
const fixture = payoutFixture() as unknown as Record<string, unknown>;
const payoutLike = fc
  .record({ key: fc.constantFrom(...Object.keys(fixture)), value: fc.option(fc.jsonValue({ maxDepth: 1 })) })
  .map(({ key, value }) => {
    const copy: Record<string, unknown> = { ...fixture };
    if (value === null) delete copy[key];
    else copy[key] = value;
    return copy;
  });
const envelopeLike = fc.record(
  {
    data: fc.oneof(
      fc.array(fc.oneof(fc.constant(fixture), payoutLike, fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    has_more: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
    next_cursor: fc.oneof(fc.constant(null), fc.string(), fc.integer()),
  },
  { requiredKeys: [] },
);
const errorLike = fc.record({
  error: fc.oneof(
    fc.record(
      {
        type: fc.oneof(fc.constant('authentication_error'), fc.string(), fc.integer()),
        code: fc.oneof(fc.string(), fc.constant(null)),
        message: fc.oneof(fc.string(), fc.integer()),
        param: fc.oneof(fc.string(), fc.constant(null), fc.boolean()),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 1 }),
  ),
});
const bodyText = fc.oneof(
  fc.constant(''),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  json(fc.jsonValue({ maxDepth: 2 })),
  json(errorLike),
  json(envelopeLike),
  json(payoutLike),
  json(fc.constant(fixture)),
  json(envelopeLike).chain((s) => fc.nat({ max: s.length }).map((cut) => s.slice(0, cut))),
  fc.constant('<html><body>502 Bad Gateway</body></html>'),
);
const status = fc.oneof(
  fc.constantFrom(
    200,
    201,
    202,
    204,
    205,
    299,
    301,
    304,
    400,
    401,
    403,
    404,
    408,
    409,
    418,
    422,
    429,
    500,
    501,
    502,
    503,
    504,
    599,
  ),
  fc.integer({ min: 200, max: 599 }),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html',
      'text/plain',
      '',
    ),
    'retry-after': fc.oneof(
      fc.string(),
      fc.nat().map(String),
      fc.date().map((d) => d.toUTCString()),
    ),
    'x-request-id': fc.string(),
  },
  { requiredKeys: [] },
);
const responseOutcome = fc.record({ status, body: bodyText, headers }).map(
  ({ status, body, headers }) =>
    () =>
      new Response([204, 205, 304].includes(status) ? null : body, { status, headers }),
);
const failureOutcome = fc.constantFrom<() => Response>(
  () => {
    throw new TypeError('fetch failed');
  },
  () => {
    throw new TypeError('Cannot read properties of undefined');
  },
  () => {
    throw new Error('proxy exploded');
  },
  () => {
    throw 'a string';
  },
  () => {
    throw new DOMException('The operation was aborted.', 'AbortError');
  },
  () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":['));
          controller.error(new TypeError('terminated'));
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    ),
);
const outcome = fc.oneof({ arbitrary: responseOutcome, weight: 4 }, { arbitrary: failureOutcome, weight: 1 });
