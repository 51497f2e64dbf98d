import type { Chain, Token } from '../../core/types.js';
import type { PayoutIntent, PayoutStatus } from '../../payouts/intent.js';
import { blockTime, newTxHash, type Transfer } from '../clock/chain.js';
import type { DueWork } from '../clock/scheduler.js';
import type { Known } from '../resource.js';
import { type Lifecycle, type Moving, transition } from '../state/lifecycle.js';
import { type CollectionKey, collectionKey } from '../state/scope.js';
import type { SideKey } from '../state/state.js';
import { recordSettlement, sentAmount } from './payout-settlements.js';

/** The fake's payout record: the wire shape, with `chain`, `token` and `status` known. */
export type FakePayout = Known<PayoutIntent, { chain: Chain; token: Token; status: PayoutStatus }>;

/** The payouts of a scope. */
export const payouts: CollectionKey<FakePayout> = collectionKey('payouts');

/**
 * Payouts sent on the chain (`simulate.executePayout`), by id: their blocks come with the clock.
 * A payout moved by the one-step helpers is not here.
 */
export const payoutTransfers: SideKey<Map<string, Transfer>> = {
  name: 'payoutTransfers',
  create: () => new Map(),
};

/** The user recorded as `approved_by` when a payout is approved through the API with a key. */
export const apiApprover = 'api_key';

/**
 * A payout's lifecycle (spec: States and transitions, Payout intent). The API moves a `draft` to
 * `approved` or `canceled`; past `approved` the spec says nothing, and the fake's choice is the
 * chain's way: `pending_execution` → `executed` → `verifying` → `settled`, or `failed` from any of
 * them. Entering `settled` records the settlement.
 */
export const payoutLifecycle: Lifecycle<PayoutStatus, FakePayout> = {
  label: 'Payout',
  collection: payouts,
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
    executed: ({ state, record, now }) => ({
      executed_at: record.executed_at ?? now,
      expected_tx_hash: record.expected_tx_hash ?? newTxHash(state.ids, record.chain),
    }),
    settled: ({ record, now }) => ({ verified_at: record.verified_at ?? now }),
    failed: ({ record, now }) => ({
      failed_at: record.failed_at ?? now,
      failure_reason: record.failure_reason ?? 'execution_failed',
    }),
  },
  effects: {
    settled: ({ state, scope, record, now }) => {
      recordSettlement(state, scope, record, now, state.side(payoutTransfers).get(record.id));
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

/** The block `blocks` after the payout's transfer was sent, when it moves to `to`. */
function block(
  { state, scope, record }: Omit<Moving<FakePayout>, 'now'>,
  blocks: number,
  to: PayoutStatus,
): DueWork | undefined {
  const transfer = state.side(payoutTransfers).get(record.id);
  if (transfer === undefined) return undefined;
  return {
    at: blockTime(record.chain, transfer.sentAt + blocks),
    run: () => transition(payoutLifecycle, state, scope, record, to),
  };
}
