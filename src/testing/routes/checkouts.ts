import * as z from 'zod/mini';
import { toAtomicUnits } from '../../core/money.js';
import type { Chain, Token } from '../../core/types.js';
import { amountParam, chainParam, lazy, tokenParam } from '../../internal/schemas.js';
import {
  type Checkout,
  type CheckoutStatus,
  checkoutOperations,
  checkoutStatuses,
} from '../../resources/checkouts.js';
import { requiredConfirmationsParam } from '../../resources/payment-methods.js';
import { conflict } from '../errors.js';
import { recordRevenueEvent } from '../ledger.js';
import { type Route, route } from '../router.js';
import type { DueSource } from '../schedule.js';
import { type FakeState, newId, randomHash, type Scope } from '../state.js';
import { type Fields, readParams } from '../validate.js';

const terminal: readonly CheckoutStatus[] = ['confirmed', 'expired', 'failed'];

/**
 * The fake's checkout record: the list item's wire shape, plus `id` (equal to `checkout_id`, the
 * collection's key; left out of list answers), with `chain`, `token` and `status` known.
 */
export type FakeCheckout = Checkout & {
  id: string;
  chain: Chain;
  token: Token;
  status: CheckoutStatus;
  tx_hash: string | null;
  detected_at: string | null;
  confirmed_at: string | null;
};

const checkoutsOf = (scope: Scope) => scope.collection<FakeCheckout>('checkouts');

/** The checkout endpoints (spec: GET /checkouts): list items carry no `id`, only `checkout_id`. */
export const checkoutRoutes: Route[] = [
  route(checkoutOperations.list, ({ scope, params: { status }, page }) => {
    const found = page(checkoutsOf(scope), (checkout) => status === undefined || checkout.status === status);
    return { status: 200, body: { ...found, data: found.data.map(strip) } };
  }),
];

/**
 * What a seeded checkout is checked against: the spec's enums, `amount_usd` at least a payment
 * link's minimum (links create checkouts), `required_confirmations` as a payment method takes it.
 * Other fields are taken as given.
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

/** Creates checkouts directly (`fake.seed`): the API does not create them (payment links do). */
export interface CheckoutSeeds {
  /**
   * Adds a checkout to the key's organization (default: the fake's sandbox key). Defaults:
   * `pending`, 25 USD on `tron` / `USDT`, a fake deposit address, 0 of 20 confirmations,
   * expiring 30 minutes after creation, empty metadata, no `tx_hash` / `detected_at` /
   * `confirmed_at` (all `null`). Other fields are taken as given.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored checkout, in its wire shape.
   */
  checkout(fields?: Partial<Checkout>, options?: { apiKey?: string }): Checkout;
}

/**
 * Stores a new checkout (a seed, or a visit to a payment link) with the defaults of
 * {@link CheckoutSeeds.checkout}, `fields` checked as a seed's are.
 */
export function insertCheckout(state: FakeState, scope: Scope, fields: Partial<FakeCheckout>): FakeCheckout {
  const checked = readParams(seedChecks(), fields as Fields, 'body');
  const token = checked.token ?? 'USDT';
  const amount = checked.amount_usd ?? 25;
  const now = state.clock.now();
  const id = newId('checkout');
  const checkout = checkoutsOf(scope).insert({
    status: 'pending',
    deposit_address: `TFakeDeposit${id.slice(3, 25)}`,
    amount_usd: amount,
    amount_atomic: toAtomicUnits(amount, token),
    chain: 'tron',
    token,
    tx_hash: null,
    confirmations: 0,
    required_confirmations: 20,
    expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
    detected_at: null,
    confirmed_at: null,
    created_at: now.toISOString(),
    metadata: {},
    ...fields,
    id,
    checkout_id: id,
  });
  state.emit(scope, 'checkout.created', id, checkout.status);
  return checkout;
}

/** @returns The checkout seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function checkoutSeeds(state: FakeState, scopeOf: (apiKey?: string) => Scope): CheckoutSeeds {
  return {
    checkout: (fields = {}, options = {}) =>
      strip(insertCheckout(state, scopeOf(options.apiKey), fields as Partial<FakeCheckout>)),
  };
}

/** The clock's work on checkouts: each `pending` one expires at its `expires_at`. */
export const checkoutsDue: DueSource = function* (state, scope, to) {
  for (const checkout of checkoutsOf(scope).all()) {
    if (checkout.status !== 'pending') continue;
    const at = Date.parse(checkout.expires_at);
    if (at <= to)
      yield {
        at,
        fire: () => {
          if (checkout.status !== 'pending') return undefined;
          checkout.status = 'expired';
          state.emit(scope, 'checkout.expired', checkout.checkout_id, 'expired');
          return undefined;
        },
      };
  }
};

