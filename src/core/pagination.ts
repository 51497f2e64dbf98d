import { encodeParams } from '../internal/params.js';
import { toArrayOptions } from '../internal/schemas.js';
import { APIPromise, type WithResponse } from './api-promise.js';
import { ChainbillError, ResponseValidationError } from './error.js';

/** Query parameters of a list call, already encoded for the wire. */
export type ListQuery = Record<string, string | number | undefined>;

/** How a list pages: `cursor` sends `next_cursor` back; `offset` advances `offset` (customers). */
export type PaginationKind = 'cursor' | 'offset';

/** Fetches one page for a query: the transport behind a list call. */
export type PageFetcher<T> = (query: ListQuery) => Promise<WithResponse<Page<T>>>;

/**
 * One page of a list (spec: List envelope): the items, `has_more` and `next_cursor`, and a way to
 * the next page. Get one by awaiting a list call.
 */
export class Page<T> {
  /** The items of this page, newest first unless the endpoint says otherwise. */
  readonly data: T[];
  /** Whether the server has more items after this page. */
  readonly has_more: boolean;
  /** The opaque cursor of the next page (cursor lists); `null` when there is none. */
  readonly next_cursor: string | null;
  readonly #next: ListQuery | null;
  readonly #fetch: PageFetcher<T>;

  /**
   * @param envelope - The parsed list envelope.
   * @param next - The query of the next page, or `null` when this is the last one.
   * @param fetch - Fetches a page for a query.
   */
  constructor(
    envelope: { data: T[]; has_more: boolean; next_cursor: string | null },
    next: ListQuery | null,
    fetch: PageFetcher<T>,
  ) {
    this.data = envelope.data;
    this.has_more = envelope.has_more;
    this.next_cursor = envelope.next_cursor;
    this.#next = next;
    this.#fetch = fetch;
  }

  /**
   * Whether there is a next page: `has_more` alone decides, never an empty `data`.
   *
   * @returns `has_more`.
   */
  hasNextPage(): boolean {
    return this.#next !== null;
  }

