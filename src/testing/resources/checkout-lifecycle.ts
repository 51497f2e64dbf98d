import * as z from 'zod/mini';
import { toAtomicUnits } from '../../core/money.js';
import type { Chain, Token } from '../../core/types.js';
import { amountParam, chainParam, lazy, tokenParam } from '../../internal/schemas.js';
import {
  type Checkout,
  type CheckoutStatus,
  checkoutSchema,
  checkoutStatuses,
} from '../../resources/checkouts.js';
import { requiredConfirmationsParam } from '../../resources/payment-methods.js';
import { blockTime, newTxHash, type Transfer } from '../clock/chain.js';
import type { DueWork } from '../clock/scheduler.js';
import { storable } from '../clock/time-range.js';
import type { Known } from '../resource.js';
import { checkedFields, type Fields, readParams } from '../seed/validate.js';
import { newAddress } from '../state/addresses.js';
import { type Lifecycle, type Moving, transition, walk } from '../state/lifecycle.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';
import type { FakeState, SideKey } from '../state/state.js';
import { recordRevenueEvent } from './revenue-events.js';

/**
 * The fake's checkout record: the list item's wire shape, plus `id` (equal to `checkout_id`, the
 * collection's key; left out of list answers), with `chain`, `token` and `status` known.
 */
export type FakeCheckout = Known<
  Checkout,
  {
    chain: Chain;
    token: Token;
    status: CheckoutStatus;
    tx_hash: string | null;
    confirmations: number;
    detected_at: string | null;
    confirmed_at: string | null;
  }
> & { id: string };

/** The checkouts of a scope. */
export const checkouts: CollectionKey<FakeCheckout> = collectionKey('checkouts');

/**
 * Checkouts paid on the chain (`simulate.payCheckout`), by id, until confirmed: their blocks come
 * with the clock. A checkout moved by the one-step helpers is not here.
 */
export const checkoutTransfers: SideKey<Map<string, Transfer>> = {
  name: 'checkoutTransfers',
  create: () => new Map(),
};

/**
 * A checkout's lifecycle (spec: Checkout: `confirmed`, `expired` and `failed` are terminal; the
 * moves are the fake's choice). A payer's transfer makes a `pending` checkout `detected`; blocks
 * confirm it (`confirming`) until `required_confirmations`, when it is `confirmed` and the ledger
 * records the revenue. An unpaid checkout expires at `expires_at`.
 */
export const checkoutLifecycle: Lifecycle<CheckoutStatus, FakeCheckout> = {
  label: 'Checkout',
  collection: checkouts,
  initial: 'pending',
  moves: {
    pending: ['detected', 'expired', 'failed'],
    detected: ['confirming', 'confirmed', 'failed'],
    confirming: ['confirmed', 'failed'],
    confirmed: [],
    expired: [],
    failed: [],
  },
  events: {
    detected: 'checkout.detected',
    confirming: 'checkout.confirming',
    confirmed: 'checkout.confirmed',
    expired: 'checkout.expired',
    failed: 'checkout.failed',
  },
  // A stamp keeps a value already there: a seeded checkout's own hash and times survive its walk.
  stamps: {
    detected: ({ state, record, now }) => ({
      tx_hash: record.tx_hash ?? newTxHash(state.ids, record.chain),
      detected_at: record.detected_at ?? now,
    }),
    confirming: ({ record }) => ({ confirmations: Math.max(record.confirmations, 1) }),
    confirmed: ({ state, record, now }) => ({
      tx_hash: record.tx_hash ?? newTxHash(state.ids, record.chain),
      detected_at: record.detected_at ?? now,
      confirmations: Math.max(record.confirmations, record.required_confirmations),
      confirmed_at: record.confirmed_at ?? now,
    }),
  },
  effects: {
    confirmed: ({ state, scope, record, now }) => {
      const revenue = recordRevenueEvent(state, scope, {
        // A seeded checkout confirmed in the past: its payment occurred then, recorded now.
        occurred_at: record.confirmed_at ?? now,
        event_type: 'checkout_confirmed',
        amount: record.amount_usd,
        currency: 'USD',
        checkout_id: record.checkout_id,
        tx_hash: record.tx_hash,
      });
      return { revenueEventId: revenue.id };
    },
  },
  due: {
    pending: ({ state, scope, record }) => ({
      at: Date.parse(record.expires_at),
      run: () => transition(checkoutLifecycle, state, scope, record, 'expired'),
    }),
    detected: (moving) => nextConfirmation(moving),
    confirming: (moving) => nextConfirmation(moving),
  },
};

