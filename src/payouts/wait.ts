import type { ChainbillCore } from '../core/chainbill-core.js';
import { APIUserAbortError } from '../core/error.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { invalidOption, maxTimerMs } from '../internal/call-options.js';
import { idPrefixes } from '../internal/ids.js';
import { pathId } from '../internal/path.js';
import { sleep } from '../internal/retry.js';
import type { PayoutIntent } from './intent.js';
import { type PayoutSettlement, payoutsSettlementsList } from './settlements.js';
import { type WaitForSettlementOptions, WaitTimeoutError } from './wait-options.js';

/** Pages one poll reads at most (100 records each): a list that never ends cannot hold the wait. */
const maxPagesPerPoll = 10;

/** What the wait reads of a settlement record. */
export interface Settling {
  payout_intent_id: string;
  confirmations: number;
}

/** What the wait needs of the client: the settlement records of one payout, and redaction. */
export interface SettlementSource<S extends Settling> {
  /** `GET /payouts/settlements?payout_intent_id=…`, one ordinary list call. */
  list(payoutId: string, options: RequestOptions): PagePromise<S>;
  /** Redacts server data kept on an error. */
  redact(value: unknown): unknown;
}

/** What the polls have seen so far. */
interface Seen<S> {
  last: S | null;
  /** A record of another payout came back: the server did not filter. */
  foreign: boolean;
  /** A poll stopped at `maxPagesPerPoll` with more pages to go. */
  cut: boolean;
}

/**
 * Waits for a payout to settle on-chain: polls its settlement records
 * (`GET /payouts/settlements?payout_intent_id=…`) every `pollIntervalMs` until one of that payout
 * has `minConfirmations`, and resolves with it; a record of another payout is never taken. Each
 * poll is an ordinary call (retries, hooks, spans), with the `RequestOptions` given here.
 * `maxWaitMs` is a deadline for the whole wait, retries and `Retry-After` included. A payout that
 * fails is seen only as one that never settles (docs/money.md).
 *
 * @param core - The core to poll through.
 * @param payout - The payout (a `draft` or `canceled` one is refused at once), or its id, prefix `po_`.
 * @param options - `minConfirmations` (default 1), `pollIntervalMs` (ms, default 5 000),
 *   `maxWaitMs` (ms, default 15 minutes), `signal`, and the options of each poll.
 * @returns The settlement record with the most confirmations, once it has `minConfirmations`.
 * @throws {RequestValidationError} before any poll: a bad id (`param: 'id'`) or option, or a
 *   payout object that is a `draft` or `canceled` (`param: 'status'`).
 * @throws {WaitTimeoutError} at the deadline, with `lastSettlement` (redacted) and `waitedMs`.
 * @throws {APIUserAbortError} as soon as `signal` aborts; no poll is sent after it.
 * @throws {APIError} and the other errors of a poll that fails for good.
 * @example
 * ```ts
 * const settlement = await payoutsWaitForSettlement(core, 'po_3dd08ec74dcf74a903e21d7a', { minConfirmations: 20 });
 * ```
 */
export function payoutsWaitForSettlement(
  core: ChainbillCore,
  payout: PayoutIntent | string,
  options: WaitForSettlementOptions = {},
): Promise<PayoutSettlement> {
  return waitForSettlement(
    {
      list: (id, poll) => payoutsSettlementsList(core, { payout_intent_id: id, limit: 100 }, poll),
      redact: (value) => core.redactor.value(value),
    },
    payout,
    options,
  );
}

/**
 * Polls the settlement records of one payout until one of that payout has `minConfirmations`,
 * each poll an ordinary list call, `pollIntervalMs` apart, all within `maxWaitMs`: a poll in
 * flight at the deadline (a retry's wait included) is aborted. An aborted `signal` ends it at once.
 *
 * @param source - The client's settlement list and redaction.
 * @param target - The payout, or its id (prefix `po_`).
 * @param options - `WaitForSettlementOptions`.
 * @returns The settlement record with the most confirmations, once it has enough.
 * @throws {RequestValidationError} for a bad id (`param: 'id'`) or option, or a payout object
 *   that is a draft or canceled (`param: 'status'`), before any poll.
 * @throws {WaitTimeoutError} at the deadline. `APIUserAbortError` on abort; any error of a poll.
 */
