import type { FakeEvent, FakeEventType } from '../state/events.js';
import { History } from '../state/history.js';
import type { FakeState } from '../state/state.js';
import type { FakeAdvance } from './clock.js';
import { MAX_CHARGES_PER_MOVE } from './time-range.js';

/** A list of {@link FakeAdvance} that names objects: `renewed`, `expired`, … */
export type AdvanceList = keyof Omit<FakeAdvance, 'from' | 'to' | 'events'>;

/** Which list of a move's result names the object of each kind of event (each module says its own). */
export type AdvanceReports = Partial<Record<FakeEventType, AdvanceList>>;

/**
 * Makes what is due up to `to` happen (the clock's work: time-range.ts says its bounds). A move of
 * the clock (`set`, `advance`) that would attempt more than {@link MAX_CHARGES_PER_MOVE} charges is
 * refused before it starts, counted from the queue's charge index; one that comes near the fake's
 * last time runs whole or not at all, so a renewal refused there (its period would end past the
 * last time) leaves the state as it was. The catch-up before each answer with nothing due looks
 * at the queue's first item only.
 *
 * @param state - The fake's state.
 * @param reports - Which events each list of the result names (the resource modules').
 * @param from - The clock before the move, ms.
 * @param to - The clock after it, ms.
 * @param move - `set` or `advance`, not the catch-up before an answer.
 * @returns What happened.
 * @throws {RangeError} For a move with too many charges; {@link OutOfTime} from a refused renewal.
 */
export function moveClock(
  state: FakeState,
  reports: AdvanceReports,
  from: number,
  to: number,
  move: boolean,
): FakeAdvance {
  if (!move && state.queue.nextAt > to) return emptyAdvance(from, to);
  const { charges, nearEnd } = state.queue.outlook(state, to);
  if (move && charges > MAX_CHARGES_PER_MOVE)
    throw new RangeError(
      `one move attempts at most ${MAX_CHARGES_PER_MOVE} charges; this one could attempt ${charges}: move in steps`,
    );
  const run = (): FakeAdvance => runDue(state, reports, from, to);
  return nearEnd ? state.atomically(run) : run();
}

/**
 * Makes everything due up to `to` happen, earliest first, with the clock pinned to each item's
 * time (scheduler.ts), and sums it up as it happens.
 *
 * @returns What happened: the ids by kind, every time; the events, the last `historyLimit` of them.
 */
function runDue(state: FakeState, reports: AdvanceReports, from: number, to: number): FakeAdvance {
  const result = emptyAdvance(from, to);
  // Summed up as it happens: the log keeps its last `historyLimit` events, and so does the result.
  const events = new History<FakeEvent>(state.events.limit);
  const stop = state.events.watch((event) => {
    events.push(event);
    const list = reports[event.type];
    if (list !== undefined) result[list].push(event.objectId);
  });
  try {
    state.events.as('clock', () => state.queue.run(state, to, (ms) => state.clock.pin(ms)));
  } finally {
    stop();
  }
  return { ...result, events: events.list };
}

function emptyAdvance(from: number, to: number): FakeAdvance {
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    renewed: [],
    failed: [],
    trialEnded: [],
    canceled: [],
    expired: [],
    resumed: [],
    events: [],
  };
}
