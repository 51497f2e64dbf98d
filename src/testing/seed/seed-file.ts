import type * as z from 'zod/mini';
import { ownMessages, toIssues } from '../../internal/issues.js';
import type { FakeChainbill } from '../fake.js';
import { MAX_BODY_BYTES } from '../http/body.js';
import { FakeApiError, oneLine } from '../http/errors.js';
import type { FakeEnvironment } from '../resource.js';
import type { FakeSeeds } from '../router.js';
import { internalsOf } from '../state/slot.js';
import type { FakeState } from '../state/state.js';
import {
  checkSeedFile,
  type SeedCollection,
  type SeedFile,
  SeedFileError,
  type SeedKeys,
  seedCollections,
} from './seed-shape.js';

export type { SeedCollection, SeedFile, SeedFileOrganization, SeedKeys, SeedRecord } from './seed-shape.js';
export { checkSeedFile, SeedFileError } from './seed-shape.js';

/** An organization of the fake and every key that opens it, by environment. */
export interface FakeOrganization {
  /** Organization id, for example `org_acme`. */
  id: string;
  /** Its keys: `sk_test_…` (sandbox) and `sk_live_…` (live). */
  keys: SeedKeys;
}

/** What a seed file created in one organization (`applySeedFile`). */
export interface SeededOrganization extends FakeOrganization {
  /** Ids of the records created, by environment and collection, in file order. */
  created: Record<FakeEnvironment, Partial<Record<SeedCollection, string[]>>>;
}

/** What {@link applySeedFile} did. */
export interface SeedSummary {
  /** Each organization of the file, with all its keys (listed ones, and one issued where none was). */
  organizations: SeededOrganization[];
  /** The id of each record that has a `"$name"`, by that name. */
  names: Record<string, string>;
}

type SeedFunction = (fields: Record<string, unknown>, options: { apiKey: string }) => Record<string, unknown>;

const environments: readonly FakeEnvironment[] = ['sandbox', 'live'];

/** The organizations seed files gave a fake, with their keys; the fake's own when named. Kept in its state. */
function registryOf(fake: FakeChainbill): Map<string, SeedKeys> {
  return internalsOf(fake).state.organizations;
}

/**
 * Records the fake's own organization and keys (`fake.apiKey`, `fake.liveApiKey`), so that a seed
 * file may list them under that organization and {@link knownOrganizations} includes it. The
 * `chainbill-fake` command does this; without it, a seed file may not list the fake's own keys.
 *
 * @param fake - The fake.
 * @param orgId - The `orgId` it was created with (default `org_fake`).
 */
export function rememberDefaultOrganization(fake: FakeChainbill, orgId: string): void {
  const keys = keysIn(registryOf(fake), orgId);
  for (const [environment, key] of [
    ['sandbox', fake.apiKey],
    ['live', fake.liveApiKey],
  ] as const)
    if (!keys[environment].includes(key)) keys[environment].push(key);
}

/**
 * @param fake - The fake.
 * @returns Every organization seed files created (and the fake's own when remembered), with its keys.
 */
export function knownOrganizations(fake: FakeChainbill): FakeOrganization[] {
  return [...registryOf(fake)].map(([id, keys]) => ({
    id,
    keys: { sandbox: [...keys.sandbox], live: [...keys.live] },
  }));
}

/**
 * Reads a seed file's text: JSON of the shape in docs/fake-server.md.
 *
 * @param text - The file's contents.
 * @returns The checked seed file.
 * @throws {SeedFileError} When it is over 1 MiB, not JSON (the parser's own one line), or has a bad
 *   shape (the path).
 */
export function parseSeedFile(text: string): SeedFile {
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new SeedFileError('', 'a seed file is larger than 1 MiB');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedFileError('', `not JSON: ${oneLine(error)}`);
  }
  return checkSeedFile(json);
}

/**
 * Applies a seed file to a fake, whole or not at all: it is checked, then applied to a copy of the
 * fake's state that replaces the state only once every key and record is in, so a record that the
 * fake refuses half way (a field of the wrong type, a reference to nothing) leaves no key, record
 * or event of the file behind. Keys are issued
 * first; an environment that lists no key gets one (or keeps the one an earlier seed gave it).
 * Record ids are the fake's, new each time.
 *
 * @param fake - The fake to seed.
 * @param json - The parsed seed file (docs/fake-server.md: Seed files).
 * @returns The organizations with their keys, the ids created, and the id of each `$name`.
 * @throws {SeedFileError} Naming the path of the first bad value, for example
 *   `organizations[0].sandbox.plans[2].amount: must be a number`; nothing has been applied.
 * @example
 * ```ts
 * const { names } = applySeedFile(fake, { organizations: [{ id: 'org_acme', keys: { sandbox: ['sk_test_acme'] } }] });
 * ```
 */
