import type { PageFetcher } from '../internal/paging.js';
import { encodeParams } from '../internal/params.js';
import { toArrayOptions } from '../internal/schemas.js';
import type { ListQuery } from '../internal/types.js';
import { APIPromise } from './api-promise.js';
import { ChainbillError } from './error.js';

/** How a list pages: `cursor` sends `next_cursor` back; `offset` advances `offset` (customers). */
export type PaginationKind = 'cursor' | 'offset';

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
   * Built by the SDK's list calls; await a list method instead.
   *
   * @internal
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
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return itemsOf(this.pages());
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
    const max = encodeParams(toArrayOptions(), options).max ?? 10_000;
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

/**
 * The items of every page, one `next()` at a time. Written out rather than as `yield* page.data`
 * in an async generator, which costs about twice as much per item (a walk of 20 000 items makes
 * 20 000 of these steps); the pages still come from the async generator `pages()`, one at a time.
 * A `next()` made while a page is on its way waits for it, as a generator's would.
 */
function itemsOf<T>(pages: AsyncGenerator<Page<T>, void, undefined>): AsyncIterator<T> & AsyncIterable<T> {
  let items: readonly T[] = [];
  let index = 0;
  let loading: Promise<IteratorResult<T, undefined>> | undefined;
  const fromPage = (
    result: IteratorResult<Page<T>, void>,
  ): IteratorResult<T, undefined> | Promise<IteratorResult<T, undefined>> => {
    if (result.done) return { done: true, value: undefined };
    items = result.value.data;
    index = 0;
    // An empty page with has_more: true is not the end (docs/pagination.md); the next one may hold items.
    return index < items.length ? { done: false, value: items[index++] as T } : pages.next().then(fromPage);
  };
  const iterator = {
    next(): Promise<IteratorResult<T, undefined>> {
      if (loading !== undefined) return loading.then(iterator.next, iterator.next);
      if (index < items.length) return Promise.resolve({ done: false, value: items[index++] as T });
      const load = pages.next().then(fromPage);
      loading = load;
      const done = (): void => {
        if (loading === load) loading = undefined;
      };
      load.then(done, done);
      return load;
    },
    async return(): Promise<IteratorResult<T, undefined>> {
      items = [];
      index = 0;
      await pages.return();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator](): AsyncIterator<T> {
      return iterator;
    },
  };
  return iterator;
}
