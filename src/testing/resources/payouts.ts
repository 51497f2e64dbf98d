import { toAtomicUnits } from '../../core/money.js';
import { type Chain, chains } from '../../core/types.js';
import { paramNames } from '../../internal/operation.js';
import type { Wire } from '../../internal/tie.js';
import { chainTokens } from '../../payouts/address.js';
import {
  type PayoutIntent,
  type PayoutStatus,
  payoutIntentSchema,
  payoutStatuses,
} from '../../payouts/intent.js';
import { payoutOperations } from '../../payouts/operations.js';
import type { PayoutCreateParams } from '../../payouts/params.js';
import { payoutSpec } from '../../payouts/spec.js';
import { invalid } from '../http/errors.js';
import { type ResourceModule, seedsFrom } from '../resource.js';
import { checkedFields, readBody } from '../seed/validate.js';
import { newAddress, randomAddress } from '../state/addresses.js';
import { lifecycleDue, walk } from '../state/lifecycle.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';
import { type FakePayout, payoutLifecycle, payouts, sentStatuses } from './payout-lifecycle.js';
import { payoutSimulations } from './payout-simulations.js';

/** A date-time as the fake stores it: normalized to UTC ISO 8601 (`null` and absence kept). */
export function isoOrKeep<T extends null | undefined>(value: string | T): string | T {
  return typeof value === 'string' ? new Date(value).toISOString() : value;
}

/** Stores a draft payout as `POST /payouts` creates it, from params its schema has read. */
export function createPayout(state: FakeState, scope: Scope, params: Wire<PayoutCreateParams>): FakePayout {
  const now = state.now();
  const id = state.ids.id('payout');
  state.emit(scope, 'payout.created', id, payoutLifecycle.initial);
  return state.insert(payouts, scope, {
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

/**
 * One address of each chain, made once, that a seed's params are checked with when the fake picks
 * the recipient: the address check remembers it, where a new random one would cost two hashes.
 */
const checkedAddresses = new Map<Chain, string>();
function checkedAddress(chain: Chain): string {
  let address = checkedAddresses.get(chain);
  if (address === undefined) {
    address = randomAddress(chain);
    checkedAddresses.set(chain, address);
  }
  return address;
}

const payoutSeeds = seedsFrom<PayoutSeeds>({
  payout: (state, scope, fields) => {
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
    const sent: Record<string, unknown> = {};
    for (const name of paramNames(payoutOperations.create))
      if (name in fields) sent[name] = (fields as Record<string, unknown>)[name];
    const params = readBody(payoutOperations.create, {
      recipient_address: checkedAddress(addressChain),
      chain,
      token: chainTokens(addressChain)[0] ?? 'USDC', // USDT where the chain has it, else USDC
      amount: 10,
      currency: 'USD',
      ...sent,
    });
    // A recipient the fake picks is valid by construction: a new one is stored, not checked again.
    const recipient =
      'recipient_address' in sent ? {} : { recipient_address: newAddress(state.ids, addressChain) };
    const payout = createPayout(state, scope, { ...params, ...recipient });
    Object.assign(payout, checkedFields(payoutIntentSchema(), payout, rest));
    return walk(payoutLifecycle, state, scope, payout, status as PayoutStatus);
  },
});

/** Payouts: created and approved by the API, seeded in any state, executed on the chain. */
export const payoutModule: ResourceModule = {
  collection: payouts,
  columns: payoutSpec.columns,
  due: lifecycleDue(payoutLifecycle),
  seeds: payoutSeeds,
  seedFile: { list: 'payouts', seed: 'payout', schema: payoutIntentSchema },
  simulations: payoutSimulations,
};
