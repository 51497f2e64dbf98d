/**
 * The one gate every seed passes, whatever its source: `fake.seed.*`, `applySeedFile`, the control
 * API's `POST /_fake/seed` and `chainbill-fake --seed` (docs/testing.md: Seed). A seed holds only
 * what a request body could: JSON of at most 1 MiB, nested at most 32 levels (the API's own
 * limits); each field it sets must fit the resource's response schema, a date-time must be an ISO
 * 8601 date-time with a zone (the SDK's own rule for date-time parameters), and a webhook URL an
 * `http:` or `https:` URL. What fails is a 400 naming the field, before anything is stored.
 */

import type * as z from 'zod/mini';
import { ownMessages, toIssues } from '../../internal/issues.js';
import { dateTime } from '../../internal/schemas.js';
import { jsonWithinLimits } from '../http/body.js';
import { invalid, optionsArgument, stringArgument } from '../http/errors.js';
import type { SeedFileEntry } from '../resource.js';
import { type FakeSeeds, modules } from '../router.js';
import { checkedDateTime } from './validate.js';

/** Fields the fake assigns: a seed may name them, and they are ignored (the fake sets its own). */
const assigned: ReadonlySet<string> = new Set(['id', 'org_id', 'environment', 'checkout_id']);

/** Each seed's entry in the registry, by the name of its `fake.seed` function. */
const entries: ReadonlyMap<string, SeedFileEntry> = new Map(
  modules.flatMap(({ seedFile }) => (seedFile === undefined ? [] : [[seedFile.seed, seedFile]])),
);

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
  const entry = entries.get(seed);
  const schema = entry?.schema?.();
  const shape = schema && (schema._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape;
  for (const [name, value] of Object.entries(copy)) {
    if (assigned.has(name)) continue;
    if (shape === undefined) {
      copy[name] = ownField(entry, name, value);
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
    return checkedDateTime(name, value);
  }
  const result = field.safeParse(value, ownMessages);
  if (result.success) return value;
  const [issue] = toIssues(result.error.issues);
  throw invalid(name, issue?.message ?? 'is invalid');
}

/** A field of a resource without a response schema (a webhook endpoint): its module's own check. */
function ownField(entry: SeedFileEntry | undefined, name: string, value: unknown): unknown {
  const own = entry?.fields;
  const check = own !== undefined && Object.hasOwn(own.checks, name) ? own.checks[name] : undefined;
  if (check === undefined)
    throw invalid(
      name,
      `is not a field of ${own?.label ?? 'this resource'} (${Object.keys(own?.checks ?? {}).join(', ')})`,
    );
  return check(value);
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
