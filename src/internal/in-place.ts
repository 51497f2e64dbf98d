/**
 * Response validation without a copy. zod builds a new object for every object it
 * parses and a `{ value, issues }` record for every field: a page of 100 payouts made about
 * 320 KB of garbage, more than the page itself. A JSON body that fits its schema is already what
 * zod would return, so this module checks it where it lies and hands it back.
 *
 * The contract, which keeps zod the judge: a schema's in-place test answers `true` only for a value
 * that zod accepts and whose parse equals the value (same keys and values; zod's copy would put the
 * schema's keys first). It answers `false` for anything else, and for what it cannot prove; then
 * zod runs (`safeParse`) and gives the issues, or its output, as before. A schema holding a part
 * this module does not read (a default, a union, a strict object, a transform inside an object)
 * has no test: zod every time. A last step that is a transform (the list envelope's
 * `next_cursor ?? null`, a delete's confirmation) is run by zod on the value that passed.
 */
import type * as z from 'zod/mini';

/** Tells whether zod would accept `value` and return it unchanged; `false` means "ask zod". */
type InPlaceTest = (value: unknown) => boolean;
/** Parses like zod where it can prove the same result, else answers {@link miss}. */
type QuickParse = (value: unknown) => unknown;

/** What a quick parse answers when zod must decide. */
export const miss: unique symbol = Symbol('miss');

/** The parts of a zod schema's internals this module reads (zod 4 core, `_zod`). */
interface Internals {
  def: {
    type: string;
    checks?: readonly Schema[];
    coerce?: boolean;
    innerType?: Schema;
    element?: Schema;
    shape?: Record<string, Schema>;
    catchall?: Schema;
    fn?: (value: unknown) => unknown;
    in?: Schema;
    out?: Schema;
    keyType?: Schema;
    valueType?: Schema;
  };
  traits: Set<string>;
  optin?: string;
  optout?: string;
  run(payload: { value: unknown; issues: unknown[] }, context: { async: false }): unknown;
}
type Schema = { _zod: Internals };

const parsers = new WeakMap<object, QuickParse | null>();
const context = { async: false } as const;

/**
 * Parses a response body as `schema.safeParse` would, where the schema's quick parse can prove the
 * same result without copying; the quick parse is compiled on the schema's first use and kept.
 *
 * @param schema - A response schema.
 * @param value - The parsed JSON body.
 * @returns The parsed value (the body itself, or the last transform's output), or {@link miss}:
 *   then `safeParse` decides, and gives the issues.
 */
export function quickParse(schema: z.ZodMiniType, value: unknown): unknown {
  let parse = parsers.get(schema);
  if (parse === undefined) {
    parse = compileParse(schema as unknown as Schema) ?? null;
    parsers.set(schema, parse);
  }
  return parse === null ? miss : parse(value);
}

/** A schema's quick parse: its in-place test, or a pipe of one into a transform. */
function compileParse(schema: Schema): QuickParse | undefined {
  const { type, in: input, out: output } = schema._zod.def;
  if (type === 'pipe' && input && output?._zod.def.type === 'transform') {
    const test = compile(input);
    return test && ((value) => (test(value) ? zodRun(output, value) : miss));
  }
  const test = compile(schema);
  return test && ((value) => (test(value) ? value : miss));
}

/** zod's own parse of `value` by one schema, with no copy to make: the output, or {@link miss}. */
function zodRun(schema: Schema, value: unknown): unknown {
  try {
    const result = schema._zod.run({ value, issues: [] }, context) as { value: unknown; issues: unknown[] };
    return result.issues.length === 0 ? result.value : miss;
  } catch {
    return miss;
  }
}

// The plain leaves, one function each, so that an object's test can tell them by identity and
// check them inline (kinds below): a call per field through many closures costs more than the check.
/** `typeof value === 'string'`; also the function of an open enum's `z.custom` (schemas.ts). */
export const isString: InPlaceTest = (value) => typeof value === 'string';
const isNullableString: InPlaceTest = (value) => value === null || typeof value === 'string';
const isNumber: InPlaceTest = (value) => typeof value === 'number' && Number.isFinite(value);
const isBoolean: InPlaceTest = (value) => typeof value === 'boolean';
const isAnything: InPlaceTest = () => true;
const kinds = new Map<InPlaceTest, number>([
  [isString, 1],
  [isNullableString, 2],
  [isNumber, 3],
  [isBoolean, 4],
  [isAnything, 5],
]);

