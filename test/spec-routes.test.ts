/**
 * The API's 20 routes, written out as the API reference lists them (method, path, and the names
 * of the query or body fields), against the operation tables that the client sends and the fake
 * answers. The property tests take method and path from those same tables, so a route mistyped
 * there would pass them; it cannot pass this table.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../src/catalog/catalog.js';
import type { Operation } from '../src/internal/operation.js';

/** `METHOD /path` → the names of its query (GET) or body fields, in the reference's order. */
const routes: Record<string, readonly string[]> = {
  'GET /payment-methods': ['status'],
  'PATCH /payment-methods/{id}': [
    'display_name',
    'required_confirmations',
    'min_amount_usd',
    'max_amount_usd',
    'is_default',
  ],
  'POST /payouts': [
    'recipient_address',
    'chain',
    'token',
    'amount',
    'currency',
    'description',
    'reference_type',
    'reference_id',
    'due_date',
  ],
  'GET /payouts': ['cursor', 'limit', 'status', 'due_date_before', 'due_date_after'],
  'PATCH /payouts/{id}': ['status', 'description', 'due_date'],
  'GET /payouts/settlements': ['cursor', 'limit', 'payout_intent_id', 'chain'],
  'POST /subscriptions': ['customer_id', 'plan_id', 'payment_method_id'],
  'PATCH /subscriptions/{id}': ['action'],
  'GET /subscriptions/plans': ['status'],
  'POST /subscriptions/entitlements': [
    'plan_id',
    'feature_key',
    'value_type',
    'value_boolean',
    'value_numeric',
    'value_string',
  ],
  'GET /subscriptions/entitlements': ['plan_id'],
  'PATCH /subscriptions/entitlements/{id}': ['value_type', 'value_boolean', 'value_numeric', 'value_string'],
  'DELETE /subscriptions/entitlements/{id}': [],
  'POST /payment-links': ['amount_usd', 'payment_method_id', 'description', 'expires_in_seconds'],
  'GET /payment-links': ['cursor', 'limit'],
  'POST /customers': ['email', 'name', 'external_id', 'metadata'],
  'GET /customers': ['offset', 'limit'],
  'GET /checkouts': ['cursor', 'limit', 'status'],
  'GET /revenue/events': ['cursor', 'limit', 'event_type', 'date_from', 'date_to'],
  'DELETE /webhooks/{id}': [],
};

/** The field names of an operation's params schema. */
function fieldsOf(operation: Operation): string[] {
  const def = operation.params?.()._zod.def as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(def?.shape ?? {});
}

/** Each distinct operation of the tables, once, by its route. */
const operations = new Map(catalog.map((entry) => [entry.route, entry.operation]));

describe('the operation tables against the API reference', () => {
  it('hold the 20 routes of the reference, and no other', () => {
    expect(Object.keys(routes)).toHaveLength(20);
    expect([...operations.keys()].sort()).toEqual(Object.keys(routes).sort());
  });

  it.each(Object.entries(routes))('%s takes exactly the fields of the reference', (route, fields) => {
    const operation = operations.get(route);
    expect(operation, `${route} is in no table`).toBeDefined();
    if (operation) expect(fieldsOf(operation).sort()).toEqual([...fields].sort());
  });

  it("sends an action's fixed fields in its route's body", () => {
    for (const entry of catalog.filter((e) => e.fixed !== undefined)) {
      expect(routes[entry.route]).toEqual(expect.arrayContaining(Object.keys(entry.fixed ?? {})));
    }
  });
});
