import { toAtomicUnits } from '../../core/money.js';
import { type Chain, chains, type Token, tokens } from '../../core/types.js';
import type { PayoutSettlement } from '../../resources/payout-settlements.js';
import {
  type PayoutIntent,
  type PayoutStatus,
  payoutReferenceTypes,
  payoutStatuses,
  payoutUpdateStatuses,
} from '../../resources/payouts.js';
import type { Collection } from '../collection.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { Route } from '../router.js';
import { type FakeState, newId, type Scope } from '../state.js';
import {
  dateTimeValue,
  enumValue,
  type Fields,
  idValue,
  numberValue,
  onlyFields,
  optionalString,
  requiredString,
} from '../validate.js';

/** The fake's payout record: the wire shape, with `chain` and `token` known. */
export type FakePayout = PayoutIntent & { chain: Chain; token: Token };
/** The fake's settlement record: the wire shape, always with `chain` (the fake's choice). */
export type FakeSettlement = PayoutSettlement & { chain: Chain };

const payoutsOf = (scope: Scope) => scope.collection<FakePayout>('payouts');
/** The settlement records of a scope (collection `payout_settlements`). */
export function settlementsOf(scope: Scope): Collection<FakeSettlement> {
  return scope.collection<FakeSettlement>('payout_settlements');
}

/** The user recorded as `approved_by` when a payout is approved through the API with a key. */
export const apiApprover = 'api_key';

function createPayout(state: FakeState, scope: Scope, body: Fields): FakePayout {
  onlyFields(body, [
    'recipient_address',
    'chain',
    'token',
    'amount',
    'currency',
    'description',
    'reference_type',
    'reference_id',
    'due_date',
  ]);
  const token = enumValue(body, 'token', tokens, true) as FakePayout['token'];
  const amount = numberValue(body, 'amount', { required: true, min: 0.01 }) as number;
  const now = state.now();
  return payoutsOf(scope).insert({
    id: newId('po_'),
    org_id: scope.org_id,
    recipient_address: requiredString(body, 'recipient_address'),
    chain: enumValue(body, 'chain', chains, true) as FakePayout['chain'],
    token,
    amount,
    amount_atomic: atomicOrNull(amount, token),
    currency: requiredString(body, 'currency'),
    status: 'draft',
    description: optionalString(body, 'description', { maxLength: 512, nullable: true }) ?? null,
    reference_type: enumValue(body, 'reference_type', payoutReferenceTypes, false) ?? null,
    reference_id: optionalString(body, 'reference_id', { nullable: true }) ?? null,
    due_date: dateTimeValue(body, 'due_date', true) ?? null,
    approved_at: null,
    approved_by: null,
    executed_at: null,
    expected_tx_hash: null,
    verified_at: null,
    failed_at: null,
    canceled_at: null,
    failure_reason: null,
    environment: scope.environment,
    created_at: now,
    updated_at: now,
  });
}

function atomicOrNull(amount: number, token: FakePayout['token']): string | null {
  try {
    return toAtomicUnits(amount, token);
  } catch {
    return null; // more decimals than the token has: the service cannot know the atomic amount
  }
}

function updatePayout(state: FakeState, scope: Scope, id: string, body: Fields): FakePayout {
  onlyFields(body, ['status', 'description', 'due_date']);
  const payout = payoutsOf(scope).get(id);
  if (!payout) throw notFound('payout intent', id);
  const status = enumValue(body, 'status', payoutUpdateStatuses, false);
  const description = optionalString(body, 'description', { maxLength: 512, nullable: true });
  const dueDate = dateTimeValue(body, 'due_date', true);
  if (status !== undefined && payout.status !== 'draft') {
    throw conflict(`Only a draft payout can be ${status}; ${id} is ${payout.status}.`);
  }
  const now = state.now();
  if (status === 'approved') Object.assign(payout, { status, approved_at: now, approved_by: apiApprover });
  if (status === 'canceled') Object.assign(payout, { status, canceled_at: now });
  if (description !== undefined) payout.description = description;
  if (dueDate !== undefined) payout.due_date = dueDate;
  payout.updated_at = now;
  return payout;
}