  /**
   * Fetches the next page with the same filters.
   *
   * @returns The next page.
   * @throws {ChainbillError} when there is no next page (check {@link Page.hasNextPage}).
   * @throws {APIError} and the other errors of the list call.
   */
  async getNextPage(): Promise<Page<T>> {
    if (this.#next === null) throw new ChainbillError('No next page: has_more is false.');
    return (await this.#fetch(this.#next)).data;
  }
}

/**
 * The cursors one list call has followed, each with the cursor that led to it, so that a loop of
 * any length (`a → b → c → a`) is caught, not only a cursor that repeats the one just sent.
 * Memory grows by one cursor per page, never per item.
 */
export class CursorTrail {
  readonly #from = new Map<string, string | undefined>();

  /**
   * Records that the page fetched with `sent` pointed to `next`.
   *
   * @param sent - The cursor of the request (`undefined` for the first page).
   * @param next - The `next_cursor` of its response.
   * @returns Whether `next` was already on the way to `sent`: following it would loop.
   */
  loops(sent: string | undefined, next: string): boolean {
    if (sent !== undefined && !this.#from.has(sent)) this.#from.set(sent, undefined);
    if (!this.#from.has(next)) {
      this.#from.set(next, sent);
      return false;
    }
    // Fetching the same page again (getNextPage() twice) points to the same cursor: not a loop.
    if (this.#from.get(next) === sent) return false;
    for (let at = sent; at !== undefined; at = this.#from.get(at)) if (at === next) return true;
    return false;
  }
}

/**
 * Works out the query of the page after `envelope`, or `null` at the end, and rejects envelopes
 * that would loop or stop silently (DESIGN.md: Lists).
 *
 * @param kind - How the list pages.
 * @param query - The query that fetched `envelope`.
 * @param envelope - The parsed page.
 * @param response - Status, request id and raw body, for the error.
 * @param trail - The cursors this list call has followed, to catch longer loops.
 * @returns The next query, or `null` when `has_more` is false.
 * @throws {ResponseValidationError} on `has_more: true` with no `next_cursor` or with a cursor
 *   already followed (cursor lists), or with an empty page (offset lists).
 */
export function nextPageQuery(
  kind: PaginationKind,
  query: ListQuery,
  envelope: { data: unknown[]; has_more: boolean; next_cursor: string | null },
  response: { status: number; requestId: string | null; body: unknown },
  trail?: CursorTrail,
): ListQuery | null {
  if (!envelope.has_more) return null;
  if (kind === 'offset') {
    if (envelope.data.length === 0) throw pageError('has_more is true but the page is empty', response);
    return { ...query, offset: Number(query['offset'] ?? 0) + envelope.data.length };
  }
  if (envelope.next_cursor === null || envelope.next_cursor === '') {
    throw pageError('has_more is true but next_cursor is missing', response);
  }
  if (envelope.next_cursor === query['cursor']) {
    throw pageError('next_cursor repeats the cursor of the request, the list would loop', response);
  }
  const sent = query['cursor'];
  if (trail?.loops(typeof sent === 'string' ? sent : undefined, envelope.next_cursor)) {
    throw pageError('next_cursor was already followed by this list, the list would loop', response);
  }
  return { ...query, cursor: envelope.next_cursor };
}

function pageError(
  message: string,
  response: { status: number; requestId: string | null; body: unknown },
): ResponseValidationError {
  return new ResponseValidationError(`Invalid list page: ${message}.`, {
    issues: [{ path: ['next_cursor'], code: 'invalid_pagination', message }],
    ...response,
  });
}

/**
 * What a list method returns: await it for the first {@link Page}, or iterate it with
 * `for await` for every item across pages, fetched lazily one page at a time.
 *
 * @example
 * ```ts
 * for await (const payout of chainbill.payouts.list({ status: 'approved' })) {
 *   console.log(payout.id, payout.amount);
 * }
 * ```
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  /**
   * Every item of every page. Breaking out of the loop fetches nothing more.
   *
   * @returns An async iterator of items.
   * @throws {ChainbillError} any error of a page fetch, where it happens.
   */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /**
   * Every page, starting with the first.
   *
   * @returns An async iterable of pages.
   * @throws {ChainbillError} any error of a page fetch, where it happens.
   * @example
   * ```ts
   * for await (const page of chainbill.payouts.list({ limit: 100 }).pages()) {
   *   console.log(page.data.length, page.next_cursor);
   * }
   * ```
   */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page: Page<T> = await this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /**
   * Collects every item into an array, refusing to hold more than `max`.
   *
   * `max` is checked before this method fetches anything. The first page's request, like every
   * call's, starts when the list method is called, so it is already on its way; no later page is
   * requested with a bad `max`.
   *
   * @param options - `max`: the most items to hold, a positive integer (default 10 000).
   * @returns All items of the list.
   * @throws {RequestValidationError} (`param: 'max'`) when `max` is not a positive integer (`0`,
   *   `-1`, `1.5`, `NaN`, `Infinity`), or naming an unknown option.
   * @throws {RangeError} when the list holds more than `max` items: nothing is silently cut off;
   *   raise `max` or iterate with `for await`.
   * @example
   * ```ts
   * const drafts = await chainbill.payouts.list({ status: 'draft' }).toArray({ max: 1_000 });
   * ```
   */
  async toArray(options: { max?: number } = {}): Promise<T[]> {
    const max = encodeParams(toArrayOptions, options).max ?? 10_000;
    const items: T[] = [];
    for await (const item of this) {
      if (items.length === max) {
        throw new RangeError(
          `The list holds more than ${max} items; raise \`max\` or iterate with for await.`,
        );
      }
      items.push(item);
    }
    return items;
  }
}
