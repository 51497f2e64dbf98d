/**
 * The fake's state as JSON and back, for snapshots: what JSON cannot say directly (a `Map`, a
 * `Set`, bytes, `undefined`, an infinite count, an object held in two places, such as the
 * customer a subscription embeds) becomes an object tagged `$type`; a plain object that has a
 * `$type` key of its own is tagged too, so nothing a record holds is mistaken for a tag.
 */

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Tagged = { $type: string; [key: string]: Json };

/** Encodes a value of plain data, `Map`, `Set`, `Uint8Array`; objects held twice stay one object. */
export function encode(root: unknown): Json {
  const shared = sharedObjects(root);
  const ids = new Map<object, number>();
  const visit = (value: unknown): Json => {
    if (value === undefined) return { $type: 'undefined' };
    if (typeof value === 'number')
      return Number.isFinite(value) ? value : { $type: 'number', value: String(value) };
    if (typeof value !== 'object' || value === null) return value as Json;
    const id = ids.get(value);
    if (id !== undefined) return { $type: 'ref', id };
    if (!shared.has(value)) return container(value);
    ids.set(value, ids.size);
    return { $type: 'shared', id: ids.size - 1, value: container(value) };
  };
  const container = (value: object): Json => {
    if (Array.isArray(value)) return value.map(visit);
    if (value instanceof Map)
      return { $type: 'map', entries: [...value].map(([k, v]) => [visit(k), visit(v)]) };
    if (value instanceof Set) return { $type: 'set', values: [...value].map(visit) };
    if (value instanceof Uint8Array) return { $type: 'bytes', base64: Buffer.from(value).toString('base64') };
    const fields: { [key: string]: Json } = {};
    for (const [key, field] of Object.entries(value)) define(fields, key, visit(field));
    return Object.hasOwn(fields, '$type') ? { $type: 'object', fields } : fields;
  };
  return visit(root);
}

/**
 * Decodes what {@link encode} made, into fresh objects (an own `__proto__` key stays a key).
 *
 * @throws {TypeError} For a tag it does not know, or a reference to nothing.
 */
export function decode(root: Json): unknown {
  const objects = new Map<number, unknown>();
  const visit = (value: Json): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return fill([], value);
    if (!Object.hasOwn(value, '$type')) return fill({}, value);
    const tag = value as Tagged;
    switch (tag.$type) {
      case 'undefined':
        return undefined;
      case 'number':
        return Number(text(tag['value'], ['Infinity', '-Infinity', 'NaN']));
      case 'bytes':
        return new Uint8Array(Buffer.from(text(tag['base64']), 'base64'));
      case 'ref': {
        if (!objects.has(tag['id'] as number))
          throw new TypeError(`a reference to nothing (${String(tag['id'])})`);
        return objects.get(tag['id'] as number);
      }
      case 'shared': {
        // Made empty and known by its id before it is filled, so a reference inside it finds it.
        const inner = tag['value'] ?? null;
        const made = emptyOf(inner);
        objects.set(tag['id'] as number, made);
        return fill(made, inner);
      }
      default:
        return fill(emptyOf(tag), tag);
    }
  };
  const fill = (made: unknown, value: Json): unknown => {
    if (Array.isArray(made)) for (const item of value as Json[]) made.push(visit(item));
    else if (made instanceof Map)
      for (const pair of list((value as Tagged)['entries']))
        made.set(visit(list(pair)[0] ?? null), visit(list(pair)[1] ?? null));
    else if (made instanceof Set) for (const item of list((value as Tagged)['values'])) made.add(visit(item));
    else {
      const fields = (value as Tagged).$type === 'object' ? (value as Tagged)['fields'] : value;
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
        throw new TypeError('an object expected');
      for (const [key, field] of Object.entries(fields)) define(made as object, key, visit(field));
    }
    return made;
  };
  return visit(root);
}

/** The empty container a value decodes into. */
function emptyOf(value: Json): unknown[] | Map<unknown, unknown> | Set<unknown> | object {
  if (Array.isArray(value)) return [];
  if (typeof value !== 'object' || value === null) throw new TypeError('a shared value must be an object');
  if (!Object.hasOwn(value, '$type')) return {};
  const type = (value as Tagged).$type;
  if (type === 'map') return new Map();
  if (type === 'set') return new Set();
  if (type === 'object') return {};
  throw new TypeError(`an unknown $type ${JSON.stringify(type).slice(0, 40)}`);
}

/** The objects reached more than once from the root, found without recursion. */
function sharedObjects(root: unknown): Set<object> {
  const seen = new Set<object>();
  const shared = new Set<object>();
  const stack: unknown[] = [root];
  for (let value = stack.pop(); stack.length > 0 || value !== undefined; value = stack.pop()) {
    if (typeof value !== 'object' || value === null || value instanceof Uint8Array) continue;
    if (seen.has(value)) {
      shared.add(value);
      continue;
    }
    seen.add(value);
    if (value instanceof Map) for (const [k, v] of value) stack.push(k, v);
    else if (value instanceof Set) for (const item of value) stack.push(item);
    else for (const field of Object.values(value)) stack.push(field);
  }
  return shared;
}

/** Sets an own data property, `__proto__` included (an assignment would change the prototype). */
function define(target: object, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}

function list(value: Json | undefined): Json[] {
  if (!Array.isArray(value)) throw new TypeError('a list expected');
  return value;
}

function text(value: Json | undefined, allowed?: readonly string[]): string {
  if (typeof value !== 'string' || (allowed !== undefined && !allowed.includes(value)))
    throw new TypeError('a string expected');
  return value;
}
