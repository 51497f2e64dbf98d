/**
 * Randomness for the fake's ids and hashes, drawn from one pool: a call to the system's generator
 * per id costs more than the rest of a seed, so the pool is filled a few kilobytes at a time.
 * A leaf module.
 */

import { randomFillSync } from 'node:crypto';
import { type IdKind, idPrefixes } from '../../internal/ids.js';

const pool = Buffer.alloc(4096);
let used = pool.length;

/**
 * Random bytes from the pool, copied out.
 *
 * @param size - How many, at most the pool's size (4 096).
 * @returns A new buffer of `size` random bytes.
 */
export function randomBytesFromPool(size: number): Buffer {
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + size));
  used += size;
  return bytes;
}

/** `size` random bytes as hex, at most the pool's size. */
export function randomHex(size: number): string {
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += size;
  return pool.toString('hex', used - size, used);
}

/** A new id of a kind, with its prefix from the one table (spec: Identifier prefixes): `po_3f9a…`. */
export function newId(kind: IdKind): string {
  // Joined, not concatenated: a concatenation keeps its two parts (a cons string) with every record.
  return [idPrefixes[kind], randomHex(12)].join('');
}
