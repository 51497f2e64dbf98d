import { APIUserAbortError, RequestValidationError } from '../core/error.js';
import { type WaitForSettlementOptions, WaitTimeoutError } from '../core/wait.js';
import type { PayoutSettlement, PayoutSettlements } from '../resources/payout-settlements.js';
import { idPrefixes } from './ids.js';
import { pathId } from './path.js';
import { sleep } from './retry.js';

const timerRange = 2_147_483_647;

/**
 * Polls the settlement records of one payout until one has `minConfirmations`, each poll an
 * ordinary `payouts.settlements.list` call (retries, hooks, spans, redaction), with a pause of
 * `pollIntervalMs` between two and a deadline `maxWaitMs` after the first (docs/api-tour.md).
 * An aborted `signal` ends it at once, and nothing is polled after.
 *
 * @param settlements - The client's `payouts.settlements`.
 * @param id - The payout, prefix `po_`.
 * @param options - {@link WaitForSettlementOptions}.
 * @returns The settlement record with the most confirmations, once it has enough.
 * @throws {RequestValidationError} for a bad id (`param: 'id'`) or option, before any poll.
 * @throws {WaitTimeoutError} at the deadline. {@link APIUserAbortError} on abort; any error of a poll.
 */
export async function waitForSettlement(
  settlements: PayoutSettlements,
  id: string,
  options: WaitForSettlementOptions,
): Promise<PayoutSettlement> {
  const { minConfirmations = 1, pollIntervalMs = 5_000, maxWaitMs = 15 * 60_000, ...poll } = options;
  pathId(idPrefixes.payout, id);
  if (!(Number.isSafeInteger(minConfirmations) && minConfirmations >= 1))
    throw invalid('minConfirmations', 'must be a whole number, 1 or more');
  for (const [param, value] of [
    ['pollIntervalMs', pollIntervalMs],
    ['maxWaitMs', maxWaitMs],
  ] as const)
    if (!(typeof value === 'number' && value > 0 && value <= timerRange))
      throw invalid(param, 'must be a number of milliseconds from 1 to 2147483647');
  const signal = poll.signal;
  const started = Date.now();
  let last: PayoutSettlement | null = null;
  for (;;) {
    if (signal?.aborted) throw aborted(signal);
    for await (const record of settlements.list({ payout_intent_id: id, limit: 100 }, poll))
      if (last === null || record.confirmations > last.confirmations) last = record;
    if (last !== null && last.confirmations >= minConfirmations) return last;
    const waited = Date.now() - started;
    if (waited >= maxWaitMs) {
      const seen = last === null ? 'no settlement record' : `${last.confirmations} confirmations`;
      throw new WaitTimeoutError(
        `Payout ${id} did not settle with ${minConfirmations} confirmations within ${maxWaitMs} ms (last seen: ${seen}).`,
        { lastSettlement: last, waitedMs: waited },
      );
    }
    await sleep(Math.min(pollIntervalMs, maxWaitMs - waited), signal).catch(() => {
      throw aborted(signal);
    });
  }
}

function aborted(signal: AbortSignal | undefined): APIUserAbortError {
  return new APIUserAbortError('The wait for settlement was aborted.', { cause: signal?.reason });
}

function invalid(param: string, message: string): RequestValidationError {
  return new RequestValidationError(param, [{ path: [param], code: 'invalid_option', message }]);
}
