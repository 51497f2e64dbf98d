import * as z from 'zod/mini';
import { atomicPattern } from '../core/money.js';
import {
  type Chain,
  chains,
  type DeletedObject,
  type Environment,
  environments,
  type Token,
  tokens,
  type Unrecognized,
} from '../core/types.js';
import { isString } from './in-place.js';

/**
 * A value built on first use, then kept. Every module-level schema of the SDK is one: building them
 * all at import cost ~10 ms of cold start, and a bundler keeps a module-level call (and all of zod
 * with it) in apps that never use it. Each `lazy(…)` call carries a `@__PURE__` annotation, so a
 * bundler drops the schemas of the resources an app does not reach (docs/performance.md).
 *
 * @param build - Builds the value; called at most once, on the first call of the result.
 * @returns A function that returns the value, building it the first time.
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * An open response enum: the known literals plus any other string, typed as {@link Unrecognized},
 * so a value the API adds later does not break parsing.
 *
 * @param values - The literals the spec lists.
 */
export function openEnum<const T extends string>(values: readonly T[]): z.ZodMiniType<T | Unrecognized> {
  // `isString` itself, so that the in-place check knows this test and makes it inline.
  return z.custom<T | Unrecognized>(isString, {
    error: `expected one of ${values.join(', ')} or another string`,
  });
}

/**
 * A response object: the fields the spec names, checked, and any other
 * field kept as it came (forward compatible). A body that fits is checked where it lies and kept
 * (`in-place.ts`); zod's parse, which copies, runs only to report what does not fit.
 *
 * @param shape - The fields' schemas.
 * @returns The object schema.
 */
export function responseObject<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
): z.ZodMiniObject<Shape, z.core.$loose> {
  return z.looseObject(shape);
}

/** A date-time field of a response: an ISO 8601 string, kept as a string. */
export const dateTime: () => z.ZodMiniString = /*@__PURE__*/ lazy(() => z.string());

/** A date-time field of a response that may be `null` (`approved_at`, `canceled_at`, …). */
export const nullableTime: () => z.ZodMiniNullable<z.ZodMiniString> = /*@__PURE__*/ lazy(() =>
  z.nullable(dateTime()),
);

/** A nullable field that may also be absent: a field that cannot exist in some states. */
export function maybe<T>(
  schema: z.ZodMiniType<T>,
): z.ZodMiniExactOptional<z.ZodMiniNullable<z.ZodMiniType<T>>> {
  return z.exactOptional(z.nullable(schema));
}

