import { ChainbillError } from '../core/error.js';
import type { RequestOptions } from '../core/request-options.js';
import type { PayoutSettlement } from './settlements.js';

/**
 * Options of `payouts.waitForSettlement` (docs/api-tour.md): how settled is settled, how
 * often to look and for how long, and the options of each poll, which is an ordinary call.
 */
export interface WaitForSettlementOptions extends RequestOptions {
  /**
   * Confirmations the settlement record must have counted: a whole number, 1 or more.
   * @default 1
   */
  minConfirmations?: number | undefined;
  /**
   * Milliseconds between two polls, 1 to 2 147 483 647 (a timer's range).
   * @default 5_000
   */
  pollIntervalMs?: number | undefined;
  /**
   * Milliseconds to wait in all, 1 to 2 147 483 647: a deadline for the whole wait, its polls,
   * their pages, retries and `Retry-After` included. At it, a poll in flight is aborted and the
   * wait rejects with {@link WaitTimeoutError}; a retry that would end later is not waited for.
   * @default 15 * 60_000 (15 minutes)
   */
  maxWaitMs?: number | undefined;
  /** Aborts the whole wait, a poll in flight or the pause between two: `APIUserAbortError`. */
  signal?: AbortSignal | undefined;
}

/**
 * A wait that ran out of time (`payouts.waitForSettlement`): the payout had no settlement record
 * with enough confirmations after `maxWaitMs`. The message says what was seen and, when no record
 * was, why a payout may never settle (not approved, canceled, failed). It may still settle: wait
 * again, or look at `payouts.list({ status: 'failed' })`, since the spec has no route to read one
 * payout.
 */
export class WaitTimeoutError extends ChainbillError {
  static override readonly brand: string = 'WaitTimeoutError';
  /**
   * The settlement record seen last (of this payout, the one with the most confirmations), or
   * `null` for none. Server data, redacted as every body kept on an error is (docs/security.md).
   */
  readonly lastSettlement: PayoutSettlement | null;
  /** Milliseconds waited, from the first poll to the deadline. */
  readonly waitedMs: number;

  /**
   * @param message - What was waited for, in a sentence.
   * @param init - The record seen last, and the time waited.
   */
  constructor(message: string, init: { lastSettlement: PayoutSettlement | null; waitedMs: number }) {
    super(message);
    this.lastSettlement = init.lastSettlement;
    this.waitedMs = init.waitedMs;
  }

  /**
   * What `JSON.stringify(error)` writes.
   *
   * @returns `{ name, message, waitedMs, lastSettlement }`.
   */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), waitedMs: this.waitedMs, lastSettlement: this.lastSettlement };
  }
}
