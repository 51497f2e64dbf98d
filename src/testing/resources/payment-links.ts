import type { Wire } from '../../internal/tie.js';
import type { Checkout } from '../../resources/checkouts.js';
import type { PaymentLink, PaymentLinkCreateParams } from '../../resources/payment-links.js';
import { paymentLinkSpec } from '../../resources/payment-links.js';
import { storable } from '../clock/time-range.js';
import { conflict, FakeApiError, invalid } from '../http/errors.js';
import type { ResourceModule } from '../resource.js';
import { type Lifecycle, lifecycleDue, transition } from '../state/lifecycle.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';
import { insertCheckout, strip } from './checkout-lifecycle.js';
import { type FakePaymentMethod, paymentMethods } from './payment-methods.js';

/** Where a payment link is: the fake's own state (the spec shows none); never sent. */
export type PaymentLinkStatus = 'active' | 'expired';

/** The fake's payment link record: the wire shape, and its `status`, which answers leave out. */
export type FakePaymentLink = PaymentLink & { status: PaymentLinkStatus };

/** The payment links of a scope. */
export const paymentLinks: CollectionKey<FakePaymentLink> = collectionKey('paymentLinks');

/** The host of the fake's payment pages: links are `https://pay.chainbill.test/l/<id>`. */
export const fakePayHost = 'https://pay.chainbill.test';

/**
 * A payment link's lifecycle, the fake's own (the spec shows no status for a link, so answers
 * leave it out): `active` until its `expires_at`, then `expired`, when it makes no more checkouts.
 */
export const paymentLinkLifecycle: Lifecycle<PaymentLinkStatus, FakePaymentLink> = {
  label: 'Payment link',
  collection: paymentLinks,
  initial: 'active',
  moves: { active: ['expired'], expired: [] },
  events: { expired: 'payment_link.expired' },
  due: {
    active: ({ state, scope, record }) =>
      record.expires_at === null
        ? undefined
        : {
            at: Date.parse(record.expires_at),
            run: () => transition(paymentLinkLifecycle, state, scope, record, 'expired'),
          },
  },
  hidden: true,
};

/** The link as the API answers it: without the fake's own `status`. */
export function served({ status: _status, ...link }: FakePaymentLink): PaymentLink {
  return link;
}

function usableMethod(scope: Scope, id: string, amount: number): FakePaymentMethod {
  const method = scope.of(paymentMethods).get(id);
  if (!method) {
    throw new FakeApiError(
      404,
      'invalid_request_error',
      'resource_missing',
      `No such payment method: ${id}`,
      'payment_method_id',
    );
  }
  if (method.status !== 'active') {
    throw new FakeApiError(
      409,
      'invalid_request_error',
      'invalid_state',
      `Payment method ${id} is ${method.status}.`,
      'payment_method_id',
    );
  }
  // A link whose checkouts the method would refuse is useless: reject it up front.
  if (method.min_amount_usd !== null && amount < method.min_amount_usd)
    throw invalid('amount_usd', `must be at least ${method.min_amount_usd}, the payment method's minimum`);
  if (method.max_amount_usd !== null && amount > method.max_amount_usd)
    throw invalid('amount_usd', `must be at most ${method.max_amount_usd}, the payment method's maximum`);
  return method;
}

/** Stores a payment link as `POST /payment-links` creates it, from params its schema has read. */
export function createLink(
  state: FakeState,
  scope: Scope,
  params: Wire<PaymentLinkCreateParams>,
): FakePaymentLink {
  const amount = params.amount_usd;
  const description = params.description ?? null;
  const ttl = params.expires_in_seconds;
  const method = usableMethod(scope, params.payment_method_id, amount);
  const now = state.now();
  const expiresAt =
    ttl === undefined ? null : storable(Date.parse(now) + ttl * 1000, "the payment link's expiry");
  const id = state.ids.id('paymentLink');
  state.emit(scope, 'payment_link.created', id, null);
  return state.insert(paymentLinks, scope, {
    status: paymentLinkLifecycle.initial,
    id,
    org_id: scope.org_id,
    amount_usd: amount,
    payment_method_id: method.id,
    description,
    url: `${fakePayHost}/l/${id}`,
    expires_at: expiresAt,
    environment: scope.environment,
    created_at: now,
  });
}

/** What a payer does with a payment link (`fake.simulate`). */
export interface PaymentLinkSimulations {
  /**
   * A payer opens the link: a new `pending` checkout for the link's `amount_usd`, on its payment
   * method's chain, token and `required_confirmations`, expiring 30 minutes later, with
   * `metadata.payment_link_id`.
   *
   * @param paymentLinkId - The link, prefix `pl_`.
   * @returns The new checkout.
   * @throws {FakeApiError} 409 `invalid_state` once the clock is at or past the link's
   *   `expires_at`, or when its payment method is no longer active; 404 for an unknown id.
   */
  openPaymentLink(paymentLinkId: string): Checkout;
}

function paymentLinkSimulations(state: FakeState): PaymentLinkSimulations {
  return {
    openPaymentLink: (id) => {
      const { scope, record: link } = state.locate(paymentLinks, id, 'payment link');
      if (
        link.status === 'expired' ||
        (link.expires_at !== null && Date.parse(link.expires_at) <= Date.parse(state.now()))
      )
        throw conflict(`Payment link ${id} expired at ${link.expires_at}; it makes no more checkouts.`);
      const method = scope.of(paymentMethods).get(link.payment_method_id);
      if (method?.status !== 'active')
        throw conflict(`Payment link ${id}: its payment method ${link.payment_method_id} is not active.`);
      return strip(
        insertCheckout(state, scope, {
          amount_usd: link.amount_usd,
          chain: method.chain,
          token: method.token,
          required_confirmations: method.required_confirmations,
          metadata: { payment_link_id: id },
        }),
      );
    },
  };
}

/** Payment links: created by the API, opened by payers, expired by the clock. */
export const paymentLinkModule: ResourceModule = {
  collection: paymentLinks,
  columns: paymentLinkSpec.columns,
  due: lifecycleDue(paymentLinkLifecycle),
  simulations: paymentLinkSimulations,
  reports: { 'payment_link.expired': 'expired' },
};
