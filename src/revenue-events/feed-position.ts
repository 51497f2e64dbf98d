import { ConfigurationError } from '../core/error.js';
import {
  decodeCount,
  decodeId,
  encodeCount,
  encodeId,
  firstInstant,
  fromBase64Url,
  isInstant,
  toBase64Url,
} from './feed-codec.js';

// `rf<version>.` then the version's text: the version comes first, so a newer format is told apart
// from a damaged one before anything is decoded. Format 1: `rf1.<filters>.<base>.<floor>.<reached>`
// then `.<offset>.<id>` per id (offsets from the base, in base 36), or `rf1.<filters>.now`.
const shape = /^rf(\d{1,6})\.([\w.~-]*)$/;
const version = 1;

/**
 * Where a revenue event feed stands (docs/feed.md): the time reached (the latest `occurred_at`
 * yielded), the floor below which nothing is read or yielded again (the time reached less the
 * look-back window, never below the start), and the ids yielded at or above the floor. Memory is
 * bounded by the events of one window, however long the feed runs.
 */
export class FeedPosition {
  /** Events that occurred before this instant (ms) are neither read nor yielded. */
  floor: number;
  /** The latest `occurred_at` yielded, or the start (ms). */
  at: number;
  readonly #seen = new Map<string, number>();
  // The checkpoint's ids as text, appended as each is yielded, so that reading the checkpoint after
  // each event costs the same whatever the window holds. `#times` holds each one's time in the
  // same order; the first `#dead` fell below the floor, and once they are a third of the text it
  // is written again without them. Offsets count from `#base`, at or below every id's time.
  #base: number;
  #text = '';
  #times: number[] = [];
  #dead = 0;

  /**
   * @param at - The start: events from this instant on are yielded.
   */
  constructor(at: number) {
    this.floor = at;
    this.at = at;
    this.#base = at;
  }

  /** @returns Whether the event with this id was yielded (and is still inside the window). */
  has(id: string): boolean {
    return this.#seen.has(id);
  }

