import { createHmac, timingSafeEqual } from 'node:crypto';
import { FakeApiError } from '../http/errors.js';

/** A list response as the spec has it (spec: List envelope). */
export interface Envelope<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** A collection as plain data, for {@link Collection.data} and {@link Collection.load}. */
export interface CollectionData<T> {
  /** The records, oldest first. */
  records: T[];
  /** Each record's sequence number, ascending, at the same index. */
  seqs: number[];
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
 * list's binding (operation, path id, filters), under a key of this collection's own: since each
 * organization and environment holds its own collections, a cursor is valid only for the list,
 * path id, filters and key scope that issued it, and nobody can make one up.
 *
 * Records are held once, in creation order beside their ascending sequence numbers, with an index
 * from id to sequence number: a page or a lookup finds its place by binary search, so its cost
 * does not grow with the records held.
 */
export class Collection<T extends { id: string }> {
  #records: T[] = [];
  #seqs: number[] = [];
  #byId = new Map<string, number>();
  #secret: Uint8Array;
  #seq = 0;

  /** @param secret - Its cursors' key: 32 bytes, from the fake's id source. */
  constructor(secret: Uint8Array) {
    this.#secret = secret;
  }

  /** The collection as plain data (the records themselves, not copies): for a snapshot. */
  data(): CollectionData<T> {
    return { records: this.#records, seqs: this.#seqs, seq: this.#seq, secret: this.#secret };
  }

  /** Puts back what {@link Collection.data} gave (from a copy), replacing everything. */
  load(data: CollectionData<T>): void {
    this.#records = data.records;
    this.#seqs = data.seqs;
    this.#byId = new Map(data.records.map((record, i) => [record.id, data.seqs[i] as number]));
    this.#seq = data.seq;
    this.#secret = data.secret;
  }

  /** Adds a record; it becomes the newest. */
  insert(record: T): T {
    this.#seq += 1;
    this.#records.push(record);
    this.#seqs.push(this.#seq);
    this.#byId.set(record.id, this.#seq);
    return record;
  }

  /** The record with this id, or `undefined`. */
  get(id: string): T | undefined {
    const seq = this.#byId.get(id);
    return seq === undefined ? undefined : this.#records[this.#indexOf(seq)];
  }

  /** The sequence number of the record with this id (its place in creation order), or `undefined`. */
  seqOf(id: string): number | undefined {
    return this.#byId.get(id);
  }

  /** Removes a record; returns whether it existed. */
  delete(id: string): boolean {
    const seq = this.#byId.get(id);
    if (seq === undefined) return false;
    const index = this.#indexOf(seq);
    this.#byId.delete(id);
    this.#records.splice(index, 1);
    this.#seqs.splice(index, 1);
    return true;
  }

  /** Every record, oldest first. */
  all(): readonly T[] {
    return this.#records;
  }

  /** How many records there are. */
  get size(): number {
    return this.#records.length;
  }

  /** The index of the first record whose sequence number is at least `seq` (binary search). */
  #indexOf(seq: number): number {
    let low = 0;
    let high = this.#seqs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#seqs[mid] as number) < seq) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * One cursor page, newest first, of the records that pass `filter`.
   *
   * @param request - The cursor, the limit and the binding.
   * @param filter - Which records belong in the list.
   * @throws {FakeApiError} 400 `cursor_invalid` for a cursor this list did not issue with this binding.
   */
  page({ cursor, limit, binding }: PageRequest, filter: (record: T) => boolean = () => true): Envelope<T> {
    // The newest record older than the cursor's: the page starts there, without a look at the rest.
    const start =
      cursor === undefined ? this.#records.length : this.#indexOf(this.#decodeCursor(cursor, binding));
    const data: T[] = [];
    let lastSeq = 0;
    let hasMore = false;
    for (let i = start - 1; i >= 0; i--) {
      const record = this.#records[i] as T; // i is within bounds by the loop condition
      if (!filter(record)) continue;
      if (data.length === limit) {
        hasMore = true;
        break;
      }
      data.push(record);
      lastSeq = this.#seqs[i] as number;
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
    const newestFirst = this.#records.length - 1 - offset;
    const data: T[] = [];
    for (let i = newestFirst; i >= 0 && data.length < limit; i--) data.push(this.#records[i] as T);
    return { data, has_more: offset + data.length < this.#records.length, next_cursor: null };
  }
}