function listPayouts(scope: Scope, query: Fields) {
  onlyFields(query, ['status', 'due_date_before', 'due_date_after', 'limit', 'cursor']);
  const status = enumValue(query, 'status', payoutStatuses, false);
  const before = dateTimeValue(query, 'due_date_before');
  const after = dateTimeValue(query, 'due_date_after');
  return payoutsOf(scope).page(query, (payout) => {
    if (status !== undefined && payout.status !== status) return false;
    if ((before || after) && payout.due_date === null) return false;
    if (before && payout.due_date !== null && !(payout.due_date < before)) return false;
    if (after && payout.due_date !== null && !(payout.due_date > after)) return false;
    return true;
  });
}

function listSettlements(scope: Scope, query: Fields) {
  onlyFields(query, ['payout_intent_id', 'chain', 'limit', 'cursor']);
  const payoutId = idValue(query, 'payout_intent_id', 'po_');
  const chain = enumValue(query, 'chain', chains, false);
  return settlementsOf(scope).page(
    query,
    (record) =>
      (payoutId === undefined || record.payout_intent_id === payoutId) &&
      (chain === undefined || record.chain === chain),
  );
}

/** The payout endpoints (spec: Payouts). */
export const payoutRoutes: Route[] = [
  {
    method: 'GET',
    path: '/payouts/settlements',
    handle: ({ scope, query }) => ({ status: 200, body: listSettlements(scope, query) }),
  },
  {
    method: 'POST',
    path: '/payouts',
    handle: ({ state, scope, body }) => ({ status: 201, body: createPayout(state, scope, body) }),
  },
  {
    method: 'GET',
    path: '/payouts',
    handle: ({ scope, query }) => ({ status: 200, body: listPayouts(scope, query) }),
  },
  {
    method: 'PATCH',
    path: '/payouts/{id}',
    handle: ({ state, scope, params, body }) => ({
      status: 200,
      body: updatePayout(state, scope, params['id'] ?? '', body),
    }),
  },
];

/** Creates payouts directly (`fake.seed`), in any state, for tests. */
export interface PayoutSeeds {
  /**
   * Adds a payout to the key's organization without a request, in any state (a `settled` payout,
   * one due yesterday, …). Fields not given get the values `POST /payouts` would give.
   *
   * @param fields - Any fields of the payout; `id`, `org_id` and `environment` come from the fake.
   * @param options - `apiKey`: whose organization and environment (default: `fake.apiKey`).
   * @returns The stored payout, as the API will return it.
   * @throws {FakeApiError} 400 on an unknown `status`.
   * @example
   * ```ts
   * fake.seed.payout({ status: 'approved', amount: 125.5, due_date: '2026-12-01T00:00:00Z' });
   * ```
   */
  payout(fields?: Partial<PayoutIntent>, options?: { apiKey?: string }): PayoutIntent;
}

/** @returns The payout seeds bound to the fake's state; `defaultScope` gives the scope of a key. */
export function payoutSeeds(state: FakeState, scopeOf: (apiKey?: string) => Scope): PayoutSeeds {
  return {
    payout: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      const base = createPayout(state, scope, {
        recipient_address: fields.recipient_address ?? 'TFakeRecipientAddress000000000000',
        chain: fields.chain ?? 'tron',
        token: fields.token ?? 'USDT',
        amount: fields.amount ?? 10,
        currency: fields.currency ?? 'USD',
      });
      if (fields.status !== undefined && !payoutStatuses.includes(fields.status as PayoutStatus)) {
        throw invalid('status', `must be one of ${payoutStatuses.join(', ')}`);
      }
      return Object.assign(base, fields, { id: base.id, org_id: base.org_id, environment: base.environment });
    },
  };
}
