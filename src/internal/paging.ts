import * as z from 'zod/mini';
import type { WithResponse } from '../core/api-promise.js';
import { ResponseValidationError } from '../core/error.js';
import { Page, PagePromise, type PaginationKind } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { listEnvelope } from './schemas.js';
import type { Transport } from './transport.js';
import type { CheckedResponse, ListQuery, ListSpec } from './types.js';

type Envelope<T> = { data: T[]; has_more: boolean; next_cursor: string | null };

/** Fetches one page for a query: the transport behind a list call. */
export type PageFetcher<T> = (query: ListQuery) => Promise<WithResponse<Page<T>>>;

// Unchecked items are the caller's choice (validateResponses: false); an unchecked envelope would
// page on whatever `has_more` and `next_cursor` happen to be. Built once: a new `z.unknown()` per
// call would miss the envelope cache every time.
const uncheckedItem: z.ZodMiniType<unknown> = /*@__PURE__*/ z.unknown();

/**
 * Sends a list call and wraps it for paging: the first page now, every later page on demand, each
 * through the transport with the same options (docs/pagination.md).
 *
 * @param transport - The client's transport.
 * @param kind - `cursor` or `offset` paging.
 * @param build - Builds the first page's call; a `RequestValidationError` thrown here rejects.
 * @param options - Per-call options, used for every page.
 * @returns The first page, iterable over every item.
 */
export function sendList<T>(
  transport: Transport,
  kind: PaginationKind,
  build: () => ListSpec<T>,
  options?: RequestOptions,
): PagePromise<T> {
  const fetchPage = (spec: ListSpec<T>): PageFetcher<T> => {
    const envelope = listEnvelope(spec.schema);
    const uncheckedEnvelope = listEnvelope(uncheckedItem as z.ZodMiniType<T>);
    const trail = new CursorTrail();
    const fetcher: PageFetcher<T> = async (query) => {
      let next: ListQuery | null = null;
      // The guards run inside the call, so a page they refuse rejects it as any failure does.
      const check = (page: Envelope<T>, at: CheckedResponse): void => {
        next = nextPageQuery(kind, query, page, at, trail);
      };
      const sent = await transport.send(
        {
          method: 'GET',
          path: spec.path,
          route: spec.route,
          query,
          schema: envelope,
          uncheckedSchema: uncheckedEnvelope,
          check,
        },
        options,
      );
      return { data: new Page(sent.data, next, fetcher), response: sent.response, requestId: sent.requestId };
    };
    return fetcher;
  };
  // A bad input (thrown by `build`) rejects the list call, as any error of its first page does.
  let first: Promise<WithResponse<Page<T>>>;
  try {
    const spec = build();
    first = fetchPage(spec)(spec.query);
  } catch (error) {
    first = Promise.reject(error);
  }
  return new PagePromise(first);
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
 * that would loop or stop silently (docs/pagination.md).
 *
 * @param kind - How the list pages.
 * @param query - The query that fetched `envelope`.
 * @param envelope - The parsed page.
 * @param response - Status, request id and the redacted body, for the error.
 * @param trail - The cursors this list call has followed, to catch longer loops.
 * @returns The next query, or `null` when `has_more` is false.
 * @throws {ResponseValidationError} on `has_more: true` with no `next_cursor` or with a cursor
 *   already followed (cursor lists), or with an empty page (offset lists).
 */
export function nextPageQuery(
  kind: PaginationKind,
  query: ListQuery,
  envelope: { data: unknown[]; has_more: boolean; next_cursor: string | null },
  response: CheckedResponse,
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

function pageError(message: string, response: CheckedResponse): ResponseValidationError {
  return new ResponseValidationError(`Invalid list page: ${message}.`, {
    issues: [{ path: ['next_cursor'], code: 'invalid_pagination', message }],
    status: response.status,
    requestId: response.requestId,
    body: response.body(),
  });
}
