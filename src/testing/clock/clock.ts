import { isDateTime } from '../../internal/schemas.js';
import { FakeApiError } from '../http/errors.js';
import type { FakeEvent } from '../state/events.js';
import { LAST_TIME, LAST_TIME_MS } from './time-range.js';

/** A span of fake time: milliseconds, or whole units (each at least 0; they add up). */
export type FakeDuration =
  | number
  | {
      /** Days of 24 hours. */
      days?: number;
      /** Hours. */
      hours?: number;
      /** Minutes. */
      minutes?: number;
      /** Seconds. */
      seconds?: number;
    };

/**
 * What moving the clock made happen (`fake.clock.advance`, `fake.clock.set`). Each list holds the
 * ids of the objects it happened to, in time order, once per time it happened.
 */
export interface FakeAdvance {
  /** The clock before the move (ISO 8601). */
  from: string;
  /** The clock after the move (ISO 8601). */
  to: string;
  /** Subscriptions (`sub_…`) charged for a new period: a renewal, the end of a trial, a retry. */
  renewed: string[];
  /** Subscriptions whose renewal charge or retry failed (they are `past_due`, or ended). */
  failed: string[];
  /** Subscriptions whose trial ended (charged or not: see `renewed` and `failed`). */
  trialEnded: string[];
  /** Subscriptions canceled: `cancel_at_period_end`, or every retry failed. */
  canceled: string[];
  /** What expired: subscriptions (`sub_…`), checkouts (`co_…`) and payment links (`pl_…`). */
  expired: string[];
  /** Paused subscriptions resumed at their `pause_end`. */
  resumed: string[];
  /**
   * Every change, in order: the same objects as in `fake.events` (the last `historyLimit` of them,
   * when the move made more; the lists above name every one).
   */
  events: FakeEvent[];
}

/**
 * The fake API's clock, a test clock in Stripe's sense: it follows real time until a test sets it,
 * and moving it makes everything due happen, in time order (docs/testing.md: Test clocks).
 */
export interface FakeClock {
  /**
   * The fake's current time: what it writes into `created_at`, `approved_at`, … .
   *
   * @returns A new `Date`.
   */
  now(): Date;
  /**
   * Freezes the clock at an instant. Moving it forward makes what is due up to then happen, as
   * {@link FakeClock.advance} does; moving it back changes nothing that already happened.
   *
   * @param time - A valid `Date`, or an ISO 8601 string (`2026-01-01T00:00:00Z`, or a date alone
   *   for UTC midnight), at most `+275000-01-01T00:00:00Z`.
   * @returns What happened on the way.
   * @throws {RangeError} For anything else (`null`, `true`, a number, `'soon'`), a time past the
   *   fake's last time, a move that would attempt more than 25 000 charges (move in steps), or one
   *   that would date a new period past the last time; nothing has moved.
   */
  set(time: Date | string): FakeAdvance;
  /**
   * Moves the clock forward (freezing it first if it follows real time) and makes everything due
   * happen in time order: renewals, trial ends, `cancel_at_period_end`, `pause_end`, renewal
   * retries, checkout and payment link expiry. Each change is stamped with the time it was due.
   *
   * @param duration - Milliseconds, or `{ days, hours, minutes, seconds }`; none negative.
   * @returns What happened, by kind, and every event in order.
   * @throws {RangeError} For a negative, non-finite or unknown duration, a move past the fake's
   *   last time (`+275000-01-01T00:00:00Z`), one that would attempt more than 25 000 charges (move
   *   in steps), or one that would date a new period past the last time; nothing has moved.
   * @example
   * ```ts
   * const { renewed, failed } = fake.clock.advance({ days: 31 });
   * ```
   */
  advance(duration: FakeDuration): FakeAdvance;
  /**
   * Goes back to following real time (`Date.now()`): what is due is done when the fake next
   * answers. A clock that was moved ahead goes back to now; to go on from where it stands, use
   * {@link FakeClock.run}.
   */
  useRealTime(): void;
  /**
   * Lets the clock run on from where it stands, at the pace of `Date.now()` (so `vi.useFakeTimers()`
   * drives it): what falls due is done before each answer. For waiting on what moves with time
   * (`payouts.waitForSettlement` while the chain mines blocks) after a test set or moved the clock,
   * which leaves it frozen. `set` and `advance` freeze it again.
   *
   * @example
   * ```ts
   * fake.clock.run();
   * await chainbill.payouts.waitForSettlement(payout.id);
   * ```
   */
  run(): void;
}

const unitMs = { days: 86_400_000, hours: 3_600_000, minutes: 60_000, seconds: 1_000 } as const;

/**
 * A duration in milliseconds.
 *
 * @throws {RangeError} Naming what is wrong: a negative or non-finite amount, or an unknown unit.
 */
