import type * as z from 'zod/mini';
import type { RequestOptions } from '../core/request-options.js';
import { checkCallOptions, invalidOption, maxTimerMs, readOptions } from '../internal/call-options.js';
import { encodeParams } from '../internal/params.js';
import type { ListQuery } from '../internal/types.js';
import type { RevenueEventListParams, RevenueEventWatchOptions } from './event.js';
import { firstInstant, lastInstant } from './feed-codec.js';
import { checkpointFilters, FeedPosition, filterKey } from './feed-position.js';

/** A feed's options, checked: what each poll sends and where the feed starts. */
export interface FeedSettings {
  /** The list's filters, encoded for the wire. */
  filter: ListQuery;
  /** The filters in canonical form: what a checkpoint is bound to. */
  filterKey: string;
  /** The filters as a checkpoint holds them. */
  filters: string;
  /** Where the feed starts: a position, or `'now'`, which the ledger tells at the first request. */
  position: FeedPosition | 'now';
  pollIntervalMs: number;
  lookBackMs: number;
  /** The options of each poll. */
  request: RequestOptions;
}

// The options of every call, by name: `satisfies` keeps the list whole as RequestOptions grows.
const requestOptionNames = {
  signal: true,
  timeout: true,
  maxRetries: true,
  idempotencyKey: true,
  maxResponseBytes: true,
  headers: true,
  hooks: true,
} as const satisfies Record<keyof RequestOptions, true>;

// The feed's own options; anything else that is no call option is a filter, checked by the list's
// strict schema, which names an unknown one (`pollIntervalMS`).
const feedOptionNames = { from: true, pollIntervalMs: true, lookBackMs: true } as const satisfies Record<
  Exclude<keyof RevenueEventWatchOptions, keyof RequestOptions | keyof RevenueEventListParams>,
  true
>;

// The list's params that the feed sets on each poll itself: exactly those the options leave out.
const feedOwned = { date_from: true, date_to: true, cursor: true, limit: true } as const satisfies Record<
  Exclude<keyof RevenueEventListParams, keyof RevenueEventWatchOptions>,
  true
>;

/** The list's params that the feed sets on each poll itself, and refuses as options. */
export const feedOwnedParams: readonly string[] = Object.keys(feedOwned);

const msRule = (low: number, high: number): string =>
  `must be a number of milliseconds from ${low} to ${high}`;

/**
 * Checks a feed's options, all before anything is sent: the filters by the list's own schema,
 * the options of each poll by the rules of every call, and the start (a checkpoint is decoded
 * here, so a wrong one is refused at once).
 *
 * @param options - What the caller passed to `revenueEvents.watch`.
 * @param listParams - The list's params schema, which checks and encodes the filters.
 * @returns The settings.
 * @throws {RequestValidationError} naming a bad option or filter (`params` for a non-object).
 * @throws {ConfigurationError} for a `from` checkpoint that cannot resume this feed.
 */
export function feedSettings(options: unknown, listParams: z.ZodMiniType<unknown>): FeedSettings {
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw invalidOption('params', 'must be an object of options');
  // Without a prototype, a key named `__proto__` is an own key that the checks see and refuse,
  // not a setter that drops it.
  const own: Record<string, unknown> = Object.create(null);
  const request: Record<string, unknown> = Object.create(null);
  const filters: Record<string, unknown> = Object.create(null);
  for (const [key, value] of readOptions(options)) {
    if (Object.hasOwn(feedOwned, key) && value !== undefined)
      throw invalidOption(
        key,
        "is set by the feed on each poll; where it starts is `from`: 'now', a Date or a checkpoint",
      );
    const into = Object.hasOwn(feedOptionNames, key)
      ? own
      : Object.hasOwn(requestOptionNames, key)
        ? request
        : filters;
    into[key] = value;
  }
  const { from = 'now', pollIntervalMs = 5_000, lookBackMs = 60_000 } = own;
  if (!(typeof pollIntervalMs === 'number' && pollIntervalMs >= 1 && pollIntervalMs <= maxTimerMs))
    throw invalidOption('pollIntervalMs', msRule(1, maxTimerMs));
  if (
    !(Number.isSafeInteger(lookBackMs) && (lookBackMs as number) >= 0 && (lookBackMs as number) <= maxTimerMs)
  )
    throw invalidOption('lookBackMs', `${msRule(0, maxTimerMs)}, a whole number`);
  checkCallOptions(request);
  const filter = encodeParams(listParams, filters) as ListQuery;
  const key = filterKey(filter);
  const text = checkpointFilters(key);
  return {
    filter,
    filterKey: key,
    filters: text,
    position: start(from, text, key, lookBackMs as number),
    pollIntervalMs,
    lookBackMs: lookBackMs as number,
    request,
  };
}

/** The position `from` names: now, a time, or a checkpoint's. */
function start(from: unknown, filters: string, key: string, lookBackMs: number): FeedPosition | 'now' {
  if (from === 'now') return 'now';
  if (typeof from === 'string') return FeedPosition.decode(from, filters, key, lookBackMs);
  const ms = from instanceof Date ? from.getTime() : Number.NaN;
  if (!(ms >= firstInstant && ms <= lastInstant))
    throw invalidOption(
      'from',
      "must be 'now', a valid Date of years 0000 to 9999, or a checkpoint (feed.checkpoint)",
    );
  return new FeedPosition(ms);
}
