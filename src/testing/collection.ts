import { FakeApiError } from './errors.js';
import { type Fields, numberValue } from './validate.js';

/** A list response as the spec has it (spec: List envelope). */
export interface Envelope<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

interface Entry<T> {
  seq: number;
  record: T;
}

/**
 * The records of one kind in one organization and environment, in creation order. Lists are
 * newest first; cursors are opaque (`base64url` of the last sequence number seen) and only
 * valid for this collection.
 */
export class Collection<T extends { id: string }> {
  readonly #entries: Entry<T>[] = [];
  readonly #byId = new Map<string, Entry<T>>();
  #seq = 0;

  /** Adds a record; it becomes the newest. */
  insert(record: T): T {
    const entry = { seq: ++this.#seq, record };
    this.#entries.push(entry);
    this.#byId.set(record.id, entry);
    return record;
  }

  /** The record with this id, or `undefined`. */
  get(id: string): T | undefined {
    return this.#byId.get(id)?.record;
  }

  /** Removes a record; returns whether it existed. */
  delete(id: string): boolean {
    const entry = this.#byId.get(id);
    if (!entry) return false;
    this.#byId.delete(id);
    this.#entries.splice(this.#entries.indexOf(entry), 1);
    return true;
  }

  /** Every record, oldest first. */
  all(): T[] {
    return this.#entries.map((entry) => entry.record);
  }

  /** How many records there are. */
  get size(): number {
    return this.#entries.length;
  }

  /**
   * One cursor page, newest first, of the records that pass `filter`.
   *
   * @param query - `limit` (1..100, default 25) and `cursor` from the request.
   * @param filter - Which records belong in the list.
   */
  page(query: Fields, filter: (record: T) => boolean = () => true): Envelope<T> {
    const limit = readLimit(query);
    const before = query['cursor'] === undefined ? Number.POSITIVE_INFINITY : decodeCursor(query['cursor']);
    const data: T[] = [];
    let lastSeq = 0;
    let hasMore = false;
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const entry = this.#entries[i] as Entry<T>; // i is within bounds by the loop condition
      if (entry.seq >= before || !filter(entry.record)) continue;
      if (data.length === limit) {
        hasMore = true;
        break;
      }
      data.push(entry.record);
      lastSeq = entry.seq;
    }
    return { data, has_more: hasMore, next_cursor: hasMore ? encodeCursor(lastSeq) : null };
  }

  /**
   * One offset page, newest first (spec: offset-based pagination, customers).
   *
   * @param query - `offset` (default 0) and `limit` (1..100, default 25).
   */
  offsetPage(query: Fields): Envelope<T> {
    const limit = readLimit(query);
    const offset = numberValue(query, 'offset', { min: 0, integer: true }) ?? 0;
    const newestFirst = this.#entries.length - 1 - offset;
    const data: T[] = [];
    for (let i = newestFirst; i >= 0 && data.length < limit; i--)
      data.push((this.#entries[i] as Entry<T>).record);
    return { data, has_more: offset + data.length < this.#entries.length, next_cursor: null };
  }
}

function readLimit(query: Fields): number {
  return numberValue(query, 'limit', { min: 1, max: 100, integer: true }) ?? 25;
}

function encodeCursor(seq: number): string {
  return Buffer.from(`cb1:${seq}`).toString('base64url');
}

function decodeCursor(value: unknown): number {
  const text = typeof value === 'string' ? Buffer.from(value, 'base64url').toString() : '';
  const match = /^cb1:(\d+)$/.exec(text);
  if (!match)
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'cursor_invalid',
      'cursor is not a cursor this list returned',
      'cursor',
    );
  return Number(match[1]);
}