/** Moves checkouts the way the chain would (`fake.simulate`). */
export interface CheckoutSimulations {
  /**
   * Moves a checkout one step along `pending → detected → confirming → confirmed`. `detected`
   * sets `tx_hash`, `detected_at` and 1 confirmation; `confirming` counts `required_confirmations
   * - 1` (at least 1); `confirmed` counts all of them, sets `confirmed_at` and records a
   * `checkout_confirmed` revenue event (amount `amount_usd`, currency `USD`, the `tx_hash`).
   *
   * @param id - The checkout's `checkout_id`, prefix `co_`.
   * @returns The checkout after the step.
   * @throws {FakeApiError} 409 when the checkout is already `confirmed`, `expired` or `failed`.
   */
  advanceCheckout(id: string): Checkout;
  /**
   * Runs a checkout to `confirmed` with every step of {@link CheckoutSimulations.advanceCheckout}.
   *
   * @param id - The checkout's `checkout_id`.
   * @returns The confirmed checkout.
   * @throws {FakeApiError} 409 when the checkout is already terminal.
   */
  confirmCheckout(id: string): Checkout;
  /**
   * Expires a `pending` checkout (status `expired`).
   *
   * @param id - The checkout's `checkout_id`.
   * @returns The expired checkout.
   * @throws {FakeApiError} 409 from any state but `pending`.
   */
  expireCheckout(id: string): Checkout;
  /**
   * Fails a checkout that is not yet terminal (status `failed`).
   *
   * @param id - The checkout's `checkout_id`.
   * @returns The failed checkout.
   * @throws {FakeApiError} 409 from a terminal state.
   */
  failCheckout(id: string): Checkout;
}

/** @returns The checkout simulations bound to the fake's state. */
export function checkoutSimulations(state: FakeState): CheckoutSimulations {
  const find = (id: string) => state.locate<FakeCheckout>('checkouts', id, 'checkout');
  const refuseTerminal = (checkout: FakeCheckout, move: string): void => {
    if (terminal.includes(checkout.status)) {
      throw conflict(`Checkout ${checkout.checkout_id} is ${checkout.status} (terminal) and cannot ${move}.`);
    }
  };
  const confirm = (scope: Scope, checkout: FakeCheckout, now: string): void => {
    const txHash = checkout.tx_hash ?? randomHash();
    Object.assign(checkout, {
      status: 'confirmed',
      tx_hash: txHash,
      detected_at: checkout.detected_at ?? now,
      confirmations: checkout.required_confirmations,
      confirmed_at: now,
    });
    const revenue = recordRevenueEvent(scope, now, {
      event_type: 'checkout_confirmed',
      amount: checkout.amount_usd,
      currency: 'USD',
      checkout_id: checkout.checkout_id,
      tx_hash: txHash,
    });
    state.emit(scope, 'checkout.confirmed', checkout.checkout_id, 'confirmed', {
      revenueEventId: revenue.id,
    });
  };
  const advance = (id: string): FakeCheckout => {
    const { scope, record: checkout } = find(id);
    refuseTerminal(checkout, 'advance');
    const now = state.now();
    if (checkout.status === 'pending') {
      Object.assign(checkout, {
        status: 'detected',
        tx_hash: randomHash(),
        detected_at: now,
        confirmations: 1,
      });
      state.emit(scope, 'checkout.detected', id, 'detected');
    } else if (checkout.status === 'detected') {
      checkout.status = 'confirming';
      checkout.confirmations = Math.max(1, checkout.required_confirmations - 1);
      state.emit(scope, 'checkout.confirming', id, 'confirming');
    } else {
      confirm(scope, checkout, now);
    }
    return checkout;
  };
  const settle = (id: string, status: 'expired' | 'failed'): FakeCheckout => {
    const { scope, record: checkout } = find(id);
    refuseTerminal(checkout, `become ${status}`);
    if (status === 'expired' && checkout.status !== 'pending') {
      throw conflict(`Checkout ${id} is ${checkout.status}; only a pending checkout can expire.`);
    }
    checkout.status = status;
    state.emit(scope, `checkout.${status}`, id, status);
    return checkout;
  };
  return {
    advanceCheckout: (id) => strip(advance(id)),
    confirmCheckout: (id) => {
      let checkout = advance(id);
      while (checkout.status !== 'confirmed') checkout = advance(id);
      return strip(checkout);
    },
    expireCheckout: (id) => strip(settle(id, 'expired')),
    failCheckout: (id) => strip(settle(id, 'failed')),
  };
}

/** The checkout as the list shows it: a copy without the collection key. */
function strip({ id: _key, ...item }: FakeCheckout): Checkout {
  return item;
}
