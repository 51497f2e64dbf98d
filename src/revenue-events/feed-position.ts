import { ConfigurationError } from '../core/error.js';

/** The first instant a date-time parameter can name: 0000-01-01T00:00:00.000Z. */
export const firstInstant = -62_167_219_200_000;
/** The last instant a date-time parameter can name: 9999-12-31T23:59:59.999Z. */
export const lastInstant = 253_402_300_799_999;

// `rf<version>.<base64url of the JSON>`: the version is outside the payload, so a newer format is
// told apart from a damaged one before anything is decoded.
const format = /^rf(\d{1,6})\.([\w-]*)$/;
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

  /**
   * @param at - The start: events from this instant on are yielded.
   */
  constructor(at: number) {
    this.floor = at;
    this.at = at;
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
  }

  /** Forgets the ids below the floor: the next poll does not read that far back. */
  prune(): void {
    for (const [id, ms] of this.#seen) if (ms < this.floor) this.#seen.delete(id);
  }

  /**
   * The position as a checkpoint: an opaque, versioned string of base64url characters.
   *
   * @param filter - The feed's filters, canonical ({@link filterKey}): a checkpoint resumes only
   *   a feed with the same ones.
   * @returns The checkpoint.
   */
  encode(filter: string): string {
    const seen: [string, number][] = [];
    for (const [id, ms] of this.#seen) if (ms >= this.floor) seen.push([id, ms - this.floor]);
    const body = JSON.stringify({ q: filter, f: this.floor, a: this.at, s: seen });
    return `rf${version}.${toBase64Url(body)}`;
  }

  /**
   * Reads a checkpoint back. A larger look-back than the checkpoint's reads no further back than
   * its ids cover, so no event is yielded twice; a smaller one narrows the window.
   *
   * @param text - What {@link FeedPosition.encode} gave.
   * @param filter - The resuming feed's filters, canonical.
   * @param lookBackMs - The resuming feed's window.
   * @returns The position.
   * @throws {ConfigurationError} for a string that is not a checkpoint, a damaged one, one of a
   *   newer format, or one saved by a feed with other filters.
   */
  static decode(text: string, filter: string, lookBackMs: number): FeedPosition {
    const match = format.exec(text);
    if (!match) refuse('it is not a `feed.checkpoint`');
    const saved = Number(match[1]);
    if (saved !== version)
      refuse(
        `it has format ${saved}, this chainbill reads ${version}${saved > version ? ' (it is newer)' : ''}`,
      );
    const body = parse(match[2] ?? '');
    if (body.q !== filter)
      refuse(`it was saved by a feed with other filters (${body.q}; this feed: ${filter})`);
    const position = new FeedPosition(body.f);
    position.at = body.a;
    for (const [id, offset] of body.s) position.#seen.set(id, body.f + offset);
    position.floor = Math.max(body.f, body.a - lookBackMs);
    position.prune();
    return position;
  }
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

interface Body {
  q: string;
  f: number;
  a: number;
  s: [string, number][];
}

/** The checkpoint's JSON, checked field by field: a damaged one is refused, never half used. */
function parse(payload: string): Body {
  try {
    const body = JSON.parse(fromBase64Url(payload)) as Body;
    const { q, f, a, s } = body;
    const instant = (ms: unknown) =>
      Number.isSafeInteger(ms) && (ms as number) >= firstInstant && (ms as number) <= lastInstant;
    const seen = (entry: unknown) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      Number.isSafeInteger(entry[1]) &&
      entry[1] >= 0 &&
      instant(f + entry[1]);
    if (typeof q === 'string' && instant(f) && instant(a) && a >= f && Array.isArray(s) && s.every(seen))
      return body;
  } catch {
    // Not base64url, not UTF-8, not JSON, or null: damaged, as below.
  }
  refuse('it is damaged');
}

function refuse(why: string): never {
  throw new ConfigurationError(`Cannot resume the revenue event feed from this checkpoint: ${why}.`);
}

// base64url of UTF-8, with the platform's btoa/atob (Node and browsers alike). JSON.stringify
// escapes lone surrogates, so an id survives the trip exactly.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