// RFC 3339 date-time: seconds and fraction optional, a zone required; ISO 8601's expanded
// year (`+010000`) is matched for the fake's clock, which reaches past year 9999.
const isoDateTime =
  /^([+-]\d{6}|\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(?:Z|[+-](\d\d):(\d\d))$/;
const dateTimeMessage = 'must be a valid Date or an ISO 8601 date-time with Z or an offset';

/**
 * The shape, and a real calendar: days per month with leap years, hour 0-23, minute and second
 * 0-59 (no leap second: a `Date` cannot hold one), offset up to ±23:59. `Date.parse` alone rolls
 * `02-30` over to March.
 *
 * @param text - The string to check.
 * @param expandedYear - Whether a signed six-digit year (`+010000-01-01T00:00:00Z`) is allowed.
 * @returns Whether it names a real instant.
 * @internal
 */
export function isDateTime(text: string, expandedYear = false): boolean {
  if (!expandedYear && !/^\d/.test(text)) return false;
  const [, y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, oh = 0, om = 0] =
    isoDateTime.exec(text)?.map((part) => Number(part ?? 0)) ?? [];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  return d >= 1 && d <= days && h < 24 && mi < 60 && s < 60 && oh < 24 && om < 60;
}

/**
 * A date-time parameter: a valid `Date`, or an ISO 8601 date-time string with `Z` or an offset
 * that names a real instant (no `02-30`, `24:00` or `:60`); sent as an ISO string. A date alone
 * (`2026-12-01`) is refused: which time zone it means is the caller's choice to make.
 */
export const dateTimeParam: () => z.ZodMiniType<string, Date | string> = /*@__PURE__*/ lazy(() =>
  z.pipe(
    z.custom<Date | string>(
      (value) =>
        // A `Date` past year 9999 would go out as `+010000-…`, which the string form refuses too.
        value instanceof Date
          ? !Number.isNaN(value.getTime()) && isDateTime(value.toISOString())
          : typeof value === 'string' && isDateTime(value),
      { error: dateTimeMessage },
    ),
    z.transform((value: Date | string) => (value instanceof Date ? value.toISOString() : value)),
  ),
);

/**
 * The options of `toArray` (docs/pagination.md): `max` a positive integer, since `0`, `NaN` or
 * `Infinity` would otherwise collect the whole list; an unknown option is refused like any param.
 */
export const toArrayOptions: () => z.ZodMiniType<{ max?: number | undefined }> = /*@__PURE__*/ lazy(() =>
  z.strictObject({
    max: z.optional(z.int().check(z.minimum(1))),
  }),
);

/** The `limit` of every list (spec: Pagination): an integer from 1 to 100, 25 when not given. */
export const listLimit = { min: 1, max: 100, default: 25 } as const;

/** The `limit` parameter of every list: an integer within {@link listLimit}. */
export const limitParam: () => z.ZodMiniType<number, number> = /*@__PURE__*/ lazy(() =>
  z.int().check(z.minimum(listLimit.min), z.maximum(listLimit.max)),
);

/** A string with a maximum length (spec: Limits). */
export function maxString(max: number): z.ZodMiniString<string> {
  return z.string().check(z.maxLength(max));
}

/** An id parameter in a body or query: a string starting with its prefix (spec: Identifier prefixes). */
export function idParam(prefix: string): z.ZodMiniString<string> {
  return z
    .string()
    .check(
      z.startsWith(prefix, { error: `must be an id starting with \`${prefix}\`` }),
      z.minLength(prefix.length + 1, { error: `must be an id starting with \`${prefix}\`` }),
    );
}

/**
 * An atomic amount in a response (`amount_atomic`): a decimal string of digits only, so that
 * `BigInt(value)` and `fromAtomicUnits` cannot throw on it later (docs/money.md).
 */
export const atomicAmount: () => z.ZodMiniString = /*@__PURE__*/ lazy(() =>
  z.string().check(
    z.regex(atomicPattern, {
      error: 'must be a non-negative integer in atomic units, written as digits only',
    }),
  ),
);

/** An amount in USD (or token units) with the spec's minimum of 0.01. */
export const amountParam: () => z.ZodMiniType<number, number> = /*@__PURE__*/ lazy(() =>
  z.number().check(z.gte(0.01)),
);

/** The list envelope of the spec: `{ data, has_more, next_cursor }` (spec: List envelope). */
export interface ListEnvelope<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

const envelopes = new WeakMap<object, z.ZodMiniType<ListEnvelope<unknown>>>();

/**
 * The schema of a list envelope around an item schema, built once per item schema. `next_cursor`
 * may be absent (offset lists) and is then `null`.
 *
 * @param item - The item schema.
 */
export function listEnvelope<T>(item: z.ZodMiniType<T>): z.ZodMiniType<ListEnvelope<T>> {
  let envelope = envelopes.get(item);
  if (envelope === undefined) {
    envelope = z.pipe(
      responseObject({
        data: z.array(item),
        has_more: z.boolean(),
        next_cursor: z.optional(z.nullable(z.string())),
      }),
      z.transform((page) => ({ ...page, next_cursor: page.next_cursor ?? null })),
    );
    envelopes.set(item, envelope);
  }
  return envelope as z.ZodMiniType<ListEnvelope<T>>; // keyed by `item`, so built around this T
}

/** Response enums shared by many resources (spec: Conventions), open. */
export const chainField: () => z.ZodMiniType<Chain | Unrecognized> = /*@__PURE__*/ lazy(() =>
  openEnum(chains),
);
export const tokenField: () => z.ZodMiniType<Token | Unrecognized> = /*@__PURE__*/ lazy(() =>
  openEnum(tokens),
);
export const environmentField: () => z.ZodMiniType<Environment | Unrecognized> = /*@__PURE__*/ lazy(() =>
  openEnum(environments),
);

/** Request enums shared by many resources, closed. */
export const chainParam: () => z.ZodMiniType<Chain, Chain> = /*@__PURE__*/ lazy(() => z.enum(chains));
export const tokenParam: () => z.ZodMiniType<Token, Token> = /*@__PURE__*/ lazy(() => z.enum(tokens));

/** A cursor parameter: the opaque `next_cursor` of the previous page, sent back as is. */
export const cursorParam: () => z.ZodMiniType<string, string> = /*@__PURE__*/ lazy(() =>
  z.string().check(z.minLength(1)),
);

/**
 * The success "schema" of a delete. The spec does not show the body of the
 * 2xx answer: empty, `{}`, text, the deleted record or a confirmation all resolve to
 * `{ id, deleted: true }`; an object body that says otherwise (`deleted` present and not `true`,
 * or an `id` other than the one deleted) fails. Use with `alwaysParse: true`, so this also
 * runs with `validateResponses: false`: the SDK must not claim a delete the server denies.
 *
 * @param id - The id the caller deleted.
 * @returns A schema that checks the body and outputs the confirmation.
 */
export function deletedConfirmation(id: string): z.ZodMiniType<DeletedObject> {
  const absentOr = (allowed: unknown, body: unknown, key: string): boolean => {
    const value =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
    return value === undefined || value === allowed;
  };
  return z.pipe(
    z.unknown().check(
      z.refine((body) => absentOr(true, body, 'deleted'), {
        path: ['deleted'],
        error: 'must be true when present: the body says the delete did not happen',
      }),
      z.refine((body) => absentOr(id, body, 'id'), {
        path: ['id'],
        error: `must be the deleted id \`${id}\` when present`,
      }),
    ),
    z.transform((): DeletedObject => ({ id, deleted: true })),
  );
}
