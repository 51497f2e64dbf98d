import { createHash, randomBytes } from 'node:crypto';
import type { Chain } from '../core/types.js';
import { addressOf } from './addresses.js';

/**
 * A transaction hash in the form its chain writes it: 64 hex digits, with `0x` on arbitrum and
 * base (EVM), without on Tron (its transaction ids).
 *
 * @param chain - The chain.
 * @returns A new random hash.
 */
export function randomTxHash(chain: Chain): string {
  const hex = randomBytes(32).toString('hex');
  return chain === 'tron' ? hex : `0x${hex}`;
}

/**
 * The fake's treasury address of an organization on a chain, where its payouts leave from: a real
 * address form, the same for the same organization, environment and chain.
 *
 * @param scope - The organization and environment.
 * @param chain - The chain.
 * @returns An address that passes `isValidAddress(chain, …)`.
 */
export function treasuryAddress(scope: { org_id: string; environment: string }, chain: Chain): string {
  const seed = createHash('sha256')
    .update(`treasury\n${scope.org_id}\n${scope.environment}\n${chain}`)
    .digest();
  return addressOf(chain, seed.subarray(0, 20));
}