export function durationMs(duration: FakeDuration): number {
  const amount = (value: unknown, name: string): number => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new RangeError(`${name} must be a finite number of at least 0, got ${JSON.stringify(value)}`);
    return value;
  };
  if (typeof duration !== 'object' || duration === null) return amount(duration, 'duration');
  let total = 0;
  for (const [unit, value] of Object.entries(duration)) {
    if (!Object.hasOwn(unitMs, unit))
      throw new RangeError(`duration has an unknown unit "${unit}": use days, hours, minutes or seconds`);
    total += amount(value, unit) * unitMs[unit as keyof typeof unitMs];
  }
  return total;
}

/**
 * The time `clock.set` was given, in ms: a date alone is UTC midnight, and a date-time passes the
 * SDK's own check (a real calendar: no `02-30`, `24:00` or `:60`), its year may have 6 digits.
 *
 * @throws {RangeError} For anything but a valid `Date` or an ISO 8601 string.
 */
function timeOf(time: unknown): number {
  const full = typeof time === 'string' && !time.includes('T') ? `${time}T00:00:00Z` : time;
  const ms =
    time instanceof Date
      ? time.getTime()
      : typeof full === 'string' && isDateTime(full, true)
        ? Date.parse(full)
        : Number.NaN;
  if (Number.isNaN(ms))
    throw new RangeError(
      `clock.set: not a valid Date or ISO 8601 time (such as "2026-01-01T00:00:00Z"): ${String(time)}`,
    );
  return ms;
}

/** The clock and what the fake does with it: `pin` stamps due work with its own time. */
export interface InternalClock extends FakeClock {
  /** Freezes the clock at `ms` without running anything (the scheduler, while it runs). */
  pin(ms: number): void;
  /** Makes what is due by now happen, and leaves the clock as it was (before each request). */
  catchUp(): void;
  /** How it moves now (`GET /_fake/clock`). */
  mode(): ClockMode;
  /**
   * Puts the clock where a snapshot found it, running nothing: frozen at `ms`, running on from
   * `ms` (at real pace from now), or real time (`ms` unused).
   */
  restore(mode: ClockMode, ms: number): void;
}

/**
 * How the clock moves: `frozen` after `set` or `advance`, `running` at real pace from a moved time
 * after `run()`, `realTime` the machine's own time (at first, and after `useRealTime()`).
 */
export type ClockMode = 'frozen' | 'running' | 'realTime';

/**
 * @param runDue - Makes everything due up to `to` happen (the scheduler) and says what happened;
 *   `move` is true for `set` and `advance`, false for the catch-up before each answer. It refuses
 *   a move it cannot make (too much work, a date past the last time) by throwing, unchanged.
 * @returns A clock that follows real time until set.
 */
export function createClock(runDue: (from: number, to: number, move: boolean) => FakeAdvance): InternalClock {
  let frozen: number | null = null;
  // How far ahead of `Date.now()` a running clock is: 0 for real time, more after `run()`.
  let ahead = 0;
  const current = (): number => frozen ?? Date.now() + ahead;
  const moveTo = (target: number, how: string): FakeAdvance => {
    // Nothing may be dated past the last time; `runDue` refuses a move with too much work.
    if (!(target <= LAST_TIME_MS)) throw new RangeError(`${how}: the clock cannot move past ${LAST_TIME}`);
    const from = current();
    let result: FakeAdvance;
    const before = frozen;
    try {
      result = runDue(from, Math.max(from, target), true);
    } catch (error) {
      frozen = before; // the scheduler pins the clock to each item it runs
      // A renewal that would end past the last time, refused (the state was put back).
      if (error instanceof FakeApiError && error.code === 'date_out_of_range')
        throw new RangeError(`${how}: ${error.message}`, { cause: error });
      throw error;
    }
    frozen = target;
    return { ...result, to: new Date(target).toISOString() };
  };
  return {
    now: () => new Date(current()),
    set: (time) => moveTo(timeOf(time), 'clock.set'),
    advance: (duration) => moveTo(current() + durationMs(duration), 'clock.advance'),
    useRealTime: () => {
      frozen = null;
      ahead = 0;
    },
    run: () => {
      ahead = current() - Date.now();
      frozen = null;
    },
    pin: (ms) => {
      frozen = ms;
    },
    catchUp: () => {
      const real = frozen === null;
      const now = current();
      runDue(now, now, false);
      frozen = real ? null : now;
    },
    mode: () => (frozen !== null ? 'frozen' : ahead === 0 ? 'realTime' : 'running'),
    restore: (mode, ms) => {
      frozen = mode === 'frozen' ? ms : null;
      ahead = mode === 'running' ? ms - Date.now() : 0;
    },
  };
}
