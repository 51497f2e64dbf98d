/**
 * The span of the fake's time (docs/testing.md: Test clocks). A `Date` ends at +275760-09-13; the
 * fake ends well before, at {@link LAST_TIME}, so that what it computes from a time it can reach
 * (a period end months later, an expiry) is still a date. Nothing is dated past it: a change that
 * would be is refused before anything is stored or moved. One move of the clock attempts at most
 * {@link MAX_CHARGES_PER_MOVE} charges, so that one call does a bounded amount of work.
 */

import { FakeApiError } from '../http/errors.js';

/** The fake's last time, ms since the epoch: `+275000-01-01T00:00:00.000Z`. */
export const LAST_TIME_MS: number = Date.UTC(275_000, 0, 1);

/** The fake's last time, ISO 8601: `+275000-01-01T00:00:00.000Z`. */
export const LAST_TIME: string = new Date(LAST_TIME_MS).toISOString();

/**
 * The most charges (renewals, retries, trial ends) one move of the clock may attempt, counted
 * before it starts: under a second of work (a year of 2 000 monthly subscriptions, or 2 000 years
 * of one).
 */
export const MAX_CHARGES_PER_MOVE = 25_000;

/** 400 `date_out_of_range`: a change would date something past {@link LAST_TIME}. */
export class OutOfTime extends FakeApiError {
  /** @param what - What would be dated, for example `the subscription's period end`. */
  constructor(what: string) {
    super(
      400,
      'invalid_request_error',
      'date_out_of_range',
      `${what} would fall after ${LAST_TIME}, the fake's last time; nothing was changed.`,
    );
  }
}

/**
 * A time the fake can store, as ISO 8601.
 *
 * @param ms - The time, ms since the epoch (`NaN` past a `Date`'s range).
 * @param what - What it dates, for the error's message.
 * @returns Its ISO string.
 * @throws {OutOfTime} Past {@link LAST_TIME}, or not a date at all.
 */
export function storable(ms: number, what: string): string {
  if (!(ms <= LAST_TIME_MS)) throw new OutOfTime(what);
  return new Date(ms).toISOString();
}
