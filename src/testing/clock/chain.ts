import { createHash } from 'node:crypto';
import type { Chain } from '../../core/types.js';
import { addressOf } from '../state/addresses.js';
import type { IdSource } from '../state/ids.js';

/**
 * Milliseconds between two blocks of each chain, as the fake's chain mines them (docs/testing.md:
 * The chain on the clock): Tron 3 s, Arbitrum 0.25 s, Base 2 s.
 */
export const blockMs: Readonly<Record<Chain, number>> = { tron: 3_000, arbitrum: 250, base: 2_000 };

/**
 * The height of a chain's last block at a time: blocks are mined at every multiple of the block
 * time since the epoch, so heights are the same for every record and every run.
 *
 * @param chain - The chain.
 * @param ms - The time, ms since the epoch.
 * @returns The block height.
 */
export function heightAt(chain: Chain, ms: number): number {
  return Math.floor(ms / blockMs[chain]);
}

/**
 * When a block is mined.
 *
 * @param chain - The chain.
 * @param height - The block height.
 * @returns Its time, ms since the epoch.
 */
export function blockTime(chain: Chain, height: number): number {
  return height * blockMs[chain];
}

/** A transfer the fake's chain carries: when it was sent, and what a payer sent. */
export interface Transfer {
  /** The height of the last block before it was sent: it is in the block after. */
  sentAt: number;
  /** The atomic amount a payer sent, when it differs from the checkout's. */
  paidAtomic?: string;
}

/**
 * A transaction hash in the form its chain writes it: 64 hex digits, with `0x` on arbitrum and
 * base (EVM), without on Tron (its transaction ids).
 *
 * @param ids - The fake's id source.
 * @param chain - The chain.
 * @returns A new hash.
 */
export function newTxHash(ids: IdSource, chain: Chain): string {
  const hex = ids.hex('hash', 32);
  return chain === 'tron' ? hex : ['0x', hex].join(''); // one string, not a pair kept together
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
