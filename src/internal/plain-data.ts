/**
 * Reading an option that must be plain data (the payout policy) without running the caller's code:
 * no getter, no Proxy trap that throws reaches the caller as anything but a `ConfigurationError`.
 */
import { ConfigurationError } from '../core/error.js';

/**
 * The own data properties of a plain object (its prototype `Object.prototype` or `null`), read
 * twice: a `Proxy` can answer each read differently, so keys and values that disagree between two
 * reads, or with what `in` and a plain read give, are refused.
 *
 * @param value - The caller's value.
 * @param where - Its place in the options, for the message: `payoutPolicy.maxAmount`.
 * @param names - The keys it may have: one that is not listed must not be readable either.
 * @returns The properties by name, `undefined` values left out (not given).
 * @throws {ConfigurationError} for anything but such an object, a getter, a symbol key, or reads
 *   that disagree.
 */
export function readRecord(
  value: unknown,
  where: string,
  names: readonly string[] = [],
): Map<string, unknown> {
  return readSafely(where, () => {
    const plain = typeof value === 'object' && value !== null && !Array.isArray(value);
    const proto: unknown = plain ? Object.getPrototypeOf(value) : undefined;
    if (!plain || (proto !== Object.prototype && proto !== null))
      throw fail(`${where} must be a plain object.`);
    const keys = Reflect.ownKeys(value);
    const read = new Map<string, unknown>();
    for (const key of keys) {
      if (typeof key !== 'string') throw fail(`${where} has a symbol key.`);
      read.set(key, dataValue(value, key, where));
    }
    const again = Reflect.ownKeys(value);
    if (again.length !== keys.length || again.some((key, i) => key !== keys[i])) throw disagree(where);
    for (const [key, data] of read) agrees(value, key, data, where);
    for (const name of names) if (!read.has(name) && Reflect.has(value, name)) throw disagree(where);
    return new Map([...read].filter(([, data]) => data !== undefined));
  });
}

/**
 * The items of an array, each read as a data property, twice (as {@link readRecord} reads).
 *
 * @param value - The caller's value.
 * @param where - Its place in the options: `payoutPolicy.chains`.
 * @returns The items.
 * @throws {ConfigurationError} for anything but an array of items alone, a hole, a getter, or
 *   reads that disagree.
 */
export function readList(value: unknown, where: string): unknown[] {
  return readSafely(where, () => {
    if (!Array.isArray(value)) throw fail(`${where} must be an array.`);
    const length = dataValue(value, 'length', where);
    if (typeof length !== 'number') throw fail(`${where} cannot be read.`);
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) {
      if (Object.getOwnPropertyDescriptor(value, i) === undefined) {
        throw fail(`${where}[${i}] is missing (the array has a hole).`);
      }
      items.push(dataValue(value, String(i), where));
    }
    if (Reflect.ownKeys(value).length !== length + 1) throw fail(`${where} must be an array of items alone.`);
    agrees(value, 'length', length, where);
    for (const [i, item] of items.entries()) agrees(value, String(i), item, where);
    return items;
  });
}

/**
 * Refuses a `Proxy` where plain data belongs: reading one cannot tell it apart from its target,
 * but the structured clone algorithm refuses every Proxy (HTML: StructuredSerializeInternal).
 * Call it once the data was read: a clone runs no code of the caller's on data properties.
 *
 * @param value - The caller's value, already read as plain data (no getters).
 * @param where - Its place in the options.
 * @throws {ConfigurationError} for a Proxy, or data holding one.
 */
export function refuseProxy(value: unknown, where: string): void {
  try {
    structuredClone(value);
  } catch {
    throw new ConfigurationError(`${where} must be plain data: a Proxy, there or inside it, is refused.`);
  }
}

/**
 * A property name fit to quote in a message: a short identifier that is no key (`sk_…`).
 *
 * @param key - A property name of the caller's.
 * @returns `` `maxAmounts` ``, or `a key` when the name is not fit to quote.
 */
export function quotedKey(key: string): string {
  return /^[A-Za-z][\w-]{0,39}$/.test(key) && !key.startsWith('sk_') ? `\`${key}\`` : 'a key';
}

/** A second read of a property, as a descriptor and as a plain read, gives the first's value. */
function agrees(value: object, key: string, data: unknown, where: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  if (descriptor === undefined || !('value' in descriptor) || !Object.is(descriptor.value, data))
    throw disagree(where);
  if (!Object.is(Reflect.get(value, key), data)) throw disagree(where);
}

function disagree(where: string): ConfigurationError {
  return fail(`${where} must be plain data: its keys or values disagree between reads (a Proxy?).`);
}

function dataValue(value: object, key: string, where: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  if (descriptor === undefined) return undefined;
  if (!('value' in descriptor)) {
    throw fail(`${where} must be plain data: ${quotedKey(key)} is a getter.`);
  }
  return descriptor.value;
}

// The errors made here: told from a caller's throw without touching it (a Proxy has traps).
const ours = /*@__PURE__*/ new WeakSet<object>();

function fail(message: string): ConfigurationError {
  const error = new ConfigurationError(message);
  ours.add(error);
  return error;
}

/** Runs a read; a throw that is not ours (a Proxy trap, say) becomes a `ConfigurationError`. */
function readSafely<T>(where: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (typeof error === 'object' && error !== null && ours.has(error)) throw error;
    throw fail(`${where} cannot be read: it threw when read.`);
  }
}
