/**
 * One example per command, for its help: the required flags (or, for a command without any, its
 * first filter) with a value each param's schema allows, and the path id.
 */
import * as z from 'zod/mini';
import type { CatalogEntry } from '../catalog/catalog.js';
import { type ParamFlag, parseValue } from './flags.js';

/**
 * Values for the text params whose schema cannot say what a real one looks like: a checksummed
 * Tron address (the first value of `chain`), a currency code, a feature key.
 */
const samples: Readonly<Record<string, string>> = {
  recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
  currency: 'USD',
  feature_key: 'api_calls',
};

/** The hex part of an example id, as the API's ids look: `po_5f0c7b2e9a41d3c86b1e07f4`. */
const idTail = '5f0c7b2e9a41d3c86b1e07f4';

/**
 * The example command line.
 *
 * @param words - The command's words.
 * @param entry - Its catalog entry.
 * @param flags - Its flags.
 * @returns The line, its values quoted for a POSIX shell where they need it.
 */
export function exampleOf(
  words: readonly string[],
  entry: CatalogEntry,
  flags: readonly ParamFlag[],
): string {
  const parts = ['chainbill', ...words];
  if (entry.idPrefix !== undefined) parts.push(`${entry.idPrefix}${idTail}`);
  for (const flag of exampleFlags(entry, flags)) {
    if (flag.bare) parts.push(`--${flag.flag}`);
    else parts.push(`--${flag.flag}`, quote(sampleOf(flag)));
  }
  if (entry.movesMoney) parts.push('--dry-run');
  return parts.join(' ');
}

/**
 * The flags of the example: the required ones, and any the params schema then asks for (a rule
 * across fields: `value_type` `boolean` needs `value_boolean`); a command without required flags
 * shows its first filter.
 */
function exampleFlags(entry: CatalogEntry, flags: readonly ParamFlag[]): ParamFlag[] {
  const shown = flags.filter((flag) => flag.required);
  if (shown.length === 0) return flags.filter((flag) => Array.isArray(flag.schema['enum'])).slice(0, 1);
  const schema = entry.takesParams ? entry.operation.params?.() : undefined;
  for (let more = 0; schema !== undefined && more < flags.length; more++) {
    const params = Object.fromEntries(
      shown.map((flag) => [flag.param, flag.bare ? true : parseValue(flag, sampleOf(flag))]),
    );
    const result = z.safeParse(schema, params);
    const named = result.success
      ? undefined
      : result.error.issues.find((issue) => typeof issue.path[0] === 'string');
    const missing = flags.find((flag) => flag.param === named?.path[0] && !shown.includes(flag));
    if (missing === undefined) break;
    shown.push(missing);
  }
  return shown;
}

function sampleOf(flag: ParamFlag): string {
  const { schema } = flag;
  const known = samples[flag.param];
  if (known !== undefined) return known;
  if (Array.isArray(schema['enum'])) return String(schema['enum'][0]);
  if (schema['format'] === 'date-time') return '2026-12-01T00:00:00Z';
  if (schema['format'] === 'email') return 'ada@example.com';
  const prefix =
    typeof schema['pattern'] === 'string' ? /^\^([a-z]+_)/.exec(schema['pattern'])?.[1] : undefined;
  if (prefix !== undefined) return `${prefix}${idTail}`;
  switch (schema['type']) {
    case 'integer':
    case 'number':
      return String(typeof schema['minimum'] === 'number' ? schema['minimum'] : 1);
    case 'boolean':
      return 'true';
    case 'string':
      return 'example';
    case 'object':
      return '{"source":"cli"}';
    default:
      return 'null';
  }
}

function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
