import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import { callList } from '../internal/call.js';
import { revenueEventsConsume } from './consume.js';
import type { RevenueEventConsumeOptions, RevenueEventConsumer } from './consume-options.js';
import {
  type RevenueEvent,
  type RevenueEventListParams,
  type RevenueEventWatchOptions,
  revenueEventListOperation,
  revenueEventListParams,
} from './event.js';
import { RevenueEventFeed } from './feed.js';

/**
 * Lists revenue events, newest first, one page at a time (spec: GET /revenue/events).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `event_type`, `date_from` and `date_to` (a `Date` or ISO 8601 string, sent as
 *   ISO strings), `limit` 1..100, `cursor`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every event.
 * @throws {RequestValidationError} on an unknown `event_type`, a malformed date or a bad `limit`,
 *   before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * const charges = revenueEventsList(core, {
 *   event_type: 'subscription_charged', date_from: new Date('2026-01-01'), date_to: '2026-01-31T23:59:59Z',
 * });
 * for await (const event of charges) console.log(event.subscription_id, event.amount, event.currency);
 * ```
 */
export function revenueEventsList(
  core: ChainbillCore,
  params: RevenueEventListParams = {},
  options?: RequestOptions,
): PagePromise<RevenueEvent> {
  return callList(core, revenueEventListOperation, { params }, options);
}

/**
 * A change feed of the ledger (docs/feed.md): polls `GET /revenue/events` and yields each event
 * once, oldest first (`occurred_at`, then `id`), for as long as the loop runs. Save
 * `feed.checkpoint` after handling each event; a new feed `from` it resumes with no event twice and
 * none missed that the list shows.
 *
 * @param core - The core (or `Chainbill`) to poll through.
 * @param options - Filters (`event_type`), `from` (`'now'`, a `Date` or a checkpoint),
 *   `pollIntervalMs` (5 000), `lookBackMs` (60 000), `signal`, and the options of each poll.
 * @returns The feed: iterate it with one `for await` loop; read `checkpoint` as you go.
 * @throws {RequestValidationError} for a bad option or filter, before anything is sent.
 * @throws {ConfigurationError} for a checkpoint that cannot resume this feed (other filters, a
 *   newer format, damaged). From the loop: any error of a poll once its retries are spent.
 * @example
 * ```ts
 * const feed = revenueEventsWatch(core, { event_type: 'checkout_confirmed', from: saved ?? 'now' });
 * for await (const event of feed) await fulfil(event.checkout_id);
 * ```
 */
export function revenueEventsWatch(
  core: ChainbillCore,
  options: RevenueEventWatchOptions = {},
): RevenueEventFeed {
  return new RevenueEventFeed(
    (params, poll) => revenueEventsList(core, params, poll),
    revenueEventListParams(),
    options,
  );
}

/** The revenue ledger: money-affecting events, read only (spec: Revenue). */
export class RevenueEvents extends APIResource {
  /**
   * Lists revenue events, newest first, one page at a time (spec: GET /revenue/events).
   *
   * @param params - `event_type`, `date_from` and `date_to` (a `Date` or ISO 8601 string, sent as
   *   ISO strings), `limit` 1..100, `cursor`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every event.
   * @throws {RequestValidationError} on an unknown `event_type`, a malformed date or a bad `limit`,
   *   before sending.
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * const charges = chainbill.revenueEvents.list({
   *   event_type: 'subscription_charged', date_from: new Date('2026-01-01'), date_to: '2026-01-31T23:59:59Z',
   * });
   * for await (const event of charges) console.log(event.subscription_id, event.amount, event.currency);
   * ```
   */
  list(params: RevenueEventListParams = {}, options?: RequestOptions): PagePromise<RevenueEvent> {
    return revenueEventsList(this._core, params, options);
  }

  /**
   * A change feed of the ledger (docs/feed.md): polls `GET /revenue/events` and yields each event
   * once, oldest first (`occurred_at`, then `id`), for as long as the loop runs. Save
   * `feed.checkpoint` after handling each event; a new feed `from` it resumes with no event twice
   * and none missed that the list shows.
   *
   * @param options - Filters (`event_type`), `from` (`'now'`, a `Date` or a checkpoint),
   *   `pollIntervalMs` (5 000), `lookBackMs` (60 000), `signal`, and the options of each poll.
   * @returns The feed: iterate it with one `for await` loop; read `checkpoint` as you go.
   * @throws {RequestValidationError} for a bad option or filter, before anything is sent.
   * @throws {ConfigurationError} for a checkpoint that cannot resume this feed (other filters, a
   *   newer format, damaged). From the loop: any error of a poll once its retries are spent.
   * @example
   * ```ts
   * const feed = chainbill.revenueEvents.watch({ event_type: 'checkout_confirmed', from: saved ?? 'now' });
   * for await (const event of feed) {
   *   await fulfil(event.checkout_id);
   *   await store.save(feed.checkpoint);
   * }
   * ```
   */
  watch(options: RevenueEventWatchOptions = {}): RevenueEventFeed {
    return revenueEventsWatch(this._core, options);
  }

  /**
   * Consumes the ledger with one worker at a time per name, across every process that shares the
   * store (docs/postgres.md): each event, in one transaction of the store, is checked against the
   * lease's fencing token, skipped if its id is recorded, handled with `tx`, recorded, and the
   * position moved. Effects written through `tx` happen exactly once; others at least once.
   *
   * @param options - `name`, `handlers` (by `event_type`, and `default`), `store` (default: the
   *   client's memory store), `from` (where a new name starts), `leaseMs` (30 000), `maxAttempts`
   *   (5), `onError` (`'stop'` or `'skip'`), and the feed's options: `event_type`,
   *   `pollIntervalMs`, `lookBackMs`, `signal`, each poll's options.
   * @returns The consumer: `done` resolves when `signal` ends it and rejects with what stopped it.
   * @throws {RequestValidationError} for a bad option, before anything is read or sent.
   * @example
   * ```ts
   * const consumer = chainbill.revenueEvents.consume({
   *   name: 'fulfilment', store, event_type: 'checkout_confirmed', signal,
   *   handlers: {
   *     checkout_confirmed: async (event, tx) => {
   *       await tx.query('update orders set paid = true where checkout_id = $1', [event.checkout_id]);
   *     },
   *   },
   * });
   * await consumer.done;
   * ```
   */
  consume<Tx = null>(options: RevenueEventConsumeOptions<Tx>): RevenueEventConsumer {
    return revenueEventsConsume(this._core, options);
  }
}