export function applySeedFile(fake: FakeChainbill, json: unknown): SeedSummary {
  const file = checkSeedFile(json);
  const registry = registryOf(fake);
  const ownKeys = new Set([fake.apiKey, fake.liveApiKey].filter((key) => !isRegistered(registry, key)));
  file.organizations.forEach((org, i) => {
    for (const environment of environments)
      org.keys?.[environment]?.forEach((key, k) => {
        if (ownKeys.has(key))
          throw new SeedFileError(
            `organizations[${i}].keys.${environment}[${k}]`,
            "is the fake's own key: list keys of your own",
          );
      });
  });
  // Applied to a fork of the state, swapped in only once all of it applied: whole or not at all.
  const { state, seedsOf } = internalsOf(fake);
  const draft = state.fork();
  const summary = run(draft, seedsOf(draft), file);
  state.adopt(draft);
  return summary;
}

function run(state: FakeState, seeds: FakeSeeds, file: SeedFile): SeedSummary {
  const organizations: SeededOrganization[] = [];
  // A Map, so that a record named `__proto__` is a name like any other.
  const names = new Map<string, string>();
  const orgKeys = file.organizations.map((org, i) => issueKeys(state, org.id, org.keys, i));
  file.organizations.forEach((org, i) => {
    const created: SeededOrganization['created'] = { sandbox: {}, live: {} };
    for (const environment of environments) {
      const apiKey = orgKeys[i]?.[environment][0] as string; // issueKeys gives each environment a key
      for (const [collection, { seed, schema }] of seedCollections) {
        org[environment]?.[collection]?.forEach((record, r) => {
          const path = `organizations[${i}].${environment}.${collection}[${r}]`;
          const { $name, ...fields } = record;
          for (const [field, value] of Object.entries(fields)) fields[field] = resolve(value, names);
          const stored = seedRecord(seedFunction(seeds, seed), fields, apiKey, path);
          if (schema) checkRecord(schema(), stored, path);
          const id = String(stored['id'] ?? stored['checkout_id']);
          // Pushed in place: a new list per record made a seed file quadratic in its records.
          const ids = created[environment][collection] ?? [];
          created[environment][collection] = ids;
          ids.push(id);
          if (typeof $name === 'string') names.set($name, id);
        });
      }
    }
    organizations.push({ id: org.id, keys: copyKeys(orgKeys[i]), created });
  });
  return { organizations, names: Object.fromEntries(names) };
}

/** The `fake.seed` function of a name the registry gives. */
function seedFunction(seeds: FakeSeeds, name: string): SeedFunction {
  return (seeds as unknown as Record<string, SeedFunction>)[name] as SeedFunction;
}

/** Issues an organization's listed keys; an environment without one keeps or gets one. */
function issueKeys(
  state: FakeState,
  orgId: string,
  listed: Partial<SeedKeys> | undefined,
  i: number,
): SeedKeys {
  const keys = keysIn(state.organizations, orgId);
  for (const environment of environments) {
    (listed?.[environment] ?? []).forEach((key, k) => {
      try {
        state.issueKey(orgId, environment, key);
      } catch (error) {
        throw new SeedFileError(`organizations[${i}].keys.${environment}[${k}]`, oneLine(error));
      }
      if (!keys[environment].includes(key)) keys[environment].push(key);
    });
    if (keys[environment].length === 0) keys[environment].push(state.issueKey(orgId, environment));
  }
  return keys;
}

function seedRecord(seed: SeedFunction, fields: Record<string, unknown>, apiKey: string, path: string) {
  try {
    return seed(fields, { apiKey });
  } catch (error) {
    if (!(error instanceof FakeApiError)) throw new SeedFileError(path, oneLine(error));
    const param = error.param ?? '';
    const message =
      param !== '' && error.message.startsWith(`${param} `)
        ? error.message.slice(param.length + 1)
        : error.message;
    throw new SeedFileError(param === '' ? path : `${path}.${param}`, message);
  }
}

/** The stored record must be what the client can read: a field of the wrong type is the file's error. */
function checkRecord(schema: z.ZodMiniType<unknown>, record: unknown, path: string): void {
  const result = schema.safeParse(record, ownMessages);
  if (result.success) return;
  const [issue] = toIssues(result.error.issues);
  throw new SeedFileError([path, ...(issue?.path ?? [])].join('.'), issue?.message ?? 'is invalid');
}

/** `{ "$ref": "name" }` → the id of the record of that `$name` (checkSeedFile made sure it exists). */
function resolve(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value;
  return names.get(String(value.$ref));
}

function keysIn(registry: Map<string, SeedKeys>, orgId: string): SeedKeys {
  let keys = registry.get(orgId);
  if (!keys) {
    keys = { sandbox: [], live: [] };
    registry.set(orgId, keys);
  }
  return keys;
}

function isRegistered(registry: Map<string, SeedKeys>, key: string): boolean {
  for (const keys of registry.values())
    if (keys.sandbox.includes(key) || keys.live.includes(key)) return true;
  return false;
}

function copyKeys(keys: SeedKeys | undefined): SeedKeys {
  return { sandbox: [...(keys?.sandbox ?? [])], live: [...(keys?.live ?? [])] };
}
