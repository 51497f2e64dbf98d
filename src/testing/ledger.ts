import type { RevenueEventType } from '../resources/revenue-events.js';
import type { Scope } from './state.js';
import { newId } from './state.js';

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

/**
 * Appends a money-affecting event to the scope's ledger (collection `revenue_events`). Used by
 * the checkout and subscription simulations; ids are prefixed `rev_`.
 *
 * @param scope - The organization and environment.
 * @param now - The fake clock's time, ISO 8601.
 * @param fields - Event type, amount, currency and the ids that apply.
 */
export function recordRevenueEvent(
  scope: Scope,
  now: string,
  fields: Pick<FakeRevenueEvent, 'event_type' | 'amount' | 'currency'> & Partial<FakeRevenueEvent>,
): FakeRevenueEvent {
  return scope.collection<FakeRevenueEvent>('revenue_events').insert({
    id: newId('revenueEvent'),
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
