import type { Hook, HookInfo, Hooks } from '../core/hooks.js';
import { hookNames } from '../core/hooks.js';
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
 * Runs the hooks of one name with one frozen info object. A hook observes: a throw or a rejected
 * promise is logged at `warn` and changes nothing, so a metrics bug never turns a created payout
 * into an error the caller retries.
 */
export function runHooks(
  hooks: Hooks | undefined,
  name: (typeof hookNames)[number],
  info: HookInfo,
  log: LevelLogger,
): void {
  const list = hooks?.[name];
  if (list === undefined || list.length === 0) return;
  const frozen = Object.freeze(info);
  const warn = (error: unknown): void =>
    log.warn(
      `${name} hook failed; the call goes on: ${error instanceof Error ? error.message : String(error)}`,
    );
  for (const hook of list) {
    try {
      const result = hook(frozen);
      if (result !== undefined && typeof (result as Promise<void>).then === 'function') {
        (result as Promise<void>).then(undefined, warn);
      }
    } catch (error) {
      warn(error);
    }
  }
}
