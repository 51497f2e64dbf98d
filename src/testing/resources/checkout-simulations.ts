import type { Checkout, CheckoutStatus } from '../../resources/checkouts.js';
import { heightAt, newTxHash } from '../clock/chain.js';
import { conflict, invalid, optionsArgument } from '../http/errors.js';
import { transition } from '../state/lifecycle.js';
import type { FakeState } from '../state/state.js';
import {
  checkoutLifecycle,
  checkouts,
  checkoutTransfers,
  type FakeCheckout,
  strip,
} from './checkout-lifecycle.js';

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
   * A payer's transfer, seen on-chain: the `pending` checkout becomes `detected` (`tx_hash`,
   * `detected_at`, 0 confirmations), and from then on the fake's clock moves it (docs/testing.md:
   * The chain on the clock): each block of its chain adds a confirmation (`confirming` from the
   * first), and at `required_confirmations` it is `confirmed`, with `confirmed_at` and a
   * `checkout_confirmed` revenue event; `failed` instead when the payer sent less than its
   * `amount_atomic`.
   *
   * @param id - The checkout's `checkout_id`, prefix `co_`.
   * @param transfer - `tx_hash` (default: a new one in the chain's form) and `amount_atomic`, what
   *   the payer sent (default: the checkout's amount; digits only).
   * @returns The detected checkout.
   * @throws {FakeApiError} 409 from any state but `pending`; 400 for a malformed `tx_hash` or
   *   `amount_atomic`; 404 for an unknown id.
   * @example
   * ```ts
   * fake.clock.set('2026-06-01T00:00:00Z');
   * fake.simulate.payCheckout(checkout.checkout_id);
   * fake.clock.advance({ minutes: 1 }); // 20 Tron blocks: confirmed
   * ```
   */
  payCheckout(id: string, transfer?: { tx_hash?: string; amount_atomic?: string }): Checkout;
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

/** The step `advanceCheckout` takes from each state, and the confirmations it counts. */
const steps: Partial<Record<CheckoutStatus, (checkout: FakeCheckout) => [CheckoutStatus, number]>> = {
  pending: () => ['detected', 1],
  detected: (checkout) => ['confirming', Math.max(1, checkout.required_confirmations - 1)],
  confirming: (checkout) => ['confirmed', checkout.required_confirmations],
};

/** @returns The checkout simulations bound to a state. */
export function checkoutSimulations(state: FakeState): CheckoutSimulations {
  const find = (id: string, move: string) => {
    const found = state.locate(checkouts, id, 'checkout');
    const { status } = found.record;
    if (checkoutLifecycle.moves[status].length === 0)
      throw conflict(`Checkout ${id} is ${status} (terminal) and cannot ${move}.`);
    return found;
  };
  const advance = (id: string): FakeCheckout => {
    const { scope, record } = find(id, 'advance');
    const [to, confirmations] = (steps[record.status] as NonNullable<(typeof steps)[CheckoutStatus]>)(record);
    return transition(checkoutLifecycle, state, scope, record, to, { fields: { confirmations } });
  };
  return {
    payCheckout: (id, given) => {
      const transfer = optionsArgument(given, 'transfer');
      const { scope, record } = find(id, 'be paid');
      if (record.status !== 'pending')
        throw conflict(`Checkout ${id} is ${record.status}; only a pending checkout can be paid.`);
      const txHash = transfer.tx_hash ?? newTxHash(state.ids, record.chain);
      if (typeof txHash !== 'string' || !txHashForm(record.chain).test(txHash))
        throw invalid(
          'tx_hash',
          `must be a ${record.chain} transaction hash: 64 hex digits${record.chain === 'tron' ? '' : ' after 0x'}`,
        );
      const paid = transfer.amount_atomic;
      if (paid !== undefined && (typeof paid !== 'string' || !/^\d{1,30}$/.test(paid)))
        throw invalid('amount_atomic', 'must be digits only');
      state.side(checkoutTransfers).set(id, {
        sentAt: heightAt(record.chain, state.clock.now().getTime()),
        ...(paid === undefined ? {} : { paidAtomic: paid }),
      });
      return strip(
        transition(checkoutLifecycle, state, scope, record, 'detected', {
          fields: { tx_hash: txHash, confirmations: 0 },
        }),
      );
    },
    advanceCheckout: (id) => strip(advance(id)),
    confirmCheckout: (id) => {
      let checkout = advance(id);
      while (checkout.status !== 'confirmed') checkout = advance(id);
      return strip(checkout);
    },
    expireCheckout: (id) => {
      const { scope, record } = find(id, 'become expired');
      if (record.status !== 'pending')
        throw conflict(`Checkout ${id} is ${record.status}; only a pending checkout can expire.`);
      return strip(transition(checkoutLifecycle, state, scope, record, 'expired'));
    },
    failCheckout: (id) => {
      const { scope, record } = find(id, 'become failed');
      return strip(transition(checkoutLifecycle, state, scope, record, 'failed'));
    },
  };
}

/** A transaction hash of a chain: 64 hex digits, after `0x` on the EVM chains. */
function txHashForm(chain: FakeCheckout['chain']): RegExp {
  return chain === 'tron' ? /^[0-9a-f]{64}$/i : /^0x[0-9a-f]{64}$/i;
}
