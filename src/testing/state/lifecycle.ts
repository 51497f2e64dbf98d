/**
 * The fake's state machines. Each resource with states (payouts, checkouts,
 * subscriptions, payment links) writes its {@link Lifecycle} once, as data, in its resource module:
 * where each state may go, the times the spec ties to entering a state, what entering it does
 * beyond the record, and what falls due in it on the clock. {@link transition} is the only way a
 * status changes: the API's routes, `simulate`, `seed` and the clock all go through it, so a record
 * moved by any of them carries the same stamps and leaves the same events, and its next due work
 * takes its place in the clock's queue.
 */

import type { DueSource, DueWork } from '../clock/scheduler.js';
import { conflict } from '../http/errors.js';
import type { FakeEvent, FakeEventType } from './events.js';
import type { CollectionKey, Scope } from './scope.js';
import type { FakeState } from './state.js';

/** A record with a lifecycle: an id and a status. */
export interface Stateful<S extends string> {
  id: string;
  status: S;
}

/** A record about to move, with what the move may need: the state, its scope, the clock's now. */
export interface Moving<R> {
  state: FakeState;
  scope: Scope;
  record: R;
  /** The clock's time of the move, ISO 8601. */
  now: string;
}

/** One resource's lifecycle: data, written once (see the module's comment). */
export interface Lifecycle<S extends string, R extends Stateful<S>> {
  /** The resource, in messages (`Payout po_1 is settled; …`). */
  readonly label: string;
  /** The collection its records are in: a move puts the record's next due work in the clock's queue. */
  readonly collection: CollectionKey<R>;
  /** The state a new record starts in. */
  readonly initial: S;
  /** The states each state may move to; a state with none is terminal. */
  readonly moves: { readonly [K in S]: readonly S[] };
  /** The event a move into each state records, unless the move names another. */
  readonly events: { readonly [K in S]?: FakeEventType };
  /** The fields the spec ties to entering a state (`approved_at`, `detected_at`, …). */
  readonly stamps?: { readonly [K in S]?: (moving: Moving<R>) => Partial<R> };
  /** What entering a state does beyond the record (a settlement record, a revenue event). */
  readonly effects?: {
    readonly [K in S]?: (moving: Moving<R>) => Pick<FakeEvent, 'revenueEventId'> | undefined;
  };
  /** What falls due, on the clock, for a record in a state (a renewal, an expiry, a block). */
  readonly due?: { readonly [K in S]?: (moving: Omit<Moving<R>, 'now'>) => DueWork | undefined };
  /** The status is the fake's own, never sent (a payment link's): events record `null`. */
  readonly hidden?: boolean;
}

/** What a move sets beside the status and the lifecycle's stamps, and how it is recorded. */
export interface Change<R> {
  /** Fields to set with the move (a new period, a failure reason). */
  fields?: Partial<R>;
  /** The event to record, when not the lifecycle's own for the state (a resume, a renewal). */
  event?: FakeEventType;
  /** For `renewal_failed`: which attempt failed. */
  attempt?: number;
  /** The revenue event the move recorded (a renewal's charge). */
  revenueEventId?: string;
}

/**
 * Moves a record to a state: checks the lifecycle allows it, stamps the fields the spec ties to
 * the state, sets `fields`, the status and `updated_at` (when the record has one), does what
 * entering the state does, and records the event in `fake.events`, all at the clock's now.
 *
 * @returns The record, moved.
 * @throws {FakeApiError} 409 `invalid_state` when the lifecycle does not allow the move.
 */
export function transition<S extends string, R extends Stateful<S>>(
  lifecycle: Lifecycle<S, R>,
  state: FakeState,
  scope: Scope,
  record: R,
  to: S,
  change: Change<R> = {},
): R {
  const from = record.status;
  if (!lifecycle.moves[from].includes(to))
    throw conflict(`${lifecycle.label} ${record.id} is ${from}; it cannot become ${to}.`);
  const moving: Moving<R> = { state, scope, record, now: state.now() };
  const stamped = lifecycle.stamps?.[to]?.(moving);
  const touched = 'updated_at' in record ? { updated_at: moving.now } : {};
  Object.assign(record, stamped, change.fields, { status: to }, touched);
  const extra = lifecycle.effects?.[to]?.(moving);
  const event = change.event ?? lifecycle.events[to];
  if (event === undefined) throw new TypeError(`no event for a ${lifecycle.label} becoming ${to}`);
  const attempt = change.attempt === undefined ? {} : { attempt: change.attempt };
  const revenue = change.revenueEventId === undefined ? {} : { revenueEventId: change.revenueEventId };
  state.emit(scope, event, record.id, lifecycle.hidden ? null : to, { ...extra, ...revenue, ...attempt });
  state.schedule(lifecycle.collection, scope, record);
  return record;
}

/**
 * Moves a record to `target` through every state on the way, each by {@link transition}, so it
 * carries what a record that lived through them would: a seeded `settled` payout has its
 * approval and execution stamps and its settlement record. The way is the shortest the
 * lifecycle allows, trying each state's moves in the order they are written.
 *
 * @returns The record, at `target`.
 * @throws {FakeApiError} 409 when the lifecycle has no way from the record's state to `target`.
 */
export function walk<S extends string, R extends Stateful<S>>(
  lifecycle: Lifecycle<S, R>,
  state: FakeState,
  scope: Scope,
  record: R,
  target: S,
): R {
  for (const step of pathBetween(lifecycle.moves, lifecycle.label, record.status, target))
    transition(lifecycle, state, scope, record, step);
  return record;
}

/** The states after `from` on the shortest way to `to` (breadth first). */
function pathBetween<S extends string>(
  moves: { readonly [K in S]: readonly S[] },
  label: string,
  from: S,
  to: S,
): S[] {
  const cameFrom = new Map<S, S | null>([[from, null]]);
  const queue: S[] = [from];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    if (at === to) break;
    for (const next of moves[at])
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
  }
  if (!cameFrom.has(to)) throw conflict(`A ${label.toLowerCase()} cannot go from ${from} to ${to}.`);
  const path: S[] = [];
  for (let at: S | null | undefined = to; at !== from && at != null; at = cameFrom.get(at)) path.unshift(at);
  return path;
}

/**
 * The clock's work on one kind of record: each record's next due work, from its state's `due`
 * entry.
 *
 * @param lifecycle - The lifecycle, with its `due` entries.
 * @returns The source the clock's queue reads.
 */
export function lifecycleDue<S extends string, R extends Stateful<S>>(
  lifecycle: Lifecycle<S, R>,
): DueSource<FakeState, R> {
  return {
    collection: lifecycle.collection,
    next: (state, scope, record) => lifecycle.due?.[record.status]?.({ state, scope, record }),
  };
}
