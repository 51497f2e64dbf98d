import type * as z from 'zod/mini';
import { miss, quickParse } from '../../internal/in-place.js';
import { ownMessages, paramOf, toIssues } from '../../internal/issues.js';
import type { Operation } from '../../internal/operation.js';
import { dateTimeParam } from '../../internal/schemas.js';
import type { Wire } from '../../internal/tie.js';
import { FakeApiError, invalid, missing } from '../http/errors.js';

/** A JSON object from a request body or query, read field by field with the spec's rules. */
export type Fields = Record<string, unknown>;

/**
 * Reads a request's parameters with the client's own params schema (the spec's limits, enums and
 * required fields, written once in the resource file), answering a failure as the API does:
 * 400 `parameter_missing` or `parameter_invalid` naming the parameter. A query's values arrive as
 * strings: where the schema wants a number and the string is one, it is read as that number.
 *
 * @param schema - The resource's params schema (strict: unknown parameters are refused).
 * @param fields - The body, or the query.
 * @param source - `query` to read numbers from strings.
 * @returns The parameters as the schema outputs them (date-times as ISO strings).
 * @throws {FakeApiError} 400 naming the first offending parameter.
 */
export function readParams<Out>(
  schema: z.ZodMiniType<Out, unknown>,
  fields: Fields,
  source: 'body' | 'query',
): Out {
  let result = schema.safeParse(fields, ownMessages);
  if (!result.success && source === 'query') {
    const numbers: Fields = { ...fields };
    for (const issue of result.error.issues) {
      const key = issue.path.length === 1 ? issue.path[0] : undefined;
      const raw = typeof key === 'string' ? fields[key] : undefined;
      if (
        issue.code === 'invalid_type' &&
        typeof key === 'string' &&
        typeof raw === 'string' &&
        raw.trim() !== ''
      ) {
        if (Number.isFinite(Number(raw))) numbers[key] = Number(raw);
      }
    }
    result = schema.safeParse(numbers, ownMessages);
  }
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues);
  const param = paramOf(issues[0], result.error.issues[0]);
  // Absent, whatever zod calls it (`invalid_type` for a string, `invalid_value` for an enum).
  if (fields[param] === undefined && !param.includes('.') && issues[0]?.code !== 'unrecognized_keys') {
    throw missing(param);
  }
  if (issues[0]?.code === 'unrecognized_keys') throw invalid(param, 'is not a parameter of this endpoint');
  throw new FakeApiError(
    400,
    'invalid_request_error',
    'parameter_invalid',
    `${param} ${issues[0]?.message ?? 'is invalid'}`,
    param,
  );
}

/**
 * Reads fields as an operation's body, with its params schema (the fake's seeds create records
 * as the API would, through the same checks).
 *
 * @param operation - The operation, with a params schema.
 * @param fields - The fields.
 * @returns The params as the schema outputs them.
 * @throws {FakeApiError} 400 naming the first offending parameter.
 */
export function readBody<P>(operation: Operation<P, unknown>, fields: Fields): Wire<P> {
  if (operation.params === undefined) throw new TypeError(`${operation.path} takes no params`);
  return readParams(operation.params(), fields, 'body');
}

/**
 * Checks what a seed sets on a record: the record with those fields must still be one the API
 * could answer (its response schema), so a seed cannot make the fake serve what the SDK refuses.
 *
 * @param schema - The resource's response schema.
 * @param record - The record as the fake built it.
 * @param fields - The fields the seed sets on it.
 * @returns `fields`, checked.
 * @throws {FakeApiError} 400 `parameter_invalid` naming the first bad field.
 */
export function checkedFields<T extends object>(schema: z.ZodMiniType, record: object, fields: T): T {
  const changed = { ...record, ...fields };
  if (quickParse(schema, changed) !== miss) return fields; // fits, proved in place
  const result = schema.safeParse(changed, ownMessages);
  if (result.success) return fields;
  const [issue] = toIssues(result.error.issues);
  throw invalid(issue?.path.join('.') || 'fields', issue?.message ?? 'is invalid');
}

/**
 * A date-time a seed sets: an ISO 8601 date-time with a zone (the SDK's own rule for date-time
 * parameters), stored as `toISOString()`.
 *
 * @param name - The field, for the error.
 * @param value - What was given.
 * @returns The normalized time.
 * @throws {FakeApiError} 400 `parameter_invalid` naming the field.
 */
export function checkedDateTime(name: string, value: unknown): string {
  if (!dateTimeParam().safeParse(value).success)
    throw invalid(name, 'must be an ISO 8601 date-time with Z or an offset, such as 2026-01-01T00:00:00Z');
  return new Date(value as string).toISOString();
}

/** A required non-empty string, with an optional maximum length. */
export function requiredString(fields: Fields, name: string, maxLength?: number): string {
  const value = fields[name];
  if (value === undefined || value === null || value === '') throw missing(name);
  return checkString(name, value, maxLength);
}

/** An optional string (absent → `undefined`, `null` kept when `nullable`). */
export function optionalString(
  fields: Fields,
  name: string,
  options: { maxLength?: number; nullable?: boolean } = {},
): string | null | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (value === null) {
    if (options.nullable) return null;
    throw invalid(name, 'must not be null');
  }
  return checkString(name, value, options.maxLength);
}

function checkString(name: string, value: unknown, maxLength?: number): string {
  if (typeof value !== 'string') throw invalid(name, 'must be a string');
  if (maxLength !== undefined && value.length > maxLength)
    throw invalid(name, `must be at most ${maxLength} characters`);
  return value;
}

/** A required or optional enum value. */
export function enumValue<T extends string>(
  fields: Fields,
  name: string,
  values: readonly T[],
  required: boolean,
): T | undefined {
  const value = fields[name];
  if (value === undefined || value === null) {
    if (required) throw missing(name);
    return undefined;
  }
  if (typeof value !== 'string' || !values.includes(value as T))
    throw invalid(name, `must be one of ${values.join(', ')}`);
  return value as T;
}

/** A number (from JSON, or a query string) with an optional minimum; `integer` for whole numbers. */
export function numberValue(
  fields: Fields,
  name: string,
  options: { required?: boolean; min?: number; max?: number; integer?: boolean; nullable?: boolean } = {},
): number | null | undefined {
  const raw = fields[name];
  if (raw === undefined || (raw === null && options.nullable)) {
    if (options.required) throw missing(name);
    return raw as null | undefined;
  }
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(name, 'must be a number');
  if (options.integer && !Number.isInteger(value)) throw invalid(name, 'must be an integer');
  if (options.min !== undefined && value < options.min)
    throw invalid(name, `must be at least ${options.min}`);
  if (options.max !== undefined && value > options.max) throw invalid(name, `must be at most ${options.max}`);
  return value;
}

/** An optional ISO 8601 date-time, kept as the normalized ISO string (`null` kept when `nullable`). */
export function dateTimeValue(fields: Fields, name: string, nullable = false): string | null | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (value === null && nullable) return null;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw invalid(name, 'must be an ISO 8601 date-time');
  return new Date(value).toISOString();
}
