/**
 * What `revenueEvents.consume` takes and gives (docs/postgres.md, "Consumers"), its error, and the
 * check of its options, apart from the loop (consume.ts).
 *
 * @module
 */
import { ChainbillError } from '../core/error.js';
import { invalidOption, maxTimerMs, readOptions } from '../internal/call-options.js';
import type { ChainbillStore } from '../store/store.js';
import {
  type RevenueEvent,
  type RevenueEventType,
  type RevenueEventWatchOptions,
  revenueEventListParams,
} from './event.js';
import { feedSettings } from './feed-options.js';

/**
 * Handles one event. `tx` is the store's transaction (PostgreSQL: its client; memory: `null`):
 * what the handler writes through it commits with the event's record, exactly once. A handler that
 * throws rolls it all back, and the event is tried again.
 */
export type RevenueEventHandler<Tx> = (event: RevenueEvent, tx: Tx) => unknown;

/**
 * A handler per `event_type`; `default` takes any other type, unknown ones too. An event with
 * neither is recorded as handled and passed.
 */
export type RevenueEventHandlers<Tx> = {
  readonly [type in RevenueEventType | 'default']?: RevenueEventHandler<Tx> | undefined;
};

/**
 * Options of `revenueEvents.consume` (docs/postgres.md): the feed's (filters, `pollIntervalMs`,
 * `lookBackMs`, `signal`, each poll's options) and the consumer's own.
 */
export interface RevenueEventConsumeOptions<Tx = null> extends Omit<RevenueEventWatchOptions, 'from'> {
  /** The consumer's name: one position and one lease per name and scope. 1 to 200 characters. */
  name: string;
  /**
   * Where the position, the lease and the handled ids live: `postgresStore(db)` for a fleet.
   * @default the client's own memoryStore() (this process only)
   */
  store?: ChainbillStore<Tx> | undefined;
  /** The handlers, by event type; at least one. */
  handlers: RevenueEventHandlers<Tx>;
  /**
   * Where a name without a position starts: `'now'` or a `Date` (a replay). A name with a position
   * goes on from it, whatever `from` says.
   * @default 'now'
   */
  from?: 'now' | Date | undefined;
  /**
   * How long a lease lasts without renewal, in ms (1 000 to 2 147 483 647): the holder renews it
   * every third of it; another worker takes it over once it lapsed. It also bounds each event's
   * transaction: a PostgreSQL session idle in it, or a statement, longer than this is ended.
   * @default 30_000
   */
  leaseMs?: number | undefined;
  /**
   * Tries of one event before `onError` applies, 1 to 100; between tries the consumer waits 250 ms,
   * doubling, at most a third of `leaseMs`.
   * @default 5
   */
  maxAttempts?: number | undefined;
  /**
   * What an event whose tries are spent does: `'stop'` ends the consumer with the handler's error,
   * its position before the event; `'skip'` records it in `chainbill_failed_events` and goes on.
   * @default 'stop'
   */
  onError?: 'stop' | 'skip' | undefined;
}

/** A running consumer. */
export interface RevenueEventConsumer {
  /**
   * Resolves when `signal` ends the consumer; rejects with what stopped it: a handler's error once
   * its tries are spent, {@link LeaseLostError}, or a poll's or the store's error.
   */
  readonly done: Promise<void>;
}

/**
 * A consumer whose lease another worker took over (it stalled past `leaseMs`, then woke): its
 * commit was refused inside the transaction, so it wrote nothing, and it stopped. The other worker
 * goes on; start this one again to compete for the lease.
 */
export class LeaseLostError extends ChainbillError {
  static override readonly brand: string = 'LeaseLostError';
  /** The consumer's name. */
  readonly consumer: string;

  /** @param consumer - The consumer's name. */
  constructor(consumer: string) {
    super(
      `The consumer ${JSON.stringify(consumer)} lost its lease: another worker took it over, so this one wrote nothing more and stopped.`,
    );
    this.consumer = consumer;
  }

  /** @returns `{ name, message, consumer }`. */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), consumer: this.consumer };
  }
}

