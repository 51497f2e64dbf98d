import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FakeApiError } from './errors.js';

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

/** A collection as plain data, for {@link Collection.data} and {@link Collection.load}. */
export interface CollectionData<T> {
  entries: Entry<T>[];
  seq: number;
  secret: Uint8Array;
}

/** Which page of a cursor list: the request's cursor, its limit, and what the cursor is bound to. */
export interface PageRequest {
  /** The `cursor` sent, or `undefined` for the first page. */
  cursor: string | undefined;
  /** Items per page, already checked (1 to 100). */
  limit: number;
  /**
   * What the list is: the operation, its path id and its filters (every param but the paging
   * ones), in a canonical form. A cursor is valid only for the same binding.
   */
  binding: string;
}

/**
 * The records of one kind in one organization and environment, in creation order. Lists are
 * newest first. A cursor is the last sequence number seen plus an HMAC-SHA256 of it and the
 * list's binding (operation, path id, filters), under a key random to this collection: since each
 * organization and environment holds its own collections, a cursor is valid only for the list,
 * path id, filters and key scope that issued it, and nobody can make one up.
 */
export class Collection<T extends { id: string }> {
  #entries: Entry<T>[] = [];
  #byId = new Map<string, Entry<T>>();
  #secret: Uint8Array = randomBytes(32);
  #seq = 0;

  /** The collection as plain data (the records themselves, not copies): for a snapshot. */
  data(): CollectionData<T> {
    return { entries: this.#entries, seq: this.#seq, secret: this.#secret };
  }

  /** Puts back what {@link Collection.data} gave (from a copy), replacing everything. */
  load(data: CollectionData<T>): void {
    this.#entries = data.entries;
    this.#byId = new Map(data.entries.map((entry) => [entry.record.id, entry]));
    this.#seq = data.seq;
    this.#secret = data.secret;
  }

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
   * @param request - The cursor, the limit and the binding.
   * @param filter - Which records belong in the list.
   * @throws {FakeApiError} 400 `cursor_invalid` for a cursor this list did not issue with this binding.
   */
  page({ cursor, limit, binding }: PageRequest, filter: (record: T) => boolean = () => true): Envelope<T> {
    const before = cursor === undefined ? Number.POSITIVE_INFINITY : this.#decodeCursor(cursor, binding);
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
    return { data, has_more: hasMore, next_cursor: hasMore ? this.#encodeCursor(lastSeq, binding) : null };
  }

  #mac(seq: number, binding: string): Buffer {
    return createHmac('sha256', this.#secret).update(`${seq}\n${binding}`).digest();
  }

  #encodeCursor(seq: number, binding: string): string {
    return Buffer.from(`${seq}.${this.#mac(seq, binding).toString('base64url')}`).toString('base64url');
  }

  #decodeCursor(value: unknown, binding: string): number {
    const text = typeof value === 'string' ? Buffer.from(value, 'base64url').toString() : '';
    const match = /^(\d{1,15})\.([\w-]{43})$/.exec(text);
    const seq = Number(match?.[1]);
    const mac = Buffer.from(match?.[2] ?? '', 'base64url');
    const expected = this.#mac(seq, binding);
    if (!match || mac.length !== expected.length || !timingSafeEqual(mac, expected))
      throw new FakeApiError(
        400,
        'invalid_request_error',
        'cursor_invalid',
        'cursor was not issued by this list, with these filters and path, to this organization and environment',
        'cursor',
      );
    return seq;
  }

  /**
   * One offset page, newest first (spec: offset-based pagination, customers).
   *
   * @param offset - Records to skip, already checked (0 or more).
   * @param limit - Records per page, already checked (1 to 100).
   */
  offsetPage(offset: number, limit: number): Envelope<T> {
    const newestFirst = this.#entries.length - 1 - offset;
    const data: T[] = [];
    for (let i = newestFirst; i >= 0 && data.length < limit; i--)
      data.push((this.#entries[i] as Entry<T>).record);
    return { data, has_more: offset + data.length < this.#entries.length, next_cursor: null };
  }
}
