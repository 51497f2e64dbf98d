import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import type { Chain } from '../../core/types.js';
import { eip55 } from '../../payouts/address.js';
import { type IdSource, randomIds } from './ids.js';

// Addresses in real form for the fake (deposit addresses, settlement `from_address`) and for tests:
// each passes `isValidAddress` on its chain, as a real one would (docs/money.md).

const tronVersion = 0x41;
const base58check = /*@__PURE__*/ createBase58check(sha256);
const hex40 = /^(?:0x)?([0-9a-fA-F]{40})$/;

/**
 * The EIP-55 checksummed form of an EVM address (arbitrum, base).
 *
 * @param hex - 40 hex digits in any case, with or without `0x`.
 * @returns `0x` and the 40 digits in EIP-55 case, e.g. `0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`.
 * @throws {RangeError} when `hex` is not 40 hex digits.
 * @example
 * ```ts
 * checksumAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
 * // '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
 * ```
 */
export function checksumAddress(hex: string): string {
  const digits = hex40.exec(hex)?.[1];
  if (digits === undefined) throw new RangeError('Not 40 hex digits (with or without 0x).');
  return `0x${eip55(digits.toLowerCase())}`;
}

/**
 * The address of a 20-byte account on a chain, in the form that chain's wallets write: on Tron,
 * base58check of `0x41` and the account; on arbitrum and base, `0x` and its EIP-55 hex.
 *
 * @param chain - `'tron'`, `'arbitrum'` or `'base'`.
 * @param account - The 20 bytes of the account.
 * @returns The address; it passes `isValidAddress(chain, …)`.
 * @throws {RangeError} when `account` is not 20 bytes.
 * @example
 * ```ts
 * addressOf('tron', new Uint8Array(20)); // 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', the zero address
 * ```
 */
export function addressOf(chain: Chain, account: Uint8Array): string {
  if (account.length !== 20) throw new RangeError(`An account has 20 bytes, not ${account.length}.`);
  if (chain === 'tron') {
    const payload = new Uint8Array(21);
    payload[0] = tronVersion;
    payload.set(account, 1);
    return base58check.encode(payload);
  }
  return checksumAddress(Buffer.from(account).toString('hex'));
}

/**
 * A random address on a chain, in real form (see {@link addressOf}); never the zero address (an
 * account of 20 zero bytes is drawn again).
 *
 * @param chain - `'tron'`, `'arbitrum'` or `'base'`.
 * @returns A fresh address that passes `isValidAddress(chain, …)`.
 * @example
 * ```ts
 * randomAddress('base'); // '0x…' with EIP-55 case
 * randomAddress('tron'); // 'T…', 34 characters
 * ```
 */
export function randomAddress(chain: Chain): string {
  return newAddress(randomIds, chain);
}

/** A new address on a chain from a fake's id source (random, or the same on every run). */
export function newAddress(ids: IdSource, chain: Chain): string {
  let account = ids.bytes('address', 20);
  while (account.every((byte) => byte === 0)) account = ids.bytes('address', 20);
  return addressOf(chain, account);
}
