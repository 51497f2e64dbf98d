import { jsonWithinLimits } from '../http/body.js';
import type { FakeEnvironment, SeedFileEntry } from '../resource.js';
import { modules, type SeedCollection } from '../router.js';

export type { SeedCollection } from '../router.js';

/**
 * One record: the fields of the resource's wire shape (ids, `org_id` and `environment` are the
 * fake's). `"$name": "alice"` names it; `{ "$ref": "alice" }` as a field's value is its id.
 */
export type SeedRecord = Record<string, unknown>;

/** Keys by environment: `sk_test_…` for sandbox, `sk_live_…` for live. */
export interface SeedKeys {
  /** Sandbox keys, `sk_test_` followed by letters, digits or `_`. */
  sandbox: string[];
  /** Live keys, `sk_live_` followed by letters, digits or `_`. */
  live: string[];
}

/** One organization of a seed file. */
export interface SeedFileOrganization {
  /** Its id: letters, digits, `_` or `-`, at most 64. */
  id: string;
  /** Fixed keys to issue; an environment without one gets a random one. */
  keys?: Partial<SeedKeys>;
  /** Records to create with a sandbox key, by collection. */
  sandbox?: Partial<Record<SeedCollection, SeedRecord[]>>;
  /** Records to create with a live key, by collection. */
  live?: Partial<Record<SeedCollection, SeedRecord[]>>;
}

/** A seed file (docs/fake-server.md: Seed files). */
export interface SeedFile {
  /** The organizations to create, in order. */
  organizations: SeedFileOrganization[];
}

/** A seed file that cannot be applied: `path` names the bad value, `message` says it in one line. */
export class SeedFileError extends Error {
  /** Always `SeedFileError`. */
  override name = 'SeedFileError';
  /** Where, for example `organizations[0].sandbox.plans[2].amount`; `''` for the file as a whole. */
  readonly path: string;

  /**
   * @param path - Where the bad value is, `''` for the whole file.
   * @param problem - What is wrong with it, for example `must be a number`.
   */
  constructor(path: string, problem: string) {
    super(path === '' ? problem : `${path}: ${problem}`);
    this.path = path;
  }
}

/**
 * Each list of a seed file: its `fake.seed` function and what its records must fit, in the order
 * they are created (the registry's).
 */
export const seedCollections: ReadonlyMap<SeedCollection, SeedFileEntry> = new Map(
  modules.flatMap(({ seedFile }) =>
    seedFile === undefined ? [] : [[seedFile.list as SeedCollection, seedFile] as const],
  ),
);

/** Fields the fake assigns; a file that sets one gets told so rather than having it ignored. */
const assigned = new Set(['id', 'org_id', 'environment', 'checkout_id']);

const environments: readonly FakeEnvironment[] = ['sandbox', 'live'];

const orgIdPattern = /^[\w-]{1,64}$/;
const namePattern = /^\w{1,100}$/;

/**
 * Checks a parsed seed file's shape: at most 1 MiB as JSON and 32 levels deep (a request body's
 * limits), unknown keys, wrong types, duplicate organizations or
 * `$name`s, and `$ref`s to no record created before (records are created organization by
 * organization, sandbox then live, collections in the order of {@link SeedCollection}). The
 * records' values are checked when applied, by the fake's own seeds.
 *
 * @param json - The parsed file.
 * @returns The same value, typed.
 * @throws {SeedFileError} Naming the path of the first bad value.
 */
