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
  id: string;
  org_id: string;
  event_type: FakeRevenueEventType;
  amount: number;
  currency: string;
  checkout_id: string | null;
  subscription_id: string | null;
  customer_id: string | null;
  renewal_id: string | null;
  adjustment_id: string | null;
  tx_hash: string | null;
  description: string | null;
  occurred_at: string;
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
    id: newId('rev_'),
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