/**
 * A paid checkout's next block (`simulate.payCheckout`): one more confirmation, `confirming` from
 * the first, and at `required_confirmations` `confirmed`, or `failed` when the payer sent less
 * than the checkout's amount. A checkout moved by `advanceCheckout` has no blocks.
 */
function nextConfirmation({ state, scope, record }: Omit<Moving<FakeCheckout>, 'now'>): DueWork | undefined {
  const transfers = state.side(checkoutTransfers);
  const transfer = transfers.get(record.id);
  if (transfer === undefined) return undefined;
  return {
    at: blockTime(record.chain, transfer.sentAt + record.confirmations + 1),
    run: () => {
      const confirmations = record.confirmations + 1;
      if (record.status === 'detected')
        transition(checkoutLifecycle, state, scope, record, 'confirming', { fields: { confirmations } });
      else record.confirmations = confirmations;
      if (confirmations < record.required_confirmations) return;
      transfers.delete(record.id);
      const paid = transfer.paidAtomic;
      const short = paid !== undefined && BigInt(paid) < BigInt(record.amount_atomic);
      transition(checkoutLifecycle, state, scope, record, short ? 'failed' : 'confirmed');
    },
  };
}

/**
 * What a seeded checkout is checked against before anything is stored: the spec's enums,
 * `amount_usd` at least a payment link's minimum (links create checkouts), and
 * `required_confirmations` as a payment method takes it; then the whole record, against the
 * response schema.
 */
const seedChecks = /*@__PURE__*/ lazy(() =>
  z.object({
    status: z.optional(z.enum(checkoutStatuses)),
    chain: z.optional(chainParam()),
    token: z.optional(tokenParam()),
    amount_usd: z.optional(amountParam()),
    required_confirmations: z.optional(requiredConfirmationsParam()),
  }),
);

/**
 * Stores a new checkout (a seed, or a visit to a payment link) with the defaults of
 * `fake.seed.checkout`, checked as a seed's are, and walks it to the state `fields` ask.
 */
export function insertCheckout(state: FakeState, scope: Scope, fields: Partial<FakeCheckout>): FakeCheckout {
  const { status = checkoutLifecycle.initial, ...rest } = fields;
  const checked = readParams(seedChecks(), fields as Fields, 'body');
  const token = checked.token ?? 'USDT';
  const chain = checked.chain ?? 'tron';
  const amount = checked.amount_usd ?? 25;
  const now = state.clock.now();
  const id = state.ids.id('checkout');
  const record: FakeCheckout = {
    status: checkoutLifecycle.initial,
    deposit_address: newAddress(state.ids, chain),
    amount_usd: amount,
    amount_atomic: toAtomicUnits(amount, token),
    chain,
    token,
    tx_hash: null,
    confirmations: 0,
    required_confirmations: 20,
    expires_at: storable(now.getTime() + 30 * 60_000, "the checkout's expiry"),
    detected_at: null,
    confirmed_at: null,
    created_at: now.toISOString(),
    metadata: {},
    id,
    checkout_id: id,
  };
  Object.assign(record, checkedFields(checkoutSchema(), record, rest), { id, checkout_id: id });
  state.insert(checkouts, scope, record);
  state.emit(scope, 'checkout.created', id, record.status);
  return walk(checkoutLifecycle, state, scope, record, status);
}

/** The checkout as the list shows it: a copy without the collection key. */
export function strip({ id: _key, ...item }: FakeCheckout): Checkout {
  return item;
}
