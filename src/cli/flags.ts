/**
 * A command's flags, read from its params' JSON Schema: one flag per param in kebab case, its value
 * parsed by the param's type (numbers, booleans, enums, date-times, JSON for objects), and what
 * it allows, said in words for the help and for usage errors.
 */
import type { CatalogEntry } from '../catalog/catalog.js';
import { type JsonSchema, paramsJsonSchema } from '../catalog/json-schema.js';
import { kebab } from './commands.js';
import { quoted, UsageError } from './errors.js';
import { didYouMean } from './suggest.js';

/**
 * Values a required param takes when its flag is not given: the one value the API's reference
 * names for it (a payout's `currency`, "for example USD", docs/money.md: Currency).
 */
const defaults: Readonly<Record<string, string>> = { currency: 'USD' };

/** One param of a command as a flag. */
export interface ParamFlag {
  /** The flag's name without dashes: `recipient-address`. */
  readonly flag: string;
  /** The param's wire name: `recipient_address`. */
  readonly param: string;
  /** The param's schema without its `null` branch. */
  readonly schema: JsonSchema;
  /** It takes `null`: `--no-<flag>` sends it (clears the field). */
  readonly nullable: boolean;
  /** The API requires it and it has no default: the command line must give it. */
  readonly required: boolean;
  /** The value sent when the flag is not given, for a param the API requires. */
  readonly default: string | undefined;
  /** A plain boolean: given bare (`--is-default`), `--no-is-default` for `false`. */
  readonly bare: boolean;
  /** The param's TSDoc. */
  readonly description: string;
}

/**
 * The flags of an entry's params, in the schema's order.
 *
 * @param entry - A catalog entry.
 * @returns Its flags; none for an entry without params.
 */
export function paramFlags(entry: CatalogEntry): ParamFlag[] {
  const schema = paramsJsonSchema(entry);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([param, field]) => {
    const { schema: own, nullable } = withoutNull(field);
    const fallback = required.has(param) ? defaults[param] : undefined;
    return {
      flag: kebab(param),
      param,
      schema: own,
      nullable,
      required: required.has(param) && fallback === undefined,
      default: fallback,
      bare: own['type'] === 'boolean' && !nullable,
      description: typeof field['description'] === 'string' ? field['description'] : '',
    };
  });
}

/** A schema's non-null part: `anyOf: [X, {type: 'null'}]` and `type: [X, 'null']` both give X. */
function withoutNull(field: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const { description: _, ...rest } = field;
  const anyOf = Array.isArray(rest['anyOf']) ? (rest['anyOf'] as JsonSchema[]) : undefined;
  if (anyOf !== undefined) {
    const others = anyOf.filter((branch) => branch['type'] !== 'null');
    if (others.length === 1 && others.length < anyOf.length)
      return { schema: others[0] as JsonSchema, nullable: true };
  }
  const type = rest['type'];
  if (Array.isArray(type) && type.includes('null')) {
    const others = type.filter((name) => name !== 'null');
    return { schema: { ...rest, type: others.length === 1 ? others[0] : others }, nullable: true };
  }
  return { schema: rest, nullable: false };
}

/**
 * A flag's value as the param takes it (`null` is `--no-<flag>`, never a value). Numbers and booleans must be written as such, an enum
 * must be one of its values, and an object or anything the schema does not name as a scalar is
 * JSON. Limits, formats and patterns are left to the SDK's own check, which every call runs.
 *
 * @param flag - The flag.
 * @param text - What was typed.
 * @returns The value.
 * @throws {UsageError} naming the flag and what it allows.
 */
export function parseValue(flag: ParamFlag, text: string): unknown {
  const { schema } = flag;
  const bad = (): never => {
    throw new UsageError(`--${flag.flag} takes ${allowed(flag)}, not ${quoted(text)}`);
  };
  if (Array.isArray(schema['enum'])) {
    const values = schema['enum'].map(String);
    if (values.includes(text)) return text;
    throw new UsageError(
      `--${flag.flag} takes one of ${values.join(', ')}, not ${quoted(text)}${didYouMean(text, values)}`,
    );
  }
  switch (schema['type']) {
    case 'string':
      return text;
    case 'integer':
      return /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : bad();
    case 'number':
      return exactNumber(flag, text);
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : bad();
    default:
      return parseJson(flag, text);
  }
}

/**
 * A number typed as a decimal (`12.5`, `-3`, `.5`), read only when the number the API gets is
 * exactly that decimal: `100.000000000000001` would be sent as `100`, `9007199254740993` as
 * `9007199254740992`. Exponent forms are refused, as a payout policy file refuses them.
 */
