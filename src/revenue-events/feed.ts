import type * as z from 'zod/mini';
import { APIUserAbortError, ChainbillError } from '../core/error.js';
import { sleep } from '../internal/retry.js';
import { listLimit } from '../internal/schemas.js';
import type { RevenueEvent, RevenueEventListParams } from './event.js';
import { Batch, type TimedEvent, timed } from './feed-batch.js';
import { type FeedSettings, feedSettings } from './feed-options.js';
import { FeedPosition, nowCheckpoint } from './feed-position.js';
import { dateOf, type ListEvents, ledgerNow, withinFilter } from './feed-start.js';

// The most events one poll yields: a replay from long ago holds this many (twice, at most) at a
// time, not every event since then; the rest come in the polls right after.
const batchCap = 5_000;

// The first slice of time a feed that starts behind the present reads: the next ones double
// while they hold little, and halve when one holds more than the cap.
const firstSpanMs = 60_000;

/** A feed behind the present: read up to `covered` (ms); the next poll reads `span` ms more. */
interface Behind {
  covered: number;
  span: number;
}

/**
 * The change feed of the revenue ledger (docs/feed.md), made by `revenueEvents.watch`: every event
 * of `GET /revenue/events` once, oldest first (`occurred_at`, then `id`), as it is recorded, for
 * as long as the loop runs. Read it with one `for await` loop; save {@link RevenueEventFeed.checkpoint}
 * as you go to resume after a restart.
 */
export class RevenueEventFeed implements AsyncIterable<RevenueEvent> {
  readonly #list: ListEvents;
  readonly #settings: FeedSettings;
  // Unknown until the first request for a feed from 'now': the ledger tells where it starts.
  #position: FeedPosition | undefined;
  #checkpoint: string | undefined;
  #behind: Behind | undefined;
  // Where the next poll may start instead of the floor: what lies below was read at least the
  // look-back after it occurred, by the server's clock, so nothing can still be recorded there.
  #resume: number | undefined;
  // The server's `Date` at the last poll; this machine's clock stands in until one comes.
  #serverNow: number | undefined;
  #reading = false;

  /**
   * Made by `revenueEvents.watch`; call that instead.
   *
   * @internal
   * @param list - `revenueEvents.list` of the client.
   * @param listParams - The list's params schema, which checks the filters.
   * @param options - The caller's options, checked here.
   */
  constructor(list: ListEvents, listParams: z.ZodMiniType<unknown>, options: unknown) {
    this.#list = list;
    this.#settings = feedSettings(options, listParams);
    const { position } = this.#settings;
    if (position === 'now') return;
    this.#position = position;
    if (position.at + firstSpanMs < Date.now()) this.#behind = { covered: position.at, span: firstSpanMs };
  }