function compile(schema: Schema): InPlaceTest | undefined {
  const zod = schema._zod;
  const { def } = zod;
  if (def.coerce) return undefined;
  if (zod.traits.has('$ZodCheck') || (def.checks?.length ?? 0) > 0) {
    // An open enum; any other leaf with checks (`z.int()`, a pattern) is zod's to run, on the value.
    if (def.fn === isString && !def.checks?.length) return isString;
    if (!['string', 'number', 'boolean', 'custom', 'unknown'].includes(def.type)) return undefined;
    return (value) => zodRun(schema, value) === value;
  }
  switch (def.type) {
    case 'string':
      return isString;
    case 'number':
      return isNumber;
    case 'boolean':
      return isBoolean;
    case 'unknown':
      return isAnything;
    case 'nullable': {
      const inner = def.innerType && compile(def.innerType);
      if (inner === isString) return isNullableString;
      return inner && ((value) => value === null || inner(value));
    }
    case 'array': {
      const item = def.element && compile(def.element);
      return (
        item &&
        ((value) => {
          if (!Array.isArray(value)) return false;
          for (let at = 0; at < value.length; at++) if (!item(value[at])) return false;
          return true;
        })
      );
    }
    case 'object':
      return looseObject(def.shape, def.catchall);
    case 'record':
      return record(def.keyType, def.valueType);
    default:
      return undefined;
  }
}

/** Whether a value is a plain object, as every object of a JSON body is. */
const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * An object whose unknown keys are kept as they are (`z.looseObject`, the response objects): each
 * field tested, an absent field allowed only where zod leaves it absent. An own `__proto__` key is
 * left to zod, which drops it from its copy.
 *
 * The body's own keys are walked with `for…in`, whose reads V8 makes from the object's layout,
 * guessing each key to be the field after the last one found: a server sends every item's fields
 * in one order. Reading `record[key]` by the shape's keys instead is a megamorphic load per field,
 * about 3 times slower over a page. Only a plain object is tested (a JSON body's are), and no shape
 * may name a property of `Object.prototype`, so "not walked" means "absent" as it does for zod.
 */
function looseObject(
  shape: Record<string, Schema> | undefined,
  catchall: Schema | undefined,
): InPlaceTest | undefined {
  if (shape === undefined || !catchall || compile(catchall) !== isAnything) return undefined;
  const keys: string[] = [];
  const tests: InPlaceTest[] = [];
  const kindOf: number[] = [];
  const optionals: boolean[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const { def, optin, optout, traits } = field._zod;
    const optional = optin === 'optional' && optout === 'optional';
    if (key in Object.prototype || optional !== (def.type === 'optional')) return undefined;
    if (optional && def.checks?.length) return undefined;
    // An optional field's test is its inner type's: a present value must fit it. A plain
    // `z.optional` also takes a present `undefined` (which JSON cannot hold); `z.exactOptional` not.
    const test = compile(optional && def.innerType ? def.innerType : field);
    if (test === undefined) return undefined;
    const loose = optional && !traits.has('$ZodExactOptional');
    keys.push(key);
    tests.push(loose ? (value) => value === undefined || test(value) : test);
    kindOf.push(loose ? 0 : (kinds.get(test) ?? 0));
    optionals.push(optional);
  }
  const index = new Map(keys.map((key, at) => [key, at]));
  const required = optionals.filter((optional) => !optional).length;
  return (record) => {
    if (!isPlain(record)) return false;
    let next = 0;
    let found = 0;
    for (const key in record) {
      let at: number | undefined = next;
      if (keys[at] !== key) {
        at = index.get(key);
        if (at === undefined) {
          if (key === '__proto__') return false;
          continue;
        }
      }
      next = at + 1;
      const field = record[key];
      switch (kindOf[at]) {
        case 1:
          if (typeof field !== 'string') return false;
          break;
        case 2:
          if (field !== null && typeof field !== 'string') return false;
          break;
        case 3:
          if (typeof field !== 'number' || !Number.isFinite(field)) return false;
          break;
        case 4:
          if (typeof field !== 'boolean') return false;
          break;
        case 5:
          break;
        default:
          if (!(tests[at] as InPlaceTest)(field)) return false;
      }
      if (!optionals[at]) found++;
    }
    return found === required;
  };
}

/**
 * A record of string keys (`metadata`): a plain object whose every value fits. An own
 * `constructor` or `__proto__` key is left to zod, which reads the one and drops the other.
 */
function record(keyType: Schema | undefined, valueType: Schema | undefined): InPlaceTest | undefined {
  const value = keyType && compile(keyType) === isString && valueType && compile(valueType);
  if (!value) return undefined;
  return (input) => {
    if (!isPlain(input) || Object.hasOwn(input, '__proto__') || Object.hasOwn(input, 'constructor'))
      return false;
    for (const item of Object.values(input)) if (!value(item)) return false;
    return true;
  };
}
