import { chainTokens } from '../../core/address.js';
import { toAtomicUnits } from '../../core/money.js';
import { type Chain, chains } from '../../core/types.js';
import type { Wire } from '../../internal/tie.js';
import {
  type PayoutIntent,
  type PayoutStatus,
  payoutIntentSchema,
  payoutStatuses,
} from '../../resources/payout-intent.js';
import type {
  PayoutCreateParams,
  PayoutListParams,
  PayoutUpdateParams,
} from '../../resources/payout-params.js';
import {
  type PayoutSettlementListParams,
  payoutSettlementOperations,
} from '../../resources/payout-settlements.js';
import { payoutOperations } from '../../resources/payouts.js';
import { randomAddress } from '../addresses.js';
import { conflict, invalid, notFound } from '../errors.js';
import { transition, walk } from '../lifecycle.js';
import type { FakePayout } from '../records.js';
import { type Route, type RouteContext, route } from '../route.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';
import { checkedFields, readBody } from '../validate.js';
import { payoutLifecycle, sentStatuses } from './payout-lifecycle.js';

/** A date-time as the fake stores it: normalized to UTC ISO 8601 (`null` and absence kept). */
function isoOrKeep<T extends null | undefined>(value: string | T): string | T {
  return typeof value === 'string' ? new Date(value).toISOString() : value;
}

function createPayout(state: FakeState, scope: Scope, params: Wire<PayoutCreateParams>): FakePayout {
  const now = state.now();
  const id = newId('payout');
  state.emit(scope, 'payout.created', id, payoutLifecycle.initial);
  return scope.payouts.insert({
    id,
    org_id: scope.org_id,
    recipient_address: params.recipient_address,
    chain: params.chain,
    token: params.token,
    amount: params.amount,
    amount_atomic: atomicOf(params.amount, params.token),
    currency: params.currency,
    status: payoutLifecycle.initial,
    description: params.description ?? null,
    reference_type: params.reference_type ?? null,
    reference_id: params.reference_id ?? null,
    due_date: isoOrKeep(params.due_date) ?? null,
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

/**
 * A payout amount in atomic units, exactly. The params schema has refused more decimals than the
 * token has; a number from 1e21 up prints in exponent form (`1e+21`), which toAtomicUnits refuses,
 * so its shortest round-trip digits are written out in full first (such a number is whole).
 */
function atomicOf(amount: number, token: FakePayout['token']): string {
  const [mantissa = '', exponent] = String(amount).split('e');
  if (exponent === undefined || Number(exponent) < 0) return toAtomicUnits(amount, token);
  const [whole = '', fraction = ''] = mantissa.split('.');
  return toAtomicUnits(whole + fraction.padEnd(Number(exponent), '0'), token);
}

function updatePayout(
  state: FakeState,
  scope: Scope,
  id: string,
  params: Wire<PayoutUpdateParams>,
): FakePayout {
  const payout = scope.payouts.get(id);
  if (!payout) throw notFound('payout intent', id);
  const { status, description } = params;
  const dueDate = isoOrKeep(params.due_date);
  if (status !== undefined && payout.status !== 'draft') {
    throw conflict(`Only a draft payout can be ${status}; ${id} is ${payout.status}.`);
  }
  if (description !== undefined) payout.description = description;
  if (dueDate !== undefined) payout.due_date = dueDate;
  payout.updated_at = state.now();
  if (status !== undefined) transition(payoutLifecycle, state, scope, payout, status);
  return payout;
}

function listPayouts({ scope, params, page }: RouteContext<Wire<PayoutListParams>>) {
  const status = params.status;
  const before = isoOrKeep(params.due_date_before);
  const after = isoOrKeep(params.due_date_after);
  return page(scope.payouts, (payout) => {
    if (status !== undefined && payout.status !== status) return false;
    if ((before || after) && payout.due_date === null) return false;
    if (before && payout.due_date !== null && !(payout.due_date < before)) return false;
    if (after && payout.due_date !== null && !(payout.due_date > after)) return false;
    return true;
  });
}

function listSettlements({ scope, params, page }: RouteContext<Wire<PayoutSettlementListParams>>) {
  const { payout_intent_id: payoutId, chain } = params;
  return page(
    scope.payoutSettlements,
    (record) =>
      (payoutId === undefined || record.payout_intent_id === payoutId) &&
      (chain === undefined || record.chain === chain),
  );
}

/** The payout endpoints (spec: Payouts). */
export const payoutRoutes: Route[] = [
  route(payoutSettlementOperations.list, (context) => ({ status: 200, body: listSettlements(context) })),
  route(payoutOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createPayout(state, scope, params),
  })),
  route(payoutOperations.list, (context) => ({ status: 200, body: listPayouts(context) })),
  route(payoutOperations.update, ({ state, scope, id, params }) => ({
    status: 200,
    body: updatePayout(state, scope, id, params),
  })),
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

/** The fields of a payout that `POST /payouts` takes: a seed reads them with its params schema. */
const createFields = [
  'recipient_address',
  'chain',
  'token',
  'amount',
  'currency',
  'description',
  'reference_type',
  'reference_id',
  'due_date',
] as const;

/** @returns The payout seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function payoutSeeds(state: FakeState, scopeOf: (apiKey?: string) => Scope): PayoutSeeds {
  return {
    payout: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      const { status = payoutLifecycle.initial, id: _id, org_id: _org, environment: _env, ...rest } = fields;
      if (!payoutStatuses.includes(status as PayoutStatus))
        throw invalid('status', `must be one of ${payoutStatuses.join(', ')}`);
      if (rest.amount_atomic === null && sentStatuses.includes(status as PayoutStatus))
        throw invalid(
          'amount_atomic',
          `must be set on a payout sent on-chain (${status}): it is what was sent`,
        );
      const chain = fields.chain ?? 'tron';
      const addressChain = (chains as readonly string[]).includes(chain) ? (chain as Chain) : 'tron';
      // What the API would have been sent, checked as it checks it; the rest is the record's own.
      const sent = Object.fromEntries(
        createFields.flatMap((name) => (name in fields ? [[name, fields[name]]] : [])),
      );
      const payout = createPayout(
        state,
        scope,
        readBody(payoutOperations.create, {
          recipient_address: randomAddress(addressChain),
          chain,
          token: chainTokens(addressChain)[0] ?? 'USDC', // USDT where the chain has it, else USDC
          amount: 10,
          currency: 'USD',
          ...sent,
        }),
      );
      Object.assign(payout, checkedFields(payoutIntentSchema(), payout, rest));
      return walk(payoutLifecycle, state, scope, payout, status as PayoutStatus);
    },
  };
}
