/**
 * What a long-running fake keeps (docs/fake-server.md): the request log, the event log and
 * the idempotency store hold their last `historyLimit` entries (10 000 by default), so a
 * `chainbill-fake` serving for days stays within a bounded size. A leaf module: types only.
 */

import type { FaultAction } from '../http/faults.js';

/** How many requests, events and idempotency keys a fake keeps by default. */
export const DEFAULT_HISTORY_LIMIT = 10_000;

/** One request as the fake saw it, for assertions in tests. */
export interface FakeRequest {
  /**
   * Position among every request the fake answered since it was made (or last reset), from 1;
   * it stays when older requests are dropped from `fake.requests`.
   */
  sequence: number;
  /** HTTP method, for example `POST`. */
  method: string;
  /** Path under the base path (`/v1`), as sent, for example `/payouts/po_1`. */
  path: string;
  /** Query parameters as sent (the last value of a repeated name). */
  query: Record<string, string>;
  /** Request headers, names in lower case; `authorization` holds the key as sent. */
  headers: Record<string, string>;
  /** Parsed JSON body, or `undefined` for none. */
  body: unknown;
  /** The `Idempotency-Key` header, or `null`. */
  idempotencyKey: string | null;
  /**
   * The status the fake answered with; for a dropped response (`commit-then-drop`), the status it
   * would have sent; 0 for a reset, or for a request that ended before its answer (its signal
   * aborted, or `reset()` during an injected delay).
   */
  status: number;
  /** The injected fault that met this request (`fake.faults`), or `null`. */
  fault: FaultAction['kind'] | null;
}

/**
 * A log that keeps its last `limit` entries, oldest first, and counts the ones it dropped, so a
 * reader that remembers how many it has seen (`?since=N`) still gets exactly what is new.
 */
export class History<T> {
  /** The entries kept, oldest first (`fake.requests`, `fake.events` are this array). */
  readonly list: T[] = [];
  readonly #limit: number;
  #dropped = 0;

  /** @param limit - How many entries to keep: a whole number of at least 1, or `Infinity`. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** How many entries it keeps. */
  get limit(): number {
    return this.#limit;
  }

  /** Entries dropped (the oldest ones) since the log was made or cleared. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Every entry since the log was made or cleared, dropped ones included. */
  get total(): number {
    return this.#dropped + this.list.length;
  }

  /** Adds the newest entry, dropping the oldest past the limit. */
  push(entry: T): void {
    this.list.push(entry);
    if (this.list.length > this.#limit) {
      this.list.shift(); // V8 trims a large array's front in place: no copy per push
      this.#dropped += 1;
    }
  }

  /**
   * What a reader that has seen `seen` entries has not: the entries from the `seen`-th on that are
   * still kept, the count it missed because they were dropped first, and what to pass next time.
   *
   * @param seen - How many entries the reader has seen (the `next` it was given last time).
   */
  since(seen: number): { entries: T[]; missed: number; next: number } {
    const start = Math.max(0, seen - this.#dropped);
    return {
      entries: this.list.slice(start),
      missed: Math.max(0, this.#dropped - seen),
      next: this.total,
    };
  }

  /** Forgets every entry and the count of dropped ones; the array stays the same object. */
  clear(): void {
    this.list.length = 0;
    this.#dropped = 0;
  }

  /** Takes another log's entries and count, in the same array (a snapshot put back). */
  replace(entries: readonly T[], dropped: number): void {
    // One at a time: spreading the entries as arguments overflows the stack past about 100 000.
    this.list.length = 0;
    for (const entry of entries) this.list.push(entry);
    this.#dropped = dropped;
  }
}

/** An answer kept for an `Idempotency-Key`, replayed for a repeat of the same request. */
export interface Replay {
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * The answers kept per `Idempotency-Key` and scope, the last `limit` keys: past it the oldest key
 * is forgotten first (a real service forgets keys after a day; a repeat after that runs again).
 */
export class IdempotencyStore {
  readonly #limit: number;
  #replays = new Map<string, Replay>();

  /** @param limit - How many keys to keep: a whole number of at least 1, or `Infinity`. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The answer kept for a key in a scope (named `org:environment`), or `undefined`. */
  get(scope: string, key: string): Replay | undefined {
    return this.#replays.get(`${scope}\n${key}`);
  }

  /** Keeps an answer for a key in a scope, forgetting the oldest key past the limit. */
  set(scope: string, key: string, replay: Replay): void {
    this.#replays.set(`${scope}\n${key}`, replay);
    if (this.#replays.size > this.#limit) {
      const oldest = this.#replays.keys().next();
      if (!oldest.done) this.#replays.delete(oldest.value);
    }
  }

  /** How many keys are kept. */
  get size(): number {
    return this.#replays.size;
  }

  /** Every kept answer, oldest key first: for a snapshot. */
  entries(): [string, Replay][] {
    return [...this.#replays];
  }

  /** Replaces everything with a snapshot's entries (or nothing). */
  load(entries: readonly [string, Replay][] = []): void {
    this.#replays = new Map(entries);
  }
}