  /**
   * Where the feed stands, as an opaque, versioned string of characters safe in JSON, a URL, a
   * file or an environment variable (letters, digits, `.`, `_`, `-`, `~`): the time reached and the
   * ids yielded inside the look-back window. Read inside the loop, it includes the event just
   * yielded; a new feed `from` it yields no event twice and misses none that the list shows. Before
   * the first event, it is the start; before the first request of a feed from `'now'`, it says
   * `'now'`. Reading it costs the same whatever the window holds.
   *
   * @returns The checkpoint.
   */
  get checkpoint(): string {
    const { filters } = this.#settings;
    if (this.#position === undefined) return nowCheckpoint(filters);
    this.#checkpoint ??= this.#position.encode(filters);
    return this.#checkpoint;
  }

  /**
   * The events, one `for await` loop per feed. `break` stops polling at once; the `signal` ends
   * the loop without an error; a poll that fails after its retries throws from the loop, and
   * {@link RevenueEventFeed.checkpoint} is still the last event handled.
   *
   * @returns The feed's iterator.
   * @throws {ChainbillError} when the feed is already being read (resume a new one from the checkpoint).
   */
  [Symbol.asyncIterator](): AsyncGenerator<RevenueEvent, void, undefined> {
    if (this.#reading)
      throw new ChainbillError(
        'This feed is already being read: one loop per feed (start another `from: feed.checkpoint`).',
      );
    this.#reading = true;
    return this.#run();
  }

  /**
   * Where the feed starts, as a checkpoint: for a feed from `'now'`, once the ledger answered its
   * first request (made here, and not again by the loop). A consumer saves it before any event.
   *
   * @internal
   * @returns The checkpoint of the start, its floor and the time reached (ms), before any event.
   * @throws {ChainbillError} any error of that request.
   */
  async begin(): Promise<{ checkpoint: string; floor: number; at: number }> {
    const { floor, at } = this.#position ?? (await this.#start());
    return { checkpoint: this.checkpoint, floor, at };
  }

  /** Asks the ledger where a feed from 'now' starts. */
  async #start(): Promise<FeedPosition> {
    const { request, lookBackMs } = this.#settings;
    const { start, held, serverNow } = await ledgerNow(this.#list, request);
    const position = new FeedPosition(start);
    for (const { event, ms } of held) position.advance(event.id, ms, lookBackMs);
    this.#position = position;
    this.#serverNow = serverNow;
    return position;
  }

  async *#run(): AsyncGenerator<RevenueEvent, void, undefined> {
    const { lookBackMs, pollIntervalMs, request } = this.#settings;
    const signal = request.signal;
    for (;;) {
      if (signal?.aborted) return;
      let polled: { position: FeedPosition; events: TimedEvent[]; more: boolean };
      try {
        polled = await this.#poll();
      } catch (error) {
        // The signal ends the feed quietly; any other failure of the poll is the caller's to see.
        if (signal?.aborted && error instanceof APIUserAbortError) return;
        throw error;
      }
      for (const { event, ms } of polled.events) {
        if (signal?.aborted) return;
        polled.position.advance(event.id, ms, lookBackMs);
        this.#checkpoint = undefined;
        yield event;
      }
      if (polled.more) continue;
      try {
        await sleep(pollIntervalMs, signal);
      } catch {
        return;
      }
    }
  }

  /**
   * One poll: every page from the floor (the time reached less the look-back window) on, keeping
   * the events not yielded yet. A feed behind the present (a replay, a resume after a long stop,
   * more events than one poll holds) reads slices of time instead, one after another at once,
   * each sized by what the last one held, each from where the last ended once that is settled, so
   * that every page is read about once. A feed from `'now'` first asks the ledger where it stands.
   */
  async #poll(): Promise<{ position: FeedPosition; events: TimedEvent[]; more: boolean }> {
    const { filter, request, lookBackMs } = this.#settings;
    if (this.#position === undefined) return { position: await this.#start(), events: [], more: false };
    const position = this.#position;
    position.prune();
    const from = Math.max(position.floor, this.#resume ?? position.floor);
    const behind = this.#behind;
    const end = behind === undefined ? undefined : behind.covered + behind.span;
    const to = end !== undefined && end < (this.#serverNow ?? Date.now()) ? end : undefined;
    const params: RevenueEventListParams = {
      ...(filter as RevenueEventListParams),
      date_from: new Date(from),
      ...(to === undefined ? {} : { date_to: new Date(to) }),
      limit: listLimit.max,
    };
    const batch = new Batch(batchCap);
    const pages = this.#list(params, request);
    const serverNow = dateOf((await pages.withResponse()).response);
    for await (const event of pages) {
      const entry = timed(event);
      if (entry.ms >= from && !position.has(event.id) && withinFilter(event, filter)) batch.add(entry);
    }
    this.#serverNow = serverNow;
    // Read a second before the server's Date at the latest (it is cut to the second).
    const settled = serverNow === undefined ? Number.NEGATIVE_INFINITY : serverNow - 1_000 - lookBackMs;
    const events = batch.sorted();
    const last = events[events.length - 1];
    this.#resume = undefined;
    if (batch.overflow && last !== undefined) {
      // Half the time the kept events spanned: the next slice should hold fewer than the cap. The
      // last instant is kept whole, so the next read starts after it.
      const span = Math.floor((last.ms - Math.max(from, behind?.covered ?? from)) / 2);
      this.#behind = { covered: last.ms, span: Math.max(1, span) };
      if (last.ms < settled) this.#resume = last.ms + 1;
    } else if (to !== undefined && behind !== undefined) {
      const span = events.length < batchCap / 2 ? behind.span * 2 : behind.span;
      this.#behind = { covered: to, span };
      // From `to` again, not after it: a server may read `date_to` as excluding it.
      if (to <= settled) this.#resume = to;
    } else this.#behind = undefined;
    return { position, events, more: this.#behind !== undefined };
  }
}
