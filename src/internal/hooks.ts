import type { Hook, HookInfo, Hooks } from '../core/hooks.js';
import { hookNames } from '../core/hooks.js';
import { errorView } from './error-view.js';
import type { LevelLogger } from './log.js';

/**
 * The key of a token every hook info of one call shares (a fresh object per call), so an observer
 * such as `chainbill/opentelemetry` can tie the attempts of one call together. A symbol: it stays
 * out of `JSON.stringify`, `Object.keys` and the documented shape; `Symbol.for`, so every copy
 * and entry of the package agrees on it.
 */
export const callToken: unique symbol = Symbol.for('chainbill.call') as typeof callToken;

/** Why a hooks option cannot work, or `undefined` when it can: every value a list of functions. */
export function hooksProblem(hooks: unknown): string | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null) return 'must be an object of hook lists';
  for (const [name, list] of Object.entries(hooks)) {
    if (!(hookNames as readonly string[]).includes(name)) return `has an unknown hook \`${name}\``;
    if (list !== undefined && !(Array.isArray(list) && list.every((hook) => typeof hook === 'function'))) {
      return `\`${name}\` must be an array of functions`;
    }
  }
  return undefined;
}

/** The client's hooks, then the call's; `undefined` when there are none, so a call pays nothing. */
export function mergeHooks(client: Hooks | undefined, call: Hooks | undefined): Hooks | undefined {
  if (call === undefined) return client;
  if (client === undefined) return call;
  const merged: Record<string, readonly Hook[]> = {};
  for (const name of hookNames) merged[name] = [...(client[name] ?? []), ...(call[name] ?? [])];
  return merged;
}

/**
 * Runs the hooks of one name with one frozen info object, whose `error` is a frozen copy
 * (`errorView`). A hook observes: whatever it throws, or its promise rejects with, is logged at
 * `warn` and changes nothing, so a metrics bug never turns a created payout into an error the
 * caller retries, nor crashes the process with an unhandled rejection.
 */
export function runHooks(
  hooks: Hooks | undefined,
  name: (typeof hookNames)[number],
  info: HookInfo,
  log: LevelLogger,
): void {
  const list = hooks?.[name];
  if (list === undefined || list.length === 0) return;
  const { error, ...rest } = info;
  const view = error === undefined ? undefined : errorView(error);
  const frozen: HookInfo = Object.freeze(view === undefined ? rest : { ...rest, error: view });
  const failed = (thrown: unknown): void => {
    try {
      log.warn(`${name} hook failed; the call goes on: it threw ${describeThrown(thrown)}`);
    } catch {
      // A logger that throws must not fail the call either, nor leave a rejection unhandled.
    }
  };
  for (const hook of list) {
    try {
      const result: unknown = hook(frozen);
      if ((typeof result === 'object' && result !== null) || typeof result === 'function') {
        // Our own promise adopts the result: reading and calling its `then` happens inside the
        // promise machinery, so a `then` (or a `then` getter) that throws rejects this promise,
        // which is handled here, and never reaches the call.
        new Promise<void>((resolve) => resolve(result as PromiseLike<void>)).then(undefined, failed);
      }
    } catch (thrown) {
      failed(thrown);
    }
  }
}

// Enough of a message to find the failing hook; a hook's text is not the SDK's to log in full.
const maxDescribed = 200;
// A Proxy can answer `getPrototypeOf` without end: the walk for `name` or `message` stops here.
const maxPrototypes = 32;

/**
 * Describes a thrown value for a log line without running any of its code: no `toString`, no
 * `Symbol.toPrimitive`, no getter. Primitives by value (a string clipped), an `Error` by the data
 * properties `name` and `message`, anything else by its type alone.
 *
 * @param value - Whatever a hook threw or rejected with.
 * @returns For example `Error: metrics down`, `"down"`, `null`, `an object`, `a symbol`.
 */
export function describeThrown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, maxDescribed));
  if (value === null || !['object', 'function', 'symbol'].includes(typeof value)) return String(value);
  try {
    if (value instanceof Error) {
      const parts = [dataProperty(value, 'name'), dataProperty(value, 'message')];
      const texts = parts.filter((part): part is string => typeof part === 'string' && part !== '');
      return texts.map((text) => text.slice(0, maxDescribed)).join(': ') || 'Error';
    }
  } catch {
    // A Proxy that throws on every trap: described by its type alone.
  }
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A data property's value, found along the prototype chain; `undefined` for a getter. */
function dataProperty(value: object, key: string): unknown {
  let at: object | null = value;
  for (let step = 0; at !== null && step < maxPrototypes; step++, at = Object.getPrototypeOf(at)) {
    const descriptor = Object.getOwnPropertyDescriptor(at, key);
    if (descriptor !== undefined) return 'value' in descriptor ? descriptor.value : undefined;
  }
  return undefined;
}
