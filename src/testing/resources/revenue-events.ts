import type { RevenueEventType } from '../../revenue-events/event.js';
import { revenueEventSchema, revenueEventSpec, revenueEventTypes } from '../../revenue-events/event.js';
import { type ResourceModule, seedsFrom } from '../resource.js';
import { dateTimeValue, enumValue } from '../seed/validate.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

/** Revenue event kinds (spec: Revenue event, list filter `event_type`): the SDK's {@link RevenueEventType}. */
export type FakeRevenueEventType = RevenueEventType;

/**
 * A revenue event as the fake stores and serves it: the spec's fields, plus `event_type` (the
 * fake's choice: the spec does not show whether events carry it) and `null` for the ids that do
 * not apply to the event.
 */
export interface FakeRevenueEvent {
  /** Identifier, prefix `rev_`. */
  id: string;
  /** Organization the event belongs to. */
  org_id: string;
  /** What happened, for example `checkout_confirmed` or `subscription_charged`. */
  event_type: FakeRevenueEventType;
  /** Amount in token units (≈ USD). */
  amount: number;
  /** Currency code, for example `USD`. */
  currency: string;
  /** The checkout that produced the event, or `null`. */
  checkout_id: string | null;
  /** The subscription that produced the event, or `null`. */
  subscription_id: string | null;
  /** The paying customer, or `null`. */
  customer_id: string | null;
  /** The renewal that produced the event, or `null`. */
  renewal_id: string | null;
  /** The adjustment that produced the event, or `null`. */
  adjustment_id: string | null;
  /** On-chain transaction hash, or `null` when nothing moved on chain. */
  tx_hash: string | null;
  /** Free text, or `null`. */
  description: string | null;
  /** When the event happened (ISO 8601, the fake clock's time). */
  occurred_at: string;
  /** When the event was recorded (ISO 8601). */
  created_at: string;
}

/** The revenue ledger of a scope. */
export const revenueEvents: CollectionKey<FakeRevenueEvent> = collectionKey('revenueEvents');

/**
 * Appends a money-affecting event to the scope's ledger (a confirmed checkout, a charged renewal,
 * a seed); ids are prefixed `rev_`.
 *
 * @param state - The fake's state.
 * @param scope - The organization and environment.
 * @param fields - Event type, amount, currency and the ids that apply.
 */
export function recordRevenueEvent(
  state: FakeState,
  scope: Scope,
  fields: Pick<FakeRevenueEvent, 'event_type' | 'amount' | 'currency'> & Partial<FakeRevenueEvent>,
): FakeRevenueEvent {
  const now = state.now();
  return state.insert(revenueEvents, scope, {
    id: state.ids.id('revenueEvent'),
    org_id: scope.org_id,
    checkout_id: null,
    subscription_id: null,
    customer_id: null,
    renewal_id: null,
    adjustment_id: null,
    tx_hash: null,
    description: null,
    occurred_at: now,
    created_at: now,
    ...fields,
  });
}

/** Adds entries to the revenue ledger directly (`fake.seed`), for tests. */
export interface RevenueEventSeeds {
  /**
   * Appends an event to the ledger of the key's organization (default: the fake's sandbox key).
   * Defaults: `event_type` `adjustment_credit`, `amount` 10, `currency` `USD`, `occurred_at` and
   * `created_at` the fake clock's now, every id `null`. Events list in the order they are added,
   * newest first, whatever their `occurred_at`.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored event.
   * @throws {FakeApiError} 400 on an unknown `event_type` or a malformed `occurred_at`.
   */
  revenueEvent(fields?: Partial<FakeRevenueEvent>, options?: { apiKey?: string }): FakeRevenueEvent;
}

const revenueEventSeeds = seedsFrom<RevenueEventSeeds>({
  revenueEvent: (state, scope, fields) => {
    const eventType = enumValue(fields, 'event_type', revenueEventTypes, false) ?? 'adjustment_credit';
    const occurredAt = dateTimeValue(fields, 'occurred_at') ?? state.now();
    const { id: _id, org_id: _org, ...rest } = fields;
    return recordRevenueEvent(state, scope, {
      amount: 10,
      currency: 'USD',
      ...rest,
      event_type: eventType,
      occurred_at: occurredAt,
    });
  },
});

/** The revenue ledger: seeded, and written by confirmed checkouts and charged renewals. */
export const revenueEventModule: ResourceModule = {
  collection: revenueEvents,
  columns: revenueEventSpec.columns,
  seeds: revenueEventSeeds,
  seedFile: { list: 'revenue_events', seed: 'revenueEvent', schema: revenueEventSchema },
};
