import type { PayoutIntent, PayoutStatus } from '../../payouts/intent.js';
import type { PayoutSettlement } from '../../payouts/settlements.js';
import { heightAt } from '../clock/chain.js';
import { conflict, invalid, optionsArgument, stringArgument } from '../http/errors.js';
import { transition, walk } from '../state/lifecycle.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';
import { type FakePayout, payoutLifecycle, payouts, payoutTransfers } from './payout-lifecycle.js';
import { type FakeSettlement, payoutSettlements } from './payout-settlements.js';

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
   * Sends an approved payout on-chain: `pending_execution`, then `executed` (`executed_at`,
   * `expected_tx_hash`), and from then on the fake's clock moves it (docs/testing.md: The chain on
   * the clock): the next block of its chain makes it `verifying`, the one after `settled`, with a
   * settlement record in the block after the one it was sent in, whose `confirmations` grow by one
   * with every block after.
   *
   * @param id - Payout id, prefix `po_`.
   * @returns The executed payout.
   * @throws {FakeApiError} 409 when the payout is not `approved` or `pending_execution`; 404 when missing.
   * @example
   * ```ts
   * fake.simulate.executePayout(payout.id);
   * fake.clock.advance({ seconds: 6 }); // two Tron blocks: verifying, then settled
   * ```
   */
  executePayout(id: string): PayoutIntent;
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

/** @returns The payout simulations bound to a state. */
export function payoutSimulations(state: FakeState): PayoutSimulations {
  const onChain = (id: string): { scope: Scope; record: FakePayout } => {
    const found = state.locate(payouts, id, 'payout intent');
    if (payoutLifecycle.moves[found.record.status].length === 0 || found.record.status === 'draft')
      throw conflict(`Payout ${id} is ${found.record.status}; only an approved payout moves on-chain.`);
    return found;
  };
  return {
    executePayout: (id) => {
      const { scope, record } = state.locate(payouts, id, 'payout intent');
      if (record.status !== 'approved' && record.status !== 'pending_execution')
        throw conflict(`Payout ${id} is ${record.status}; only an approved payout can be executed.`);
      walk(payoutLifecycle, state, scope, record, 'executed');
      state.side(payoutTransfers).set(id, { sentAt: heightAt(record.chain, state.clock.now().getTime()) });
      state.schedule(payouts, scope, record); // its blocks are due from now on
      return record;
    },
    advancePayout: (id) => {
      const { scope, record } = onChain(id);
      const next = payoutLifecycle.moves[record.status].find((to) => to !== 'failed') as PayoutStatus;
      return transition(payoutLifecycle, state, scope, record, next);
    },
    settlePayout: (id, given) => {
      const options = optionsArgument(given, 'options');
      const { confirmations } = options;
      if (confirmations !== undefined && !(Number.isSafeInteger(confirmations) && confirmations >= 1))
        throw invalid('confirmations', `must be a whole number of at least 1, got ${String(confirmations)}`);
      const { scope, record } = onChain(id);
      walk(payoutLifecycle, state, scope, record, 'settled');
      const settlement = scope
        .of(payoutSettlements)
        .all()
        .find((r) => r.payout_intent_id === id) as FakeSettlement;
      if (confirmations !== undefined) {
        settlement.confirmations = confirmations;
        state.schedule(payoutSettlements, scope, settlement); // its next confirmation moves with it
      }
      return settlement;
    },
    failPayout: (id, reason = 'execution_failed') => {
      stringArgument(reason, 'reason');
      const { scope, record } = state.locate(payouts, id, 'payout intent');
      if (!payoutLifecycle.moves[record.status].includes('failed'))
        throw conflict(`Payout ${id} is ${record.status}; only an approved or executing payout can fail.`);
      return transition(payoutLifecycle, state, scope, record, 'failed', {
        fields: { failure_reason: reason },
      });
    },
  };
}
