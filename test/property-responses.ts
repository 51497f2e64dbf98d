/**
 * Arbitrary answers for `property.test.ts`: responses of any status, content type, `Retry-After`
 * and request id, whose bodies are JSON of the spec's shapes with one field broken, error bodies of
 * any shape, truncated or binary text, or HTML; and the ways a `fetch` fails (thrown errors of any
 * kind, a body that breaks mid-stream).
 */
import fc from 'fast-check';
import { payoutFixture } from './scripted-fetch.js';

const json = (value: fc.Arbitrary<unknown>) => value.map((v) => JSON.stringify(v));
// Any code points, lone surrogates included, as `fc.string({ unit: 'binary' })` draws them: that
// arbitrary maps all 1.1 million of them for shrinking when it is made, a second of a test run.
const binaryText = fc
  .array(fc.nat({ max: 0x10ffff }), { maxLength: 20 })
  .map((points) => String.fromCodePoint(...points));
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
  binaryText,
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
/** Any answer to a request: a response of any status, headers and body, or a failure of fetch. */
export const outcome: fc.Arbitrary<() => Response> = fc.oneof(
  { arbitrary: responseOutcome, weight: 4 },
  { arbitrary: failureOutcome, weight: 1 },
);
