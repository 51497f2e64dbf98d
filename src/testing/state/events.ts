import type { Environment } from '../../core/types.js';
import { History } from './history.js';

/**
 * What changed, by object and change. Subscriptions: `created`, `trial_ended`, `renewed` (a
 * period charged), `renewal_failed` (a charge or a retry failed: `past_due`), `cancel_scheduled`
 * (`cancel_at_period_end` set), `canceled`, `expired`, `paused`, `resumed`. Checkouts: `created`,
 * `detected`, `confirming`, `confirmed`, `expired`, `failed`. Payment links: `created`, `expired`.
 * Payouts: `created`, and one per status reached (`approved`, `canceled`, `pending_execution`,
 * `executed`, `verifying`, `settled`, `failed`).
 */
export type FakeEventType =
  | 'subscription.created'
  | 'subscription.trial_ended'
  | 'subscription.renewed'
  | 'subscription.renewal_failed'
  | 'subscription.cancel_scheduled'
  | 'subscription.canceled'
  | 'subscription.expired'
  | 'subscription.paused'
  | 'subscription.resumed'
  | 'checkout.created'
  | 'checkout.detected'
  | 'checkout.confirming'
  | 'checkout.confirmed'
  | 'checkout.expired'
  | 'checkout.failed'
  | 'payment_link.created'
  | 'payment_link.expired'
  | 'payout.created'
  | 'payout.approved'
  | 'payout.canceled'
  | 'payout.pending_execution'
  | 'payout.executed'
  | 'payout.verifying'
  | 'payout.settled'
  | 'payout.failed';

/**
 * One change the fake made, through the API, a simulation or the clock (`fake.events`). The fake's
 * own record for tests: the spec has no events API, so nothing here is a wire shape.
 */
export interface FakeEvent {
  /** Position among every change since the fake was made (or last reset), from 1; it stays when older events are dropped. */
  sequence: number;
  /** What changed, for example `subscription.renewed`. */
  type: FakeEventType;
  /** When it happened on the fake clock (ISO 8601): a renewal's time is its period end. */
  at: string;
  /** The object that changed: `sub_…`, `co_…`, `pl_…` or `po_…`. */
  objectId: string;
  /** Its organization. */
  orgId: string;
  /** Its environment. */
  environment: Environment;
  /** The object's status after the change, or `null` for an object without one (a payment link). */
  status: string | null;
  /** The revenue event the change recorded (`rev_…`), for a renewal or a confirmed checkout. */
  revenueEventId?: string;
  /** For `renewal_failed`: which attempt failed, 1 for the renewal itself, 2 for the first retry. */
  attempt?: number;
  /** What made it happen: `api` (a request), `simulate`, `seed` or `clock` (`advance`, `set`). */
  cause: FakeEventCause;
}

/** What made a change: a request to the API, `fake.simulate`, `fake.seed` or the clock. */
export type FakeEventCause = 'api' | 'simulate' | 'seed' | 'clock';

/** The scope a change happened in: its organization and environment. */
export interface EventScope {
  readonly org_id: string;
  readonly environment: Environment;
}

/**
 * The fake's story, in order, and who is adding to it now: the last `historyLimit` changes are
 * kept (`fake.events` is {@link History.list}); `sequence` counts them all.
 */
export class EventLog extends History<FakeEvent> {
  /** The cause of the changes being made now: set by whoever enters the fake. */
  cause: FakeEventCause = 'api';
  readonly #watchers = new Set<(event: FakeEvent) => void>();

  /**
   * Records a change.
   *
   * @param at - Fake clock time, ISO 8601.
   * @returns The event.
   */
  emit(
    scope: EventScope,
    type: FakeEventType,
    objectId: string,
    status: string | null,
    at: string,
    extra: Pick<FakeEvent, 'revenueEventId' | 'attempt'> = {},
  ): FakeEvent {
    const event: FakeEvent = {
      sequence: this.total + 1,
      type,
      at,
      objectId,
      orgId: scope.org_id,
      environment: scope.environment,
      status,
      ...extra,
      cause: this.cause,
    };
    this.push(event);
    for (const watcher of this.#watchers) watcher(event);
    return event;
  }

  /**
   * Calls `watcher` with each change recorded from now on (a clock move sums up its own, whatever
   * the log keeps).
   *
   * @returns A function that stops the calls.
   */
  watch(watcher: (event: FakeEvent) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /**
   * Runs `work` with `cause` as the cause of what it changes.
   *
   * @returns What `work` returns.
   */
  as<T>(cause: FakeEventCause, work: () => T): T {
    const outer = this.cause;
    this.cause = cause;
    try {
      return work();
    } finally {
      this.cause = outer;
    }
  }
}
