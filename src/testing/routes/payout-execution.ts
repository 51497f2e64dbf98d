import type { PayoutSettlement } from '../../resources/payout-settlements.js';
import type { PayoutIntent, PayoutStatus } from '../../resources/payouts.js';
import { conflict } from '../errors.js';
import { type FakeState, newId, randomHash, type Scope } from '../state.js';
import { type FakePayout, type FakeSettlement, settlementsOf } from './payouts.js';

/** The path an approved payout takes on-chain (the fake's choice; the spec leaves it "not shown"). */
const executionPath: readonly PayoutStatus[] = [
  'approved',
  'pending_execution',
  'executed',
  'verifying',
  'settled',
];

/** Moves payouts the way execution on-chain would (`fake.simulate`). */
export interface PayoutSimulations {
  /**
   * Moves an approved payout one step along `approved → pending_execution → executed → verifying
   * → settled`, recording `executed_at` and `expected_tx_hash`, then `verified_at`; reaching
   * `settled` creates its settlement record.
   *
   * @param id - Payout id, prefix `po_`, in any organization or environment of the fake.
   * @returns The payout after the step.
   * @throws {FakeApiError} 409 when the payout is not on that path (a draft, canceled, failed or
   *   settled payout); 404 when there is no such payout.
   */
  advancePayout(id: string): PayoutIntent;
  /**
   * Carries an approved (or executing) payout all the way to `settled`, as the chain would.
   *
   * @param id - Payout id, prefix `po_`.
   * @param options - `confirmations` to record on the settlement (default 20).
   * @returns The payout's settlement record, as `payouts.settlements.list` will return it.
   * @throws {FakeApiError} 409 when the payout is not approved or executing; 404 when missing.
   * @example
   * ```ts
   * const approved = await chainbill.payouts.approve(payout.id);
   * const settlement = fake.simulate.settlePayout(approved.id);
   * ```
   */
  settlePayout(id: string, options?: { confirmations?: number }): PayoutSettlement;
  /**
   * Fails an approved or executing payout, recording `failure_reason` and `failed_at`.
   *
   * @param id - Payout id, prefix `po_`.
   * @param reason - The `failure_reason` to record (default `execution_failed`).
   * @returns The failed payout.
   * @throws {FakeApiError} 409 when the payout is not approved or executing; 404 when missing.
   */
  failPayout(id: string, reason?: string): PayoutIntent;
}

/** @returns The payout simulations bound to the fake's state. */
export function payoutSimulations(state: FakeState): PayoutSimulations {
  const advance = (id: string): { scope: Scope; record: FakePayout } => {
    const found = state.locate<FakePayout>('payouts', id, 'payout intent');
    const payout = found.record;
    const step = executionPath.indexOf(payout.status as PayoutStatus);
    if (step === -1 || step === executionPath.length - 1) {
      throw conflict(`Payout ${id} is ${payout.status}; only an approved payout moves on-chain.`);
    }
    const now = state.now();
    payout.status = executionPath[step + 1] as PayoutStatus;
    if (payout.status === 'executed')
      Object.assign(payout, { executed_at: now, expected_tx_hash: randomHash() });
    if (payout.status === 'settled') payout.verified_at = now;
    payout.updated_at = now;
    if (payout.status === 'settled') recordSettlement(state, found.scope, payout, 20);
    state.emit(found.scope, `payout.${payout.status as Exclude<PayoutStatus, 'draft'>}`, id, payout.status);
    return found;
  };
  return {
    advancePayout: (id) => advance(id).record,
    settlePayout: (id, options = {}) => {
      let found = advance(id);
      while (found.record.status !== 'settled') found = advance(id);
      const record = settlementsOf(found.scope)
        .all()
        .find((r) => r.payout_intent_id === id) as FakeSettlement; // created by the last step
      if (options.confirmations !== undefined) record.confirmations = options.confirmations;
      return record;
    },
    failPayout: (id, reason = 'execution_failed') => {
      const { scope, record: payout } = state.locate<FakePayout>('payouts', id, 'payout intent');
      if (!['approved', 'pending_execution', 'executed', 'verifying'].includes(payout.status)) {
        throw conflict(`Payout ${id} is ${payout.status}; only an approved or executing payout can fail.`);
      }
      const now = state.now();
      Object.assign(payout, { status: 'failed', failed_at: now, failure_reason: reason, updated_at: now });
      state.emit(scope, 'payout.failed', id, 'failed');
      return payout;
    },
  };
}

function recordSettlement(state: FakeState, scope: Scope, payout: FakePayout, confirmations: number): void {
  const now = state.now();
  settlementsOf(scope).insert({
    id: newId('payoutSettlement'),
    org_id: scope.org_id,
    payout_intent_id: payout.id,
    tx_hash: payout.expected_tx_hash ?? randomHash(),
    log_index: 0,
    from_address: 'fake_treasury_wallet',
    to_address: payout.recipient_address,
    amount_atomic: payout.amount_atomic ?? '0',
    block_number: 1_000_000 + settlementsOf(scope).size,
    block_hash: randomHash(),
    confirmations,
    confirmed_at: now,
    detected_at: payout.executed_at ?? now,
    created_at: now,
    chain: payout.chain,
  });
}
