import type { PayoutStatus } from '../../resources/payout-intent.js';
import { blockTime, heightAt, randomTxHash, treasuryAddress } from '../chain.js';
import { conflict } from '../errors.js';
import { type DueWork, dueSource, type Lifecycle, type Moving, transition } from '../lifecycle.js';
import type { FakePayout, FakeSettlement } from '../records.js';
import type { DueSource } from '../schedule.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';

/** The user recorded as `approved_by` when a payout is approved through the API with a key. */
export const apiApprover = 'api_key';

/** Confirmations a settlement record starts with when nothing says otherwise. */
const defaultConfirmations = 20;

/**
 * A payout's lifecycle (spec: States and transitions, Payout intent). The API moves a `draft` to
 * `approved` or `canceled`; past `approved` the spec says nothing, and the fake's choice is the
 * chain's way: `pending_execution` → `executed` → `verifying` → `settled`, or `failed` from any of
 * them. Entering `settled` records the settlement.
 */
export const payoutLifecycle: Lifecycle<PayoutStatus, FakePayout> = {
  label: 'Payout',
  initial: 'draft',
  moves: {
    draft: ['approved', 'canceled'],
    approved: ['pending_execution', 'failed'],
    pending_execution: ['executed', 'failed'],
    executed: ['verifying', 'failed'],
    verifying: ['settled', 'failed'],
    settled: [],
    failed: [],
    canceled: [],
  },
  events: {
    approved: 'payout.approved',
    canceled: 'payout.canceled',
    pending_execution: 'payout.pending_execution',
    executed: 'payout.executed',
    verifying: 'payout.verifying',
    settled: 'payout.settled',
    failed: 'payout.failed',
  },
  // A stamp keeps a value already there: a seeded record's own times survive its walk.
  stamps: {
    pending_execution: ({ record }) => {
      sentAmount(record); // refused before anything moves
      return {};
    },
    approved: ({ record, now }) => ({
      approved_at: record.approved_at ?? now,
      approved_by: record.approved_by ?? apiApprover,
    }),
    canceled: ({ record, now }) => ({ canceled_at: record.canceled_at ?? now }),
    executed: ({ record, now }) => ({
      executed_at: record.executed_at ?? now,
      expected_tx_hash: record.expected_tx_hash ?? randomTxHash(record.chain),
    }),
    settled: ({ record, now }) => ({ verified_at: record.verified_at ?? now }),
    failed: ({ record, now }) => ({
      failed_at: record.failed_at ?? now,
      failure_reason: record.failure_reason ?? 'execution_failed',
    }),
  },
  effects: {
    settled: ({ state, scope, record, now }) => {
      recordSettlement(state, scope, record, now);
      return undefined;
    },
  },
  // A payout on the chain (`simulate.executePayout`): its first block makes it `verifying`, the next
  // `settled`. One moved by the one-step helpers has no blocks.
  due: {
    executed: (moving) => block(moving, 1, 'verifying'),
    verifying: (moving) => block(moving, 2, 'settled'),
  },
};

/** The statuses of a payout sent on-chain: each needs the amount in atomic units. */
export const sentStatuses: readonly PayoutStatus[] = [
  'pending_execution',
  'executed',
  'verifying',
  'settled',
];

/**
 * The atomic amount a payout sends.
 *
 * @throws {FakeApiError} 409 when it has none (a seeded `amount_atomic: null`): no chain sends an
 *   amount it does not know in its token's smallest unit, and nothing settles as zero.
 */
function sentAmount(payout: FakePayout): string {
  if (payout.amount_atomic === null)
    throw conflict(`Payout ${payout.id} has no amount_atomic, so it cannot be sent on-chain.`);
  return payout.amount_atomic;
}

/** The block `blocks` after the payout's transfer was sent, when it moves to `to`. */
function block(
  { state, scope, record }: Omit<Moving<FakePayout>, 'now'>,
  blocks: number,
  to: PayoutStatus,
): DueWork | undefined {
  const transfer = state.transfers.get(record.id);
  if (transfer === undefined) return undefined;
  return {
    at: blockTime(record.chain, transfer.sentAt + blocks),
    run: () => transition(payoutLifecycle, state, scope, record, to),
  };
}

/**
 * The confirmations of every settlement of a payout on the chain, as of `ms`: one for the block
 * that holds the transfer, one for each block since (the clock calls it after every move).
 *
 * @param state - The fake's state.
 * @param ms - The clock's time.
 */
export function refreshSettlements(state: FakeState, ms: number): void {
  if (state.transfers.size === 0) return;
  for (const scope of state.scopes())
    for (const settlement of scope.payoutSettlements.all())
      if (state.transfers.has(settlement.payout_intent_id))
        settlement.confirmations = Math.max(
          settlement.confirmations,
          heightAt(settlement.chain, ms) - settlement.block_number + 1,
        );
}

/**
 * Records the settlement of a payout: its transfer from the organization's treasury to the
 * recipient, in the transaction it was expected in. On the chain, in the block after the one it
 * was sent in, with the confirmations counted since; moved by the one-step helpers, 20.
 */
function recordSettlement(state: FakeState, scope: Scope, payout: FakePayout, now: string): FakeSettlement {
  const transfer = state.transfers.get(payout.id);
  const blockNumber = transfer === undefined ? 1_000_000 + scope.payoutSettlements.size : transfer.sentAt + 1;
  const confirmations =
    transfer === undefined ? defaultConfirmations : heightAt(payout.chain, Date.parse(now)) - blockNumber + 1;
  return scope.payoutSettlements.insert({
    id: newId('payoutSettlement'),
    org_id: scope.org_id,
    payout_intent_id: payout.id,
    tx_hash: payout.expected_tx_hash ?? randomTxHash(payout.chain),
    log_index: 0,
    from_address: treasuryAddress(scope, payout.chain),
    to_address: payout.recipient_address,
    amount_atomic: sentAmount(payout),
    block_number: blockNumber,
    block_hash: randomTxHash(payout.chain),
    confirmations,
    confirmed_at: now,
    detected_at: payout.executed_at ?? now,
    created_at: now,
    chain: payout.chain,
  });
}

/** The clock's work on payouts: the next block of each one on the chain. */
export const payoutsDue: DueSource = dueSource(payoutLifecycle, (scope) => scope.payouts);
