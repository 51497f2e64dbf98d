import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** Query parameters that move through a list rather than choose it: a cursor may change them. */
const pagingParams = new Set(['cursor', 'limit']);

/**
 * The records of one kind in one organization and environment, in creation order. Lists are
 * newest first. A cursor is the last sequence number seen plus an HMAC-SHA256 of it and the
 * list's filters (the query but `cursor` and `limit`), under a key random to this collection:
 * since each organization and environment holds its own collections, a cursor is valid only for
 * the list, filters and key scope that issued it, and nobody can make one up.
 */
export class Collection<T extends { id: string }> {
  readonly #entries: Entry<T>[] = [];
  readonly #byId = new Map<string, Entry<T>>();
  readonly #secret = randomBytes(32);
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
   * @param query - `limit` (1..100, default 25), `cursor` and the filters from the request.
   * @param filter - Which records belong in the list.
   * @throws {FakeApiError} 400 `cursor_invalid` for a cursor this list did not issue with these filters.
   */
  page(query: Fields, filter: (record: T) => boolean = () => true): Envelope<T> {
    const limit = readLimit(query);
    const filters = filtersOf(query);
    const before =
      query['cursor'] === undefined ? Number.POSITIVE_INFINITY : this.#decodeCursor(query['cursor'], filters);
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
    return { data, has_more: hasMore, next_cursor: hasMore ? this.#encodeCursor(lastSeq, filters) : null };
  }

  #mac(seq: number, filters: string): Buffer {
    return createHmac('sha256', this.#secret).update(`${seq}\n${filters}`).digest();
  }

  #encodeCursor(seq: number, filters: string): string {
    return Buffer.from(`${seq}.${this.#mac(seq, filters).toString('base64url')}`).toString('base64url');
  }

  #decodeCursor(value: unknown, filters: string): number {
    const text = typeof value === 'string' ? Buffer.from(value, 'base64url').toString() : '';
    const match = /^(\d{1,15})\.([\w-]{43})$/.exec(text);
    const seq = Number(match?.[1]);
    const mac = Buffer.from(match?.[2] ?? '', 'base64url');
    const expected = this.#mac(seq, filters);
    if (!match || mac.length !== expected.length || !timingSafeEqual(mac, expected))
      throw new FakeApiError(
        400,
        'invalid_request_error',
        'cursor_invalid',
        'cursor was not issued by this list, with these filters, to this organization and environment',
        'cursor',
      );
    return seq;
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

/** The filters of a list request, in a canonical form: the query but its paging parameters. */
function filtersOf(query: Fields): string {
  const entries = Object.entries(query).filter(([name]) => !pagingParams.has(name));
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