function exactNumber(flag: ParamFlag, text: string): number {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (match === null || (whole === '' && fraction === ''))
    throw new UsageError(
      `--${flag.flag} takes ${allowed(flag)} written as a decimal (12.5, not 1.25e1), not ${quoted(text)}`,
    );
  const value = Number(text);
  const kept = fraction.replace(/0+$/, '');
  const digits = `${whole.replace(/^0+/, '') || '0'}${kept === '' ? '' : `.${kept}`}`;
  if (decimalOf(Math.abs(value)) !== digits)
    throw new UsageError(
      `--${flag.flag}: ${quoted(text)} cannot be sent exactly (it would be ${sign === '-' ? '-' : ''}${decimalOf(Math.abs(value))}); write at most the digits it holds`,
    );
  return value;
}

/**
 * A number as the plain decimal its shortest round-trip form (what JSON carries) means, without
 * an exponent: `1e21` → `1000000000000000000000`, `5e-324` → `0.000…5`.
 */
function decimalOf(value: number): string {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${digits}${'0'.repeat(point - digits.length)}`;
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

function parseJson(flag: ParamFlag, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--${flag.flag} takes ${allowed(flag)}: ${quoted(text)} is not JSON`);
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (flag.schema['type'] === 'object' && !isObject)
    throw new UsageError(`--${flag.flag} takes ${allowed(flag)}, not ${quoted(text)}`);
  if (namesProto(value))
    throw new UsageError(
      `--${flag.flag}: a key named "__proto__" is refused: a JavaScript object would take it as its prototype and send {} without a word; rename it`,
    );
  return value;
}

/** Whether any object in parsed JSON has an own key `__proto__`; a stack, not recursion (any depth). */
function namesProto(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const at = stack.pop();
    if (typeof at !== 'object' || at === null) continue;
    if (!Array.isArray(at) && Object.hasOwn(at, '__proto__')) return true;
    stack.push(...Object.values(at));
  }
  return false;
}

/**
 * The flag's value as a placeholder for the help: `tron|arbitrum|base`, `<number>`, `<json>`.
 *
 * @param flag - The flag.
 * @returns The placeholder; empty for a bare flag.
 */
export function placeholder(flag: ParamFlag): string {
  if (flag.bare) return '';
  const { schema } = flag;
  const name = Array.isArray(schema['enum'])
    ? schema['enum'].map(String).join('|')
    : schema['type'] === 'boolean'
      ? 'true|false'
      : `<${typeName(schema)}>`;
  return name;
}

function typeName(schema: JsonSchema): string {
  if (schema['format'] === 'date-time') return 'date-time';
  if (schema['format'] === 'email') return 'email';
  if (schema['type'] === 'object' || schema['type'] === 'array') return 'json';
  return typeof schema['type'] === 'string' ? schema['type'] : 'json';
}

/**
 * What a flag allows, in words: `a number of at least 0.01`, `one of tron, arbitrum, base`.
 *
 * @param flag - The flag.
 * @returns The words.
 */
export function allowed(flag: ParamFlag): string {
  const { schema } = flag;
  if (Array.isArray(schema['enum'])) return `one of ${schema['enum'].map(String).join(', ')}`;
  const limits = limitsOf(schema);
  const kind =
    schema['format'] === 'date-time'
      ? 'an ISO 8601 date-time (2026-12-01T00:00:00Z)'
      : schema['format'] === 'email'
        ? 'an email address'
        : schema['type'] === 'integer'
          ? 'a whole number'
          : schema['type'] === 'number'
            ? 'a number'
            : schema['type'] === 'boolean'
              ? 'true or false'
              : schema['type'] === 'string'
                ? 'text'
                : schema['type'] === 'object'
                  ? 'a JSON object'
                  : 'JSON';
  return `${kind}${limits.length > 0 ? ` ${limits.join(', ')}` : ''}`;
}

/** The schema's limits in words; `Number.MAX_SAFE_INTEGER` as a maximum says nothing. */
function limitsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const { minimum: min, maximum: max, minLength, maxLength, pattern } = schema;
  const hasMax = typeof max === 'number' && max < Number.MAX_SAFE_INTEGER;
  if (typeof min === 'number' && hasMax) out.push(`from ${min} to ${max}`);
  else if (typeof min === 'number') out.push(`of at least ${min}`);
  else if (hasMax) out.push(`of at most ${max}`);
  const prefix = typeof pattern === 'string' ? /^\^([a-z]+_)/.exec(pattern)?.[1] : undefined;
  if (prefix !== undefined) out.push(`starting with ${prefix}`);
  else if (typeof minLength === 'number' && minLength > 0 && typeof maxLength === 'number')
    out.push(`of ${minLength} to ${maxLength} characters`);
  else if (typeof maxLength === 'number') out.push(`of at most ${maxLength} characters`);
  else if (minLength === 1) out.push('not empty');
  return out;
}