  /**
   * Records an event as yielded, and moves the floor up behind the time reached.
   *
   * @param id - The event's id.
   * @param ms - Its `occurred_at`, at or above the floor.
   * @param lookBackMs - The window kept behind the time reached.
   */
  advance(id: string, ms: number, lookBackMs: number): void {
    this.#seen.set(id, ms);
    if (ms > this.at) this.at = ms;
    this.floor = Math.max(this.floor, this.at - lookBackMs);
    if (ms < this.#base) {
      this.#rewrite(ms);
      return;
    }
    this.#text += `.${encodeCount(ms - this.#base)}.${encodeId(id)}`;
    const times = this.#times;
    times.push(ms);
    while (this.#dead < times.length && (times[this.#dead] ?? ms) < this.floor) this.#dead += 1;
    if (this.#dead > 64 && 2 * this.#dead > times.length - this.#dead) this.#rewrite(this.floor);
  }

  /** Forgets the ids below the floor: the next poll does not read that far back. */
  prune(): void {
    for (const [id, ms] of this.#seen) if (ms < this.floor) this.#seen.delete(id);
  }

  /**
   * The position as a checkpoint: an opaque, versioned string (docs/feed.md). Costs the same with
   * any window: the ids' text is kept as they are yielded.
   *
   * @param filters - The feed's filters as the checkpoint holds them ({@link checkpointFilters}):
   *   a checkpoint resumes only a feed with the same ones.
   * @returns The checkpoint.
   */
  encode(filters: string): string {
    const base = this.#base;
    const head = `rf${version}.${filters}.${encodeCount(base - firstInstant)}`;
    return `${head}.${encodeCount(this.floor - base)}.${encodeCount(this.at - base)}${this.#text}`;
  }

  /**
   * Reads a checkpoint back. A larger look-back than the checkpoint's reads no further back than
   * its ids cover, so no event is yielded twice; a smaller one narrows the window.
   *
   * @param text - What {@link FeedPosition.encode} gave, or a feed's checkpoint before it started.
   * @param filters - The resuming feed's filters, as the checkpoint holds them.
   * @param filterKey - The same, canonical JSON, for the message.
   * @param lookBackMs - The resuming feed's window.
   * @returns The position, or `'now'` for a checkpoint read before its feed's first request.
   * @throws {ConfigurationError} for a string that is not a checkpoint, a damaged one, one of a
   *   newer format, or one saved by a feed with other filters.
   */
  static decode(text: string, filters: string, filterKey: string, lookBackMs: number): FeedPosition | 'now' {
    const match = shape.exec(text);
    if (!match) refuse('it is not a `feed.checkpoint`');
    const saved = Number(match[1]);
    if (saved !== version)
      refuse(
        `it has format ${saved}, this chainbill reads ${version}${saved > version ? ' (it is newer)' : ''}`,
      );
    const parts = (match[2] ?? '').split('.');
    const now = parts.length === 2 && parts[1] === 'now';
    const base = (decodeCount(parts[1]) ?? Number.NaN) + firstInstant;
    const floor = base + (decodeCount(parts[2]) ?? Number.NaN);
    const at = base + (decodeCount(parts[3]) ?? Number.NaN);
    const entries = new Map<string, number>();
    for (let i = 4; i < parts.length; i += 2) {
      const ms = base + (decodeCount(parts[i]) ?? Number.NaN);
      const id = decodeId(parts[i + 1] ?? '');
      if (id === undefined || !isInstant(ms)) refuse('it is damaged');
      entries.set(id, ms);
    }
    const whole =
      isInstant(base) && isInstant(floor) && isInstant(at) && at >= floor && parts.length % 2 === 0;
    if (!now && !whole) refuse('it is damaged');
    if (parts[0] !== filters) otherFilters(parts[0], filterKey);
    if (now) return 'now';
    const position = new FeedPosition(floor);
    position.at = at;
    for (const [id, ms] of entries) position.#seen.set(id, ms);
    position.floor = Math.max(floor, at - lookBackMs);
    position.#rewrite(position.floor);
    return position;
  }

  /** Writes the ids' text again from `base`, forgetting the ids below it. */
  #rewrite(base: number): void {
    this.#base = base;
    let text = '';
    const times: number[] = [];
    for (const [id, ms] of this.#seen) {
      if (ms < base) {
        this.#seen.delete(id);
        continue;
      }
      text += `.${encodeCount(ms - base)}.${encodeId(id)}`;
      times.push(ms);
    }
    this.#text = text;
    this.#times = times;
    this.#dead = 0;
  }
}

/**
 * A feed's checkpoint before its first request: where a feed `from: 'now'` starts is known only
 * once the ledger answered, so until then the checkpoint says `'now'` (docs/feed.md).
 *
 * @param filters - The feed's filters as the checkpoint holds them.
 * @returns The checkpoint.
 */
export function nowCheckpoint(filters: string): string {
  return `rf${version}.${filters}.now`;
}

/**
 * A feed's filters as its checkpoints hold them: base64url of their canonical form.
 *
 * @param key - The canonical form, {@link filterKey}.
 * @returns The text.
 */
export function checkpointFilters(key: string): string {
  return toBase64Url(key);
}

/**
 * The canonical form of a feed's filters, as sent on the wire: what a checkpoint is bound to.
 *
 * @param wire - The encoded filters.
 * @returns Their JSON, keys sorted, `undefined` values left out.
 */
export function filterKey(wire: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(wire).filter(([, value]) => value !== undefined);
  return JSON.stringify(Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

function otherFilters(saved: string | undefined, filterKey: string): never {
  let text: string | undefined;
  try {
    text = fromBase64Url(saved ?? '');
  } catch {
    refuse('it is damaged');
  }
  refuse(`it was saved by a feed with other filters (${text}; this feed: ${filterKey})`);
}

function refuse(why: string): never {
  throw new ConfigurationError(`Cannot resume the revenue event feed from this checkpoint: ${why}.`);
}
