/**
 * The one gate every seed passes, whatever its source: `fake.seed.*`, `applySeedFile`, the control
 * API's `POST /_fake/seed` and `chainbill-fake --seed` (docs/testing.md: Seed). A seed holds only
 * what a request body could: JSON of at most 1 MiB, nested at most 32 levels (the API's own
 * limits); each field it sets must fit the resource's response schema, a date-time must be an ISO
 * 8601 date-time with a zone (the SDK's own rule for date-time parameters), and a webhook URL an
 * `http:` or `https:` URL. What fails is a 400 naming the field, before anything is stored.
 */

import type * as z from 'zod/mini';
import { toIssues } from '../internal/issues.js';
import { dateTime, dateTimeParam } from '../internal/schemas.js';
import { jsonWithinLimits } from './body.js';
import { invalid, optionsArgument, stringArgument } from './errors.js';
import type { FakeSeeds } from './fake.js';
import { seedCollections } from './seed-shape.js';

/** Fields the fake assigns: a seed may name them, and they are ignored (the fake sets its own). */
const assigned: ReadonlySet<string> = new Set(['id', 'org_id', 'environment', 'checkout_id']);

/** The longest webhook URL a seed may set. */
const MAX_URL_LENGTH = 2048;

/** The schema each seed's fields are checked against: its resource's response schema. */
function schemaOf(seed: keyof FakeSeeds): z.ZodMiniType | undefined {
  for (const { seed: name, schema } of Object.values(seedCollections)) if (name === seed) return schema?.();
  return undefined;
}

/** A field schema's innermost type, past `nullable` and `optional`. */
function innermost(schema: z.ZodMiniType): z.ZodMiniType {
  let at = schema;
  for (let inner = innerOf(at); inner !== undefined; inner = innerOf(at)) at = inner;
  return at;
}

function innerOf(schema: z.ZodMiniType): z.ZodMiniType | undefined {
  return (schema._zod.def as { innerType?: z.ZodMiniType }).innerType;
}

/**
 * A seed's fields, checked and normalized (date-times as `toISOString()`).
 *
 * @param seed - Which seed, for example `payout`.
 * @param fields - What the caller passed (`undefined` for none).
 * @returns The fields to seed with.
 * @throws {FakeApiError} 400 `parameter_invalid` naming the field.
 */
export function gateSeedFields(seed: keyof FakeSeeds, fields: unknown): Record<string, unknown> {
  if (fields === undefined) return {};
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw invalid('fields', 'must be an object of the resource’s fields');
  const copy = jsonWithinLimits(fields, (problem) => invalid('fields', problem)) as Record<string, unknown>;
  const schema = schemaOf(seed);
  const shape = schema && (schema._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape;
  for (const [name, value] of Object.entries(copy)) {
    if (assigned.has(name)) continue;
    if (shape === undefined) {
      copy[name] = webhookField(name, value);
      continue;
    }
    const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (field === undefined) throw invalid(name, `is not a field of this resource`);
    copy[name] = checkField(name, field, value);
  }
  return copy;
}

function checkField(name: string, field: z.ZodMiniType, value: unknown): unknown {
  if (innermost(field) === dateTime()) {
    if (value === null && field.safeParse(null).success) return null;
    if (!dateTimeParam().safeParse(value).success)
      throw invalid(name, 'must be an ISO 8601 date-time with Z or an offset, such as 2026-01-01T00:00:00Z');
    return new Date(value as string).toISOString();
  }
  const result = field.safeParse(value);
  if (result.success) return value;
  const [issue] = toIssues(result.error.issues);
  throw invalid(name, issue?.message ?? 'is invalid');
}

/** A webhook endpoint's fields (it has no response schema): an http(s) URL and a date-time. */
function webhookField(name: string, value: unknown): unknown {
  if (name === 'created_at') return checkField(name, dateTime(), value);
  if (name !== 'url') throw invalid(name, 'is not a field of a webhook endpoint (url, created_at)');
  const url =
    typeof value === 'string' && value.length <= MAX_URL_LENGTH && URL.canParse(value)
      ? new URL(value)
      : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw invalid('url', `must be an http: or https: URL of at most ${MAX_URL_LENGTH} characters`);
  return value;
}

/**
 * A seed's options: absent, or `{ apiKey }` with a string key.
 *
 * @throws {FakeApiError} 400 `parameter_invalid` naming `options` or `apiKey`.
 */
function gateSeedOptions(options: unknown): { apiKey?: string } {
  const { apiKey, ...rest } = optionsArgument(options as { apiKey?: unknown } | undefined, 'options');
  for (const name of Object.keys(rest)) throw invalid(name, 'is not an option of a seed (apiKey)');
  return apiKey === undefined ? {} : { apiKey: stringArgument(apiKey, 'apiKey') };
}

/**
 * The same seeds, each passing {@link gateSeedFields} and {@link gateSeedOptions} before it runs.
 *
 * @param seeds - The seeds bound to a state.
 * @returns Seeds of the same names and signatures.
 */
export function gateSeeds(seeds: FakeSeeds): FakeSeeds {
  const gated: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(seeds) as [keyof FakeSeeds, (...args: unknown[]) => unknown][])
    gated[name] = (fields?: unknown, options?: unknown) =>
      run(gateSeedFields(name, fields), gateSeedOptions(options));
  return gated as unknown as FakeSeeds; // the same keys, each a function of the same signature
}
