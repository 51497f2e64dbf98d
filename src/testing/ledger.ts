import type { FakeRevenueEvent } from './records.js';
import type { Scope } from './scope.js';
import { newId } from './state.js';

/**
 * Appends a money-affecting event to the scope's ledger. Used by
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
  return scope.revenueEvents.insert({
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
