import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ConfigurationError } from '../core/error.js';

/**
 * The scope of a client's positions, leases and budgets (docs/postgres.md, "Scope"): the `scope`
 * option as given, or `key_` and the first 32 hex digits of the key's SHA-256, never the key. A
 * sandbox and a live key never share a position or a budget; one `scope` shares them across keys.
 *
 * @param apiKey - The client's key.
 * @param scope - The `scope` option, if given.
 * @returns The scope.
 * @throws {ConfigurationError} when `scope` is not a string of 1 to 200 characters.
 */
export function scopeOf(apiKey: string, scope: unknown): string {
  if (scope === undefined) return `key_${bytesToHex(sha256(utf8ToBytes(apiKey))).slice(0, 32)}`;
  if (typeof scope !== 'string' || scope.length < 1 || scope.length > 200)
    throw new ConfigurationError('scope must be a string of 1 to 200 characters.');
  return scope;
}
