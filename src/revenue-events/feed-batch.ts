import { ResponseValidationError } from '../core/error.js';
import type { RevenueEvent } from './event.js';
import { firstInstant, lastInstant } from './feed-codec.js';

/** A revenue event and its `occurred_at` in ms. */
export interface TimedEvent {
  readonly event: RevenueEvent;
  readonly ms: number;
}

/** The feed's order: `occurred_at`, then `id`. */
function compare(a: TimedEvent, b: TimedEvent): number {
  if (a.ms !== b.ms) return a.ms - b.ms;
  return a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0;
}

/**
 * An event with its time, or an error for one the feed cannot place: without a string id it
 * cannot be told apart from another, and without a time it cannot be ordered nor checkpointed
 * (both are only unchecked with `validateResponses: false`).
 *
 * @param event - An event of a page.
 * @returns The event and its `occurred_at` in ms.
 * @throws {ResponseValidationError} when `id` is not a string or `occurred_at` is no instant of
 *   years 0000 to 9999.
 */
export function timed(event: RevenueEvent): TimedEvent {
  const at = event.occurred_at;
  const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  const path =
    typeof event.id !== 'string' ? 'id' : ms >= firstInstant && ms <= lastInstant ? null : 'occurred_at';
  if (path === null) return { event, ms };
  const message = `a revenue event's ${path} must be ${path === 'id' ? 'a string' : 'an ISO 8601 date-time'}`;
  throw new ResponseValidationError(`Invalid revenue event: ${message}.`, {
    issues: [{ path: [path], code: 'invalid_feed_event', message }],
    body: event,
    status: 200,
    requestId: null,
  });
}

/**
 * What one poll will yield: the `cap` earliest events it read that were not yielded yet, and every
 * other event at the same instant as the last of them (events of one instant are never split
 * between polls: the next poll starts after it), each id once, however many pages it read or how
 * often the server repeated one. It holds at most twice what it keeps, so a replay of any length
 * is bounded; the events past the cut wait for the next poll.
 */
export class Batch {
  readonly #cap: number;
  #events = new Map<string, TimedEvent>();
  #limit: number;
  // Once trimmed, the instant of the latest event kept: a later one cannot make the cut.
  #cutoff = Number.POSITIVE_INFINITY;
  /** Whether events were left for a later poll. */
  overflow = false;

  /** @param cap - The most events one poll yields, but for the rest of the last instant's. */
  constructor(cap: number) {
    this.#cap = cap;
    this.#limit = 2 * cap;
  }

  /** Adds an event read by the poll and not yielded before. */
  add(entry: TimedEvent): void {
    if (this.#events.has(entry.event.id) || entry.ms > this.#cutoff) return;
    this.#events.set(entry.event.id, entry);
    if (this.#events.size > this.#limit) {
      this.#events = new Map(this.sorted().map((e) => [e.event.id, e]));
      this.#limit = Math.max(this.#limit, 2 * this.#events.size);
    }
  }

  /** @returns The events kept, in the feed's order: the `cap` earliest and the rest of the last one's instant. */
  sorted(): TimedEvent[] {
    const all = [...this.#events.values()].sort(compare);
    const last = all[this.#cap - 1];
    if (last === undefined || all.length === this.#cap) return all;
    let end = this.#cap;
    while (end < all.length && all[end]?.ms === last.ms) end += 1;
    if (end < all.length) {
      all.length = end;
      this.overflow = true;
      this.#cutoff = last.ms;
    }
    return all;
  }
}
