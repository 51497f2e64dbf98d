import * as z from 'zod/mini';
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

/**
 * An open response enum: the known literals plus any other string, typed as {@link Unrecognized},
 * so a value the API adds later does not break parsing (DESIGN.md: Responses).
 *
 * @param values - The literals the spec lists.
 */
export function openEnum<const T extends string>(values: readonly T[]): z.ZodMiniType<T | Unrecognized> {
  return z.custom<T | Unrecognized>((value) => typeof value === 'string', {
    error: `expected one of ${values.join(', ')} or another string`,
  });
}

/** A date-time field of a response: an ISO 8601 string, kept as a string. */
export const dateTime: z.ZodMiniString = z.string();

/** A nullable field that may also be absent (DESIGN.md: fields that cannot exist in some states). */
export function maybe<T>(
  schema: z.ZodMiniType<T>,
): z.ZodMiniExactOptional<z.ZodMiniNullable<z.ZodMiniType<T>>> {
  return z.exactOptional(z.nullable(schema));
}

// RFC 3339 date-time: seconds and fraction optional, a zone required.
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const dateTimeMessage = 'must be a valid Date or an ISO 8601 date-time with Z or an offset';

/**
 * A date-time parameter: a valid `Date`, or an ISO 8601 date-time string with `Z` or an offset;
 * sent as an ISO string. A date alone (`2026-12-01`) is refused: which time zone it means is the
 * caller's choice to make.
 */
export const dateTimeParam: z.ZodMiniType<string, Date | string> = z.pipe(
  z.custom<Date | string>(
    (value) =>
      value instanceof Date
        ? !Number.isNaN(value.getTime())
        : typeof value === 'string' && isoDateTime.test(value) && !Number.isNaN(Date.parse(value)),
    { error: dateTimeMessage },
  ),
  z.transform((value: Date | string) => (value instanceof Date ? value.toISOString() : value)),
);

/** The `limit` parameter of every list: an integer from 1 to 100 (spec: Pagination). */
export const limitParam: z.ZodMiniType<number> = z.int().check(z.minimum(1), z.maximum(100));

/** A string with a maximum length (spec: Limits). */
export function maxString(max: number): z.ZodMiniString {
  return z.string().check(z.maxLength(max));
}

/** An id parameter in a body or query: a string starting with its prefix (spec: Identifier prefixes). */
export function idParam(prefix: string): z.ZodMiniString {
  return z
    .string()
    .check(
      z.startsWith(prefix, { error: `must be an id starting with \`${prefix}\`` }),
      z.minLength(prefix.length + 1, { error: `must be an id starting with \`${prefix}\`` }),
    );
}

/** An amount in USD (or token units) with the spec's minimum of 0.01. */
export const amountParam: z.ZodMiniType<number> = z.number().check(z.gte(0.01));

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
      z.looseObject({
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
export const chainField: z.ZodMiniType<Chain | Unrecognized> = openEnum(chains);
export const tokenField: z.ZodMiniType<Token | Unrecognized> = openEnum(tokens);
export const environmentField: z.ZodMiniType<Environment | Unrecognized> = openEnum(environments);

/** Request enums shared by many resources, closed. */
export const chainParam: z.ZodMiniType<Chain> = z.enum(chains);
export const tokenParam: z.ZodMiniType<Token> = z.enum(tokens);

/** A cursor parameter: the opaque `next_cursor` of the previous page, sent back as is. */
export const cursorParam: z.ZodMiniType<string> = z.string().check(z.minLength(1));

/**
 * The success "schema" of a delete (DESIGN.md: Responses): it ignores the body of the 2xx answer
 * (the spec does not show one: it may be empty, `{}` or the deleted record) and builds
 * `{ id, deleted: true }`. Use with `alwaysParse: true` so it also runs with `validateResponses: false`.
 *
 * @param id - The id the caller deleted.
 * @returns A schema that accepts any body and outputs the confirmation.
 */
export function deletedConfirmation(id: string): z.ZodMiniType<DeletedObject> {
  return z.pipe(
    z.unknown(),
    z.transform((): DeletedObject => ({ id, deleted: true })),
  );
}
