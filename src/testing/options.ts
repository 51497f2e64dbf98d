import { DEFAULT_HISTORY_LIMIT } from './state/history.js';

/**
 * How the fake's billing engine retries a failed renewal (docs/testing.md: Test clocks): a retry
 * `retryDays[i]` days after the renewal date, and `finalStatus` when the last one fails.
 */
export interface RenewalRetries {
  /** Days after the failed renewal date of each retry, ascending. @default [1, 3, 5] */
  retryDays: readonly number[];
  /** What a subscription becomes when every retry failed. @default 'canceled' */
  finalStatus: 'canceled' | 'expired';
}

/** Options of {@link createFakeChainbill}. */
export interface FakeChainbillOptions {
  /** Organization of the fake's keys. @default 'org_fake' */
  orgId?: string;
  /** Base URL answered by `fetch` and msw's `handlers(fake)`. @default 'https://api.chainbill.test/v1' */
  baseUrl?: string;
  /**
   * How a failed renewal is retried (docs/testing.md: Test clocks): `retryDays`, the days after
   * the renewal date of each retry (default `[1, 3, 5]`), and `finalStatus`, what the
   * subscription becomes when the last retry fails (default `'canceled'`; `'expired'` as a
   * lapsed subscription).
   */
  renewalRetries?: {
    /** Days after the failed renewal date of each retry, ascending, each above 0. @default [1, 3, 5] */
    retryDays?: readonly number[];
    /** What a subscription becomes when its last retry fails. @default 'canceled' */
    finalStatus?: 'canceled' | 'expired';
  };
  /**
   * How many of the latest requests (`fake.requests`), events (`fake.events`) and
   * `Idempotency-Key`s the fake keeps; older ones are dropped, oldest first, so a long-running
   * fake stays within a bounded size (docs/testing.md: Requests). A whole number of at least 1,
   * or `Infinity` to keep everything.
   * @default 10000
   */
  historyLimit?: number;
  /**
   * Makes the fake's ids the same on every run: the same calls give the same record ids, keys,
   * transaction hashes, addresses and request ids, for scripts and contract tests that name
   * records (docs/testing.md: Fixed ids). Each kind counts apart (the third payout has the same id
   * however many lists were read before it), and `reset()` starts them again; keys go on. A whole
   * number from 0 to 2^53 − 1; without it, ids are random.
   * @example
   * ```ts
   * const fake = createFakeChainbill({ idSeed: 42 });
   * ```
   */
  idSeed?: number;
}

/**
 * The renewal retry schedule of the options, checked.
 *
 * @throws {RangeError} For days that are not ascending and above 0, or an unknown final status.
 */
export function renewalRetriesOf(options: FakeChainbillOptions['renewalRetries'] = {}): RenewalRetries {
  const retryDays = options.retryDays ?? [1, 3, 5];
  retryDays.forEach((days, i) => {
    if (!(Number.isFinite(days) && days > 0 && days > (retryDays[i - 1] ?? 0)))
      throw new RangeError(
        `renewalRetries.retryDays must be ascending days above 0, got ${JSON.stringify(retryDays)}`,
      );
  });
  const finalStatus = options.finalStatus ?? 'canceled';
  if (finalStatus !== 'canceled' && finalStatus !== 'expired')
    throw new RangeError(
      `renewalRetries.finalStatus must be 'canceled' or 'expired', got ${JSON.stringify(finalStatus)}`,
    );
  return { retryDays: [...retryDays], finalStatus };
}

/**
 * The history limit of the options, checked.
 *
 * @throws {RangeError} For anything but a whole number of at least 1 or `Infinity`.
 */
export function historyLimitOf(limit: unknown = DEFAULT_HISTORY_LIMIT): number {
  if (limit === Number.POSITIVE_INFINITY || (Number.isSafeInteger(limit) && (limit as number) >= 1))
    return limit as number;
  throw new RangeError(`historyLimit must be a whole number of at least 1 or Infinity, got ${String(limit)}`);
}
