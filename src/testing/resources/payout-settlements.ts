import type { Chain } from '../../core/types.js';
import type { PayoutIntent } from '../../payouts/intent.js';
import type { PayoutSettlement } from '../../payouts/settlements.js';
import { payoutSettlementSpec } from '../../payouts/settlements.js';
import { blockTime, heightAt, newTxHash, type Transfer, treasuryAddress } from '../clock/chain.js';
import type { DueSource } from '../clock/scheduler.js';
import { conflict } from '../http/errors.js';
import type { Known, ResourceModule } from '../resource.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';
import type { FakeState, SideKey } from '../state/state.js';

/** The fake's settlement record: the wire shape, always with `chain` (the fake's choice). */
export type FakeSettlement = Known<PayoutSettlement, { chain: Chain }>;

/** The payout settlements of a scope. */
export const payoutSettlements: CollectionKey<FakeSettlement> = collectionKey('payoutSettlements');

/** Settlements of payouts sent on the chain, by id: their confirmations grow with its blocks. */
const onChain: SideKey<Set<string>> = { name: 'chainSettlements', create: () => new Set() };

/** Confirmations a settlement record starts with when nothing says otherwise. */
const defaultConfirmations = 20;

/**
 * The atomic amount a payout sends.
 *
 * @throws {FakeApiError} 409 when it has none (a seeded `amount_atomic: null`): no chain sends an
 *   amount it does not know in its token's smallest unit, and nothing settles as zero.
 */
export function sentAmount(payout: Pick<PayoutIntent, 'id' | 'amount_atomic'>): string {
  if (payout.amount_atomic === null)
    throw conflict(`Payout ${payout.id} has no amount_atomic, so it cannot be sent on-chain.`);
  return payout.amount_atomic;
}

/** What a settlement records of its payout. */
type Settled = Pick<
  PayoutIntent,
  'id' | 'expected_tx_hash' | 'recipient_address' | 'amount_atomic' | 'executed_at'
> & { chain: Chain };

/**
 * Records the settlement of a payout: its transfer from the organization's treasury to the
 * recipient, in the transaction it was expected in. On the chain (`transfer` given), in the block
 * after the one it was sent in, with the confirmations counted since, and growing with each block
 * from then on; moved by the one-step helpers, 20.
 */
export function recordSettlement(
  state: FakeState,
  scope: Scope,
  payout: Settled,
  now: string,
  transfer: Transfer | undefined,
): FakeSettlement {
  const blockNumber =
    transfer === undefined ? 1_000_000 + scope.of(payoutSettlements).size : transfer.sentAt + 1;
  const confirmations =
    transfer === undefined ? defaultConfirmations : heightAt(payout.chain, Date.parse(now)) - blockNumber + 1;
  const id = state.ids.id('payoutSettlement');
  if (transfer !== undefined) state.side(onChain).add(id);
  return state.insert(payoutSettlements, scope, {
    id,
    org_id: scope.org_id,
    payout_intent_id: payout.id,
    tx_hash: payout.expected_tx_hash ?? newTxHash(state.ids, payout.chain),
    log_index: 0,
    from_address: treasuryAddress(scope, payout.chain),
    to_address: payout.recipient_address,
    amount_atomic: sentAmount(payout),
    block_number: blockNumber,
    block_hash: newTxHash(state.ids, payout.chain),
    confirmations,
    confirmed_at: now,
    detected_at: payout.executed_at ?? now,
    created_at: now,
    chain: payout.chain,
  });
}

/**
 * The clock's work on settlements on the chain: at each new block, one more confirmation. Only
 * the latest block counts, so a move brings a settlement up to date once, at its end.
 */
const settlementsDue: DueSource<FakeState, FakeSettlement> = {
  collection: payoutSettlements,
  latest: true,
  next: (state, _scope, record) =>
    state.side(onChain).has(record.id)
      ? {
          at: blockTime(record.chain, record.block_number + record.confirmations),
          run: (to) => {
            const confirmations = heightAt(record.chain, to) - record.block_number + 1;
            record.confirmations = Math.max(record.confirmations, confirmations);
          },
        }
      : undefined,
};

/** Payout settlements: recorded when a payout settles, confirmed by the chain's blocks. */
export const payoutSettlementModule: ResourceModule = {
  collection: payoutSettlements,
  columns: payoutSettlementSpec.columns,
  due: settlementsDue,
};