/** The consumer's own options, checked; `feed` holds the rest, for the feed to check. */
export interface ConsumeSettings<Tx> {
  readonly name: string;
  readonly store: ChainbillStore<Tx> | undefined;
  readonly handlers: Readonly<Record<string, RevenueEventHandler<Tx>>>;
  readonly from: 'now' | Date;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  readonly onError: 'stop' | 'skip';
  readonly feed: Record<string, unknown>;
}

const own = ['name', 'store', 'handlers', 'from', 'leaseMs', 'maxAttempts', 'onError'];

/**
 * Checks the consumer's options; what is the feed's is checked by the feed.
 *
 * @param options - What the caller passed.
 * @returns The settings.
 * @throws {RequestValidationError} naming the option that is wrong.
 */
export function consumeSettings<Tx>(options: unknown): ConsumeSettings<Tx> {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw invalidOption('params', 'must be an object of options, with name and handlers');
  const read: Record<string, unknown> = Object.create(null);
  const feed: Record<string, unknown> = Object.create(null);
  for (const [key, value] of readOptions(options)) (own.includes(key) ? read : feed)[key] = value;
  const { name, store, handlers, from = 'now', leaseMs = 30_000, maxAttempts = 5, onError = 'stop' } = read;
  if (typeof name !== 'string' || name.length < 1 || name.length > 200)
    throw invalidOption('name', 'must be a string of 1 to 200 characters');
  if (store !== undefined && typeof (store as { driver?: unknown } | null)?.driver !== 'object')
    throw invalidOption(
      'store',
      'must be a store: memoryStore() or postgresStore(db) from chainbill/postgres',
    );
  if (!(from === 'now' || (from instanceof Date && !Number.isNaN(from.getTime()))))
    throw invalidOption('from', "must be 'now' or a valid Date (a name with a position goes on from it)");
  if (!(Number.isSafeInteger(leaseMs) && (leaseMs as number) >= 1_000 && (leaseMs as number) <= maxTimerMs))
    throw invalidOption('leaseMs', `must be a whole number of milliseconds from 1000 to ${maxTimerMs}`);
  if (!(Number.isSafeInteger(maxAttempts) && (maxAttempts as number) >= 1 && (maxAttempts as number) <= 100))
    throw invalidOption('maxAttempts', 'must be a whole number from 1 to 100');
  if (onError !== 'stop' && onError !== 'skip') throw invalidOption('onError', "must be 'stop' or 'skip'");
  return {
    name,
    store: store as ChainbillStore<Tx> | undefined,
    handlers: checkHandlers<Tx>(handlers),
    from,
    leaseMs: leaseMs as number,
    maxAttempts: maxAttempts as number,
    onError,
    feed,
  };
}

function checkHandlers<Tx>(handlers: unknown): Record<string, RevenueEventHandler<Tx>> {
  if (typeof handlers !== 'object' || handlers === null || Array.isArray(handlers))
    throw invalidOption('handlers', 'must be an object of functions by event type (and default)');
  // Own keys only, into an object without a prototype: an event type `constructor` finds no handler.
  const checked: Record<string, RevenueEventHandler<Tx>> = Object.create(null);
  for (const key of Object.keys(handlers)) {
    const handler = (handlers as Record<string, unknown>)[key];
    if (handler === undefined) continue;
    if (typeof handler !== 'function') throw invalidOption(`handlers.${key}`, 'must be a function');
    checked[key] = handler as RevenueEventHandler<Tx>;
  }
  if (Object.keys(checked).length === 0) throw invalidOption('handlers', 'must hold at least one handler');
  return checked;
}

/**
 * Checks a consumer's options, its feed's included, as `watch` checks them: a typo fails at the
 * call, not in `done`.
 *
 * @internal
 * @param options - What the caller passed.
 * @returns The settings, and the feed's filters in canonical form and as a checkpoint holds them,
 *   and its window.
 * @throws {RequestValidationError} for a bad option.
 */
export function checkConsume<Tx>(options: unknown): {
  settings: ConsumeSettings<Tx>;
  filterKey: string;
  filters: string;
  lookBackMs: number;
} {
  const settings = consumeSettings<Tx>(options);
  const feed = feedSettings({ ...settings.feed, from: settings.from }, revenueEventListParams());
  return { settings, filterKey: feed.filterKey, filters: feed.filters, lookBackMs: feed.lookBackMs };
}
