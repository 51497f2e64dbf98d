import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { listLimit } from '../internal/schemas.js';
import type { ListQuery } from '../internal/types.js';
import type { RevenueEvent, RevenueEventListParams } from './event.js';
import { type TimedEvent, timed } from './feed-batch.js';
import { isInstant, lastInstant } from './feed-codec.js';

/** `revenueEvents.list` of the client, as the feed calls it. */
export type ListEvents = (
  params: RevenueEventListParams,
  options: RequestOptions,
) => PagePromise<RevenueEvent>;

/** Where a feed from `'now'` starts, and the events already in the ledger at that instant. */
export interface LedgerNow {
  /** The start (ms). */
  start: number;
  /** The events at the start that the ledger already held: never yielded. */
  held: TimedEvent[];
  /** The server's `Date` (ms), when it sent one. */
  serverNow: number | undefined;
}

/**
 * Where a feed `from: 'now'` starts (docs/feed.md, "Where it starts"): at the newest event the
 * ledger holds (that instant's events are held, not yielded), or at the server's `Date` when it
 * holds none (this machine's clock only when the server sends no `Date`). The server's present,
 * not this machine's: a test clock or a server whose clock is elsewhere is followed. One request,
 * the first page of the whole ledger.
 *
 * @param list - The ledger's list.
 * @param request - The options of each poll.
 * @returns The start, what the ledger held at it, and the server's `Date`.
 * @throws {ChainbillError} any error of the list call.
 */
export async function ledgerNow(list: ListEvents, request: RequestOptions): Promise<LedgerNow> {
  const { data: page, response } = await list({ limit: listLimit.max }, request).withResponse();
  const serverNow = dateOf(response);
  const events = page.data.map(timed);
  const newest = Math.max(...events.map((entry) => entry.ms));
  if (newest === Number.NEGATIVE_INFINITY) return { start: serverNow ?? Date.now(), held: [], serverNow };
  const held = events.filter((entry) => entry.ms === newest);
  // A page of that instant alone may not hold all of it: start just after it instead.
  if (held.length === events.length && page.has_more)
    return { start: Math.min(newest + 1, lastInstant), held: [], serverNow };
  return { start: newest, held, serverNow };
}

/**
 * The server's clock when it answered, from the `Date` header (to the second).
 *
 * @param response - A response of the ledger.
 * @returns The time (ms), or `undefined` without a valid `Date`.
 */
export function dateOf(response: Response): number | undefined {
  const ms = Date.parse(response.headers.get('date') ?? '');
  return isInstant(ms) ? ms : undefined;
}

/**
 * Whether an event is one the feed's filters let through: a server that ignores a filter
 * (`event_type`) must not make the feed yield other events. A field the event does not carry
 * cannot say, so the server's filtering is taken.
 *
 * @param event - An event of a page.
 * @param filter - The feed's filters, as sent.
 * @returns `false` when a field of the event contradicts a filter.
 */
export function withinFilter(event: RevenueEvent, filter: ListQuery): boolean {
  for (const [key, wanted] of Object.entries(filter)) {
    const value: unknown = (event as unknown as Record<string, unknown>)[key];
    if (wanted !== undefined && value !== undefined && value !== null && value !== wanted) return false;
  }
  return true;
}