export function checkSeedFile(json: unknown): SeedFile {
  // A seed file is held to a request body's limits, whichever way it comes (file, control API, in process).
  jsonWithinLimits(json, (problem) => new SeedFileError('', `a seed file ${problem}`));
  const root = objectAt(
    json,
    '',
    ['organizations'],
    'a seed file must be a JSON object such as { "organizations": [ … ] }',
  );
  const organizations = arrayAt(root['organizations'], 'organizations');
  const orgIds = new Set<string>();
  const names = new Set<string>();
  organizations.forEach((org, i) => {
    const at = `organizations[${i}]`;
    const fields = objectAt(org, at, ['id', 'keys', ...environments]);
    const id = fields['id'];
    if (typeof id !== 'string' || !orgIdPattern.test(id))
      throw new SeedFileError(`${at}.id`, 'must be letters, digits, _ or - (at most 64), such as "org_acme"');
    if (orgIds.has(id)) throw new SeedFileError(`${at}.id`, `organization ${id} is listed twice`);
    orgIds.add(id);
    if (fields['keys'] !== undefined) {
      const keys = objectAt(fields['keys'], `${at}.keys`, environments);
      for (const environment of environments)
        if (keys[environment] !== undefined)
          arrayAt(keys[environment], `${at}.keys.${environment}`).forEach((key, k) => {
            if (typeof key !== 'string')
              throw new SeedFileError(`${at}.keys.${environment}[${k}]`, 'must be a string');
          });
    }
    for (const environment of environments)
      if (fields[environment] !== undefined)
        checkEnvironment(fields[environment], `${at}.${environment}`, names);
  });
  return json as SeedFile;
}

function checkEnvironment(value: unknown, at: string, names: Set<string>): void {
  const lists = objectAt(value, at, [...seedCollections.keys()]);
  for (const collection of seedCollections.keys()) {
    if (lists[collection] === undefined) continue;
    const allowed = fieldsOf(collection);
    arrayAt(lists[collection], `${at}.${collection}`).forEach((record, r) => {
      const path = `${at}.${collection}[${r}]`;
      const fields = objectAt(record, path);
      for (const [field, fieldValue] of Object.entries(fields)) {
        if (field === '$name') continue;
        if (assigned.has(field))
          throw new SeedFileError(
            `${path}.${field}`,
            'is assigned by the fake; give the record a "$name" and use { "$ref": "<name>" }',
          );
        if (!allowed.includes(field))
          throw new SeedFileError(`${path}.${field}`, `is not a field of ${collection}`);
        checkRef(fieldValue, `${path}.${field}`, names);
      }
      const name = fields['$name'];
      if (name === undefined) return;
      if (typeof name !== 'string' || !namePattern.test(name))
        throw new SeedFileError(`${path}.$name`, 'must be letters, digits or _ (at most 100)');
      if (names.has(name)) throw new SeedFileError(`${path}.$name`, `${name} names another record already`);
      names.add(name);
    });
  }
}

function checkRef(value: unknown, path: string, names: Set<string>): void {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return;
  const ref = value.$ref;
  if (Object.keys(value).length !== 1 || typeof ref !== 'string')
    throw new SeedFileError(path, 'a reference is { "$ref": "<name>" } and nothing else');
  if (!names.has(ref))
    throw new SeedFileError(
      `${path}.$ref`,
      `no record before this one has "$name": "${ref}" (records are created in file order, ${[...seedCollections.keys()].join(', ')})`,
    );
}

/** The fields a record of a collection may set: its response schema's, minus those the fake assigns. */
function fieldsOf(collection: SeedCollection): string[] {
  const { schema, fields } = seedCollections.get(collection) as SeedFileEntry; // a key of the map
  if (!schema) return Object.keys(fields?.checks ?? {});
  // zod/mini keeps an object schema's shape in its definition; responseObject builds one.
  const shape = (schema() as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def
    .shape;
  return Object.keys(shape ?? {}).filter((field) => !assigned.has(field));
}

function objectAt(
  value: unknown,
  path: string,
  keys?: readonly string[],
  problem = 'must be an object',
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SeedFileError(path, problem);
  const fields = value as Record<string, unknown>;
  if (keys === undefined) return fields;
  for (const key of Object.keys(fields))
    if (!keys.includes(key))
      throw new SeedFileError(
        path === '' ? key : `${path}.${key}`,
        `is not known here (expected ${keys.join(', ')})`,
      );
  if (path === '' && fields['organizations'] === undefined)
    throw new SeedFileError('organizations', 'is required: a list of organizations');
  return fields;
}

function arrayAt(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new SeedFileError(path, 'must be an array');
  return value;
}
