/**
 * Where the fake's ids, hashes, addresses and keys come from: random (a pool filled a few
 * kilobytes at a time, since a call to the system's generator per id costs more than the rest of
 * a seed), or, with a seed, the same values for the same calls on every run. A leaf module.
 */

import { randomFillSync } from 'node:crypto';
import { type IdKind, idPrefixes } from '../../internal/ids.js';

const pool = Buffer.alloc(4096);
let used = pool.length;

/** `size` random bytes from the pool, as a view that the next draw overwrites. */
function fromPool(size: number): Buffer {
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += size;
  return pool.subarray(used - size, used);
}

/** What an {@link IdSource} must keep to go on as it would have: its seed and its counts. */
export interface IdSourceState {
  seed: number | null;
  counts: Record<string, number>;
}

/**
 * A fake's source of ids and other random-looking values, drawn by stream (`payout`, `hash`,
 * `request`, …). Seeded, the n-th value of a stream is a function of the seed, the stream and n
 * alone, so a payout's id does not depend on how many lists were read before it was created; and
 * distinct n give distinct values (each word is a bijection of n).
 */
export class IdSource {
  #seed: number | null;
  #counts = new Map<string, number>();

  /** @param seed - A whole number from 0 to 2^53 − 1, or `null` for random values. */
  constructor(seed: number | null = null) {
    this.#seed = seed;
  }

  /** A new id of a kind, with its prefix from the one table (spec: Identifier prefixes): `po_3f9a…`. */
  id(kind: IdKind): string {
    // Joined, not concatenated: a concatenation keeps its two parts (a cons string) with every record.
    return [idPrefixes[kind], this.hex(kind, 12)].join('');
  }

  /** `size` bytes of a stream as hex, at most 4 096. */
  hex(stream: string, size: number): string {
    return this.#draw(stream, size).toString('hex');
  }

  /** `size` bytes of a stream, at most 4 096, copied out. */
  bytes(stream: string, size: number): Uint8Array {
    return Uint8Array.from(this.#draw(stream, size));
  }

  /**
   * Starts every stream again but `keep` (keys outlive a reset, so their stream goes on, or a new
   * key could repeat an old one).
   */
  restart(keep: readonly string[]): void {
    for (const stream of [...this.#counts.keys()]) if (!keep.includes(stream)) this.#counts.delete(stream);
  }

  /** Its state, as plain JSON data. */
  save(): IdSourceState {
    return { seed: this.#seed, counts: Object.fromEntries(this.#counts) };
  }

  /** Goes on as the source that saved `state` would have (checked by the caller). */
  load(state: IdSourceState): void {
    this.#seed = state.seed;
    this.#counts = new Map(Object.entries(state.counts));
  }

  #draw(stream: string, size: number): Buffer {
    const seed = this.#seed;
    if (seed === null) return fromPool(size);
    const n = this.#counts.get(stream) ?? 0;
    this.#counts.set(stream, n + 1);
    const base = mix(mix(hashString(stream) ^ mix(seed >>> 0)) ^ Math.floor(seed / 2 ** 32));
    const out = Buffer.alloc(Math.ceil(size / 4) * 4);
    for (let lane = 0; lane < out.length / 4; lane += 1)
      out.writeUInt32BE(mix((n ^ mix(base + Math.imul(lane, 0x9e3779b9))) >>> 0), lane * 4);
    return out.subarray(0, size);
  }
}

/** murmur3's 32-bit finalizer: a bijection of 32-bit words that spreads every bit. */
function mix(word: number): number {
  let h = word >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a stream's name. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The id seed of the options, checked.
 *
 * @throws {RangeError} For anything but a whole number from 0 to 2^53 − 1.
 */
export function idSeedOf(seed: unknown): number | null {
  if (seed === undefined) return null;
  if (Number.isSafeInteger(seed) && (seed as number) >= 0) return seed as number;
  throw new RangeError(`idSeed must be a whole number from 0 to 2^53 - 1, got ${String(seed)}`);
}

/** A random source, for what no fake's seed governs (`randomAddress()` in a test). */
export const randomIds: IdSource = /*@__PURE__*/ new IdSource();
