import { ResponseValidationError } from '../core/error.js';
import type { RevenueEvent } from './event.js';
import { firstInstant, lastInstant } from './feed-position.js';

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
 * What one poll will yield: the `cap` earliest events it read that were not yielded yet, each id
 * once, however many pages it read or how often the server repeated one. Holding at most `2 * cap`
 * events, it bounds a replay of any length; the events past the cap wait for the next poll.
 */
export class Batch {
  readonly #cap: number;
  #events = new Map<string, TimedEvent>();
  // Once trimmed, the latest event kept: a later one cannot make the cut, so it is not held.
  #cutoff: TimedEvent | undefined;
  /** Whether events were left for a later poll. */
  overflow = false;
  /** The latest `occurred_at` (ms) read, kept or not; `-Infinity` before any. */
  newest: number = Number.NEGATIVE_INFINITY;

  /** @param cap - The most events one poll yields. */
  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Adds an event read by the poll and not yielded before. */
  add(entry: TimedEvent): void {
    if (entry.ms > this.newest) this.newest = entry.ms;
    if (this.#events.has(entry.event.id)) return;
    if (this.#cutoff !== undefined && compare(entry, this.#cutoff) > 0) return;
    this.#events.set(entry.event.id, entry);
    if (this.#events.size > 2 * this.#cap) this.#events = new Map(this.sorted().map((e) => [e.event.id, e]));
  }

  /** @returns The events kept, in the feed's order, at most `cap`. */
  sorted(): TimedEvent[] {
    const all = [...this.#events.values()].sort(compare);
    if (all.length > this.#cap) {
      all.length = this.#cap;
      this.overflow = true;
      this.#cutoff = all[all.length - 1];
    }
    return all;
  }
}
