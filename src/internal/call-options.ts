import { RequestValidationError } from '../core/error.js';
import type { RequestOptions } from '../core/request-options.js';
import { VERSION } from '../version.js';
import { hooksProblem } from './hooks.js';

/** The longest delay a timer takes (2^31 - 1 ms): a larger one fires at once. */
export const maxTimerMs = 2_147_483_647;

// 1 to 255 visible ASCII characters: what fits in a header unchanged and what servers store.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** The options checked alike on the client and per call: what each must be, as a check and in words. */
const rules: readonly [
  name: 'timeout' | 'maxRetries' | 'maxResponseBytes',
  ok: (value: number) => boolean,
  rule: string,
][] = [
  [
    'timeout',
    (ms) => Number.isFinite(ms) && ms > 0 && ms <= maxTimerMs,
    'must be a positive number of milliseconds',
  ],
  ['maxRetries', (count) => Number.isInteger(count) && count >= 0, 'must be a whole number, 0 or more'],
  [
    'maxResponseBytes',
    (bytes) => Number.isSafeInteger(bytes) && bytes > 0,
    'must be a whole number of bytes, 1 or more',
  ],
];

/**
 * The first of `timeout`, `maxRetries`, `maxResponseBytes` and `hooks` that cannot work, by one set
 * of rules for the constructor and for a call: a `NaN` (from `Number(process.env.X)` when unset)
 * would otherwise retry forever or time out at once.
 *
 * @param options - Client or call options; `undefined` fields are not given.
 * @returns `[name, what it must be]`, or `undefined` when every one can work.
 */
export function optionProblem(
  options: Pick<RequestOptions, 'timeout' | 'maxRetries' | 'maxResponseBytes' | 'hooks'>,
): [string, string] | undefined {
  for (const [name, ok, rule] of rules) {
    const value = options[name];
    if (value !== undefined && !ok(value)) return [name, rule];
  }
  const hooks = hooksProblem(options.hooks);
  return hooks === undefined ? undefined : ['hooks', hooks];
}

/**
 * Checks a call's options by the constructor's rules (`optionProblem`), before anything is sent;
 * an empty `idempotencyKey` would otherwise be sent as an empty header.
 *
 * @param options - The call's options.
 * @throws {RequestValidationError} with `param` `signal`, `timeout`, `maxRetries`,
 *   `maxResponseBytes`, `hooks` or `idempotencyKey`.
 */
export function checkCallOptions(options: RequestOptions): void {
  const { signal, idempotencyKey } = options;
  if (signal !== undefined && !isSignal(signal)) throw invalidOption('signal', 'must be an AbortSignal');
  const problem = optionProblem(options);
  if (problem !== undefined) throw invalidOption(...problem);
  if (
    idempotencyKey !== undefined &&
    !(typeof idempotencyKey === 'string' && idempotencyKeyPattern.test(idempotencyKey))
  ) {
    throw invalidOption('idempotencyKey', 'must be 1 to 255 visible ASCII characters (no spaces)');
  }
}

/**
 * Reads headers given as an option (`defaultHeaders`, a call's `headers`): any `HeadersInit`, with
 * no `Authorization` (only the client's key is sent, never silently replaced) and no
 * `Idempotency-Key` (the SDK sends one per write and keeps it across retries).
 *
 * @param init - The option's value.
 * @returns The headers, or why they cannot be used; the reason never quotes a name or a value,
 *   which may be a secret (the platform's own `TypeError` quotes it).
 */
export function readHeaders(init: unknown): Headers | string {
  let headers: Headers;
  try {
    headers = new Headers(init as HeadersInit);
  } catch {
    return 'must be a HeadersInit of valid names and values (no line breaks, nothing beyond Latin-1)';
  }
  if (headers.has('authorization')) {
    return 'must not set Authorization: the key is apiKey (another key: withOptions({ apiKey }))';
  }
  if (headers.has('idempotency-key')) return 'must not set Idempotency-Key: use the idempotencyKey option';
  return headers;
}

/**
 * The headers every call of a client sends, built once: `Accept`, `User-Agent`, `defaultHeaders`
 * over them, and `Authorization`. A plain record by lower-case name, which ky copies without
 * building a `Headers`.
 *
 * @param apiKey - The key, checked by the constructor (visible ASCII: it always fits in a header).
 * @param defaultHeaders - The client's `defaultHeaders`, checked by the constructor.
 * @returns The headers, by lower-case name.
 */
export function clientHeaders(apiKey: string, defaultHeaders: Headers): Readonly<Record<string, string>> {
  // fromEntries defines each name as data: a header named `__proto__` stays a header.
  return Object.fromEntries([
    ['accept', 'application/json'],
    ['user-agent', `chainbill-js/${VERSION}`],
    ...defaultHeaders,
    ['authorization', `Bearer ${apiKey}`],
  ]);
}

/**
 * A call's headers: the client's, the call's own over them, and an `Idempotency-Key` on every
 * non-GET call (the caller's `idempotencyKey`, or a new UUID v4).
 *
 * @param method - The HTTP method.
 * @param base - The client's headers ({@link clientHeaders}).
 * @param options - The call's options.
 * @returns The headers, the same for every attempt of the call, and the idempotency key (`null`
 *   on a GET).
 * @throws {RequestValidationError} with `param: 'headers'` when the call's headers cannot be sent
 *   or set `Authorization` or `Idempotency-Key`, without quoting a value.
 */
export function callHeaders(
  method: string,
  base: Readonly<Record<string, string>>,
  options: RequestOptions,
): { headers: Readonly<Record<string, string>> | Headers; idempotencyKey: string | null } {
  const idempotencyKey = method === 'GET' ? null : (options.idempotencyKey ?? crypto.randomUUID());
  if (options.headers === undefined) {
    return {
      headers: idempotencyKey === null ? base : { ...base, 'idempotency-key': idempotencyKey },
      idempotencyKey,
    };
  }
  const own = readHeaders(options.headers);
  if (typeof own === 'string') throw invalidOption('headers', own);
  const headers = new Headers(base);
  for (const [name, value] of own) headers.set(name, value);
  if (idempotencyKey !== null) headers.set('idempotency-key', idempotencyKey);
  return { headers, idempotencyKey };
}

/** An `AbortSignal`, or one from another realm or a polyfill: what the transport calls on it. */
function isSignal(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const signal = value as Record<string, unknown>;
  return typeof signal['aborted'] === 'boolean' && typeof signal['addEventListener'] === 'function';
}

/**
 * The error for an option that cannot work, before anything is sent.
 *
 * @param param - The option's name.
 * @param message - What it must be.
 * @returns A `RequestValidationError` naming it, issue code `invalid_option`.
 */
export function invalidOption(param: string, message: string): RequestValidationError {
  return new RequestValidationError(param, [{ path: [param], code: 'invalid_option', message }]);
}

/**
 * Each own enumerable key of an options object with its value, each read once: a getter that
 * throws is this error, not the caller's exception from deep inside the SDK.
 *
 * @param options - An object (checked by the caller).
 * @returns `[key, value]` pairs, in the object's key order.
 * @throws {RequestValidationError} naming the key whose getter threw.
 */
export function readOptions(options: object): [string, unknown][] {
  return Object.keys(options).map((key) => {
    try {
      return [key, (options as Record<string, unknown>)[key]];
    } catch {
      throw invalidOption(key, 'could not be read (its getter threw)');
    }
  });
}
