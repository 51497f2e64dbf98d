/**
 * What a hook sees of an error (docs/hooks.md): a frozen copy, never the caller's
 * error object, so an observer that writes to `info.error` (or its `headers`, `body`, `issues`,
 * `cause`) cannot change what the caller catches.
 */

// Deep enough for every error the SDK makes (an error, its cause, the platform's cause of that);
// past it a cause is left out rather than copied without end.
const maxErrorDepth = 4;
// Deep enough for any error body worth reading; deeper data is still a copy, only not frozen.
const maxFreezeDepth = 64;

/**
 * A frozen copy of an error: a genuine `Error` with the same prototype, so `instanceof`, `name`,
 * `toJSON()` and `String()` read as on the original. Own properties are copied: `Headers` as new `Headers`, an
 * `Error` (a `cause`) as its own frozen copy, plain data (`body`, `issues`) as a frozen clone.
 * Any other object (a class instance given as an abort reason) is kept as it is; a value that
 * throws when read is left out.
 *
 * @param error - The caller's error; it is only read.
 * @returns The copy; `undefined` only when the error itself cannot be read.
 */
export function errorView<E extends object>(error: E): E | undefined {
  try {
    return copyError(error, 0) as E;
  } catch {
    return undefined;
  }
}

function copyError(error: object, depth: number): object {
  const view = blankError(Object.getPrototypeOf(error));
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (descriptor === undefined) continue;
    let value: unknown;
    try {
      // An accessor is read once (some engines keep `stack` as one); the view holds the value.
      value = copyValue('value' in descriptor ? descriptor.value : Reflect.get(error, key), depth);
    } catch {
      continue;
    }
    Object.defineProperty(view, key, {
      value,
      enumerable: descriptor.enumerable ?? false,
      writable: false,
      configurable: false,
    });
  }
  return Object.freeze(view);
}

/**
 * A genuine `Error` (the internal slot that `util.types.isNativeError`, `Error.isError` and test
 * matchers check) with the given prototype, made without running any subclass constructor.
 */
function blankError(prototype: object | null): object {
  const newTarget = function view(): void {};
  newTarget.prototype = prototype;
  return Reflect.construct(Error, [], newTarget);
}

function copyValue(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    if (value instanceof Headers) return new Headers(value);
    if (value instanceof Error) return depth + 1 < maxErrorDepth ? copyError(value, depth + 1) : undefined;
    const proto: unknown = Object.getPrototypeOf(value);
    const plain = Array.isArray(value) || proto === Object.prototype || proto === null;
    return plain ? deepFreeze(structuredClone(value), 0) : value;
  } catch {
    // A hostile value (a revoked Proxy, a getter that throws) is left out: hooks still run.
    return undefined;
  }
}

function deepFreeze<T>(value: T, depth: number, seen: WeakSet<object> = new WeakSet()): T {
  if (typeof value !== 'object' || value === null || depth >= maxFreezeDepth || seen.has(value)) return value;
  seen.add(value); // a clone keeps shared and cyclic references: each object is walked once
  for (const item of Object.values(value)) deepFreeze(item, depth + 1, seen);
  return Object.freeze(value);
}