export async function waitForSettlement<S extends Settling>(
  source: SettlementSource<S>,
  target: unknown,
  options: WaitForSettlementOptions,
): Promise<S> {
  const { id, status } = payoutOf(target);
  const { minConfirmations = 1, pollIntervalMs = 5_000, maxWaitMs = 15 * 60_000, signal, ...poll } = options;
  checkOptions(minConfirmations, pollIntervalMs, maxWaitMs);
  if (signal?.aborted) throw aborted(signal);
  const started = Date.now();
  const deadline = started + maxWaitMs;
  // One signal for every poll: the caller's abort, or the deadline.
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), maxWaitMs);
  const seen: Seen<S> = { last: null, foreign: false, cut: false };
  try {
    for (;;) {
      await pollOnce(source, id, minConfirmations, { ...poll, signal: controller.signal }, seen);
      if (seen.last !== null && seen.last.confirmations >= minConfirmations) return seen.last;
      const left = deadline - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(pollIntervalMs, left), controller.signal);
      if (Date.now() >= deadline) break;
    }
  } catch (error) {
    // A poll's own failure stands; one that only says the wait's signal fired is the abort or the deadline.
    const stopped =
      controller.signal.aborted && (error instanceof APIUserAbortError || error === controller.signal.reason);
    if (!stopped) throw error;
    if (signal?.aborted) throw aborted(signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  throw new WaitTimeoutError(timeoutMessage(id, status, minConfirmations, maxWaitMs, seen), {
    lastSettlement: source.redact(seen.last) as WaitTimeoutError['lastSettlement'],
    waitedMs: Date.now() - started,
  });
}

/** One poll: at most `maxPagesPerPoll` pages, the records of other payouts skipped. */
async function pollOnce<S extends Settling>(
  source: SettlementSource<S>,
  id: string,
  minConfirmations: number,
  options: RequestOptions,
  seen: Seen<S>,
): Promise<void> {
  let pages = 0;
  for await (const page of source.list(id, options).pages()) {
    for (const record of page.data) {
      // A server, proxy or cache that ignores the filter must not settle another payout's wait.
      if (record.payout_intent_id !== id) seen.foreign = true;
      else if (seen.last === null || record.confirmations > seen.last.confirmations) seen.last = record;
    }
    if (seen.last !== null && seen.last.confirmations >= minConfirmations) return;
    if (++pages === maxPagesPerPoll) {
      seen.cut ||= page.hasNextPage();
      return;
    }
  }
}

/** The payout's id and, for a payout object, its status; a bad one is refused before any poll. */
function payoutOf(target: unknown): { id: string; status: string | undefined } {
  let id: unknown = target;
  let status: unknown;
  if (typeof target === 'object' && target !== null) {
    try {
      ({ id, status } = target as { id?: unknown; status?: unknown });
    } catch {
      id = undefined; // a getter that throws: refused as an id that is not one
    }
  }
  pathId(idPrefixes.payout, id);
  if (status === 'draft' || status === 'canceled') {
    const why =
      status === 'draft'
        ? 'a draft in the object given, and a draft never settles: approve it (payouts.approve) and pass the payout that returns, or its id'
        : 'canceled, and a canceled payout never settles';
    throw invalidOption('status', `payout ${id as string} is ${why}`);
  }
  return { id: id as string, status: typeof status === 'string' ? status : undefined };
}

function checkOptions(minConfirmations: unknown, pollIntervalMs: unknown, maxWaitMs: unknown): void {
  if (!(Number.isSafeInteger(minConfirmations) && (minConfirmations as number) >= 1))
    throw invalidOption('minConfirmations', 'must be a whole number, 1 or more');
  for (const [param, value] of [
    ['pollIntervalMs', pollIntervalMs],
    ['maxWaitMs', maxWaitMs],
  ] as const)
    if (!(typeof value === 'number' && value > 0 && value <= maxTimerMs))
      throw invalidOption(param, 'must be a number of milliseconds from 1 to 2147483647');
}

function timeoutMessage<S extends Settling>(
  id: string,
  status: string | undefined,
  minConfirmations: number,
  maxWaitMs: number,
  seen: Seen<S>,
): string {
  const last = seen.last === null ? 'no settlement record' : count(seen.last.confirmations);
  let message = `Payout ${id} did not settle with ${count(minConfirmations)} within ${maxWaitMs} ms (last seen: ${last}).`;
  if (seen.last === null) {
    message +=
      status === undefined
        ? " It may not be approved yet (a draft never settles), or it was canceled or failed; payouts.list({ status: 'failed' }) lists failed payouts."
        : " If it failed, it never settles; payouts.list({ status: 'failed' }) lists failed payouts.";
  }
  if (seen.foreign)
    message +=
      ' Records of other payouts came back and were ignored: the server did not filter by payout_intent_id.';
  if (seen.cut) message += ` A poll reads at most ${maxPagesPerPoll} pages, and the list went on.`;
  return message;
}

function count(confirmations: number): string {
  return `${confirmations} confirmation${confirmations === 1 ? '' : 's'}`;
}

function aborted(signal: AbortSignal | undefined): APIUserAbortError {
  return new APIUserAbortError('The wait for settlement was aborted.', { cause: signal?.reason });
}
