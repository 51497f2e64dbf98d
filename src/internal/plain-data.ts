/**
 * Reading an option that must be plain data (the payout policy) without running the caller's code:
 * no getter, no Proxy trap that throws reaches the caller as anything but a `ConfigurationError`.
 */
import { ConfigurationError } from '../core/error.js';

/**
 * The own data properties of a plain object (its prototype `Object.prototype` or `null`).
 *
 * @param value - The caller's value.
 * @param where - Its place in the options, for the message: `payoutPolicy.maxAmount`.
 * @returns The properties by name, `undefined` values left out (not given).
 * @throws {ConfigurationError} for anything but such an object, a getter, or a symbol key.
 */
export function readRecord(value: unknown, where: string): Map<string, unknown> {
  return readSafely(where, () => {
    const plain = typeof value === 'object' && value !== null && !Array.isArray(value);
    const proto: unknown = plain ? Object.getPrototypeOf(value) : undefined;
    if (!plain || (proto !== Object.prototype && proto !== null))
      throw fail(`${where} must be a plain object.`);
    const entries = new Map<string, unknown>();
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') throw fail(`${where} has a symbol key.`);
      const data = dataValue(value, key, where);
      if (data !== undefined) entries.set(key, data);
    }
    return entries;
  });
}

/**
 * The items of an array, each read as a data property.
 *
 * @param value - The caller's value.
 * @param where - Its place in the options: `payoutPolicy.chains`.
 * @returns The items.
 * @throws {ConfigurationError} for anything but an array, a hole, or a getter.
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
    return items;
  });
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
