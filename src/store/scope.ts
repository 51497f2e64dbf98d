import { sha256 } from '@noble/hashes/sha2.js';
import { ConfigurationError } from '../core/error.js';

/**
 * Checks the `scope` option (docs/postgres.md, "Scope").
 *
 * @param scope - The option as given.
 * @returns The scope, or `undefined` when none was given.
 * @throws {ConfigurationError} when `scope` is not a string of 1 to 200 characters.
 */
export function checkScope(scope: unknown): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || scope.length < 1 || scope.length > 200)
    throw new ConfigurationError('scope must be a string of 1 to 200 characters.');
  return scope;
}

/**
 * The default scope of a key: `key_` and the first 32 hex digits of its SHA-256, never the key.
 * A sandbox and a live key never share a position or a budget. Synchronous (noble's SHA-256, which
 * the address checks ship already): Web Crypto's digest settles on the event loop, which a test's
 * fake timers do not turn, so a consumer there never started.
 *
 * @param apiKey - The client's key.
 * @returns The scope.
 */
export function keyScope(apiKey: string): string {
  const digest = sha256(new TextEncoder().encode(apiKey));
  return `key_${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
