import type { FakeAdvance } from './clock.js';
import { refreshSettlements } from './routes/payout-lifecycle.js';
import { renewalOutlook } from './routes/subscription-billing.js';
import { type DueSource, runDue } from './schedule.js';
import type { FakeState } from './state.js';
import { MAX_CHARGES_PER_MOVE } from './time-range.js';

/**
 * Makes what is due up to `to` happen (the clock's work: time-range.ts says its bounds). A move of
 * the clock (`set`, `advance`) that would attempt more than {@link MAX_CHARGES_PER_MOVE} charges is
 * refused before it starts; one that comes near the fake's last time runs whole or not at all, so
 * a renewal refused there (its period would end past the last time) leaves the state as it was.
 *
 * @param state - The fake's state.
 * @param sources - The resource modules' due work.
 * @param from - The clock before the move, ms.
 * @param to - The clock after it, ms.
 * @param move - `set` or `advance`, not the catch-up before an answer.
 * @returns What happened.
 * @throws {RangeError} For a move with too many charges; {@link OutOfTime} from a refused renewal.
 */
export function moveClock(
  state: FakeState,
  sources: readonly DueSource[],
  from: number,
  to: number,
  move: boolean,
): FakeAdvance {
  const { charges, nearEnd } = renewalOutlook(state, to);
  if (move && charges > MAX_CHARGES_PER_MOVE)
    throw new RangeError(
      `one move attempts at most ${MAX_CHARGES_PER_MOVE} charges; this one could attempt ${charges}: move in steps`,
    );
  const run = (): FakeAdvance => {
    const moved = runDue(state, sources, from, to);
    refreshSettlements(state, to);
    return moved;
  };
  return nearEnd ? state.atomically(run) : run();
}
