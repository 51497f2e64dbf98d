import type { Wire } from '../../internal/tie.js';
import type { Checkout } from '../../resources/checkouts.js';
import {
  type PaymentLink,
  type PaymentLinkCreateParams,
  paymentLinkOperations,
} from '../../resources/payment-links.js';
import type { PaymentMethod } from '../../resources/payment-methods.js';
import { conflict, FakeApiError, invalid } from '../errors.js';
import { type Route, route } from '../router.js';
import type { DueSource } from '../schedule.js';
import { type FakeState, newId, type Scope } from '../state.js';
import { type FakeCheckout, insertCheckout } from './checkouts.js';

/** The host of the fake's payment pages: links are `https://pay.chainbill.test/l/<id>`. */
export const fakePayHost = 'https://pay.chainbill.test';

const linksOf = (scope: Scope) => scope.collection<PaymentLink>('payment_links');

function usableMethod(scope: Scope, id: string, amount: number): PaymentMethod {
  const method = scope.collection<PaymentMethod>('payment_methods').get(id);
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

function createLink(state: FakeState, scope: Scope, params: Wire<PaymentLinkCreateParams>): PaymentLink {
  const amount = params.amount_usd;
  const description = params.description ?? null;
  const ttl = params.expires_in_seconds;
  const method = usableMethod(scope, params.payment_method_id, amount);
  const now = state.now();
  const id = newId('paymentLink');
  state.emit(scope, 'payment_link.created', id, null);
  return linksOf(scope).insert({
    id,
    org_id: scope.org_id,
    amount_usd: amount,
    payment_method_id: method.id,
    description,
    url: `${fakePayHost}/l/${id}`,
    expires_at: ttl === undefined ? null : new Date(Date.parse(now) + ttl * 1000).toISOString(),
    environment: scope.environment,
    created_at: now,
  });
}

/** The payment link endpoints (spec: Payment links). */
export const paymentLinkRoutes: Route[] = [
  route(paymentLinkOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createLink(state, scope, params),
  })),
  route(paymentLinkOperations.list, ({ scope, page }) => ({ status: 200, body: page(linksOf(scope)) })),
];

/** Payment links whose expiry is in `fake.events` already. */
const expiredLinks = new WeakSet<PaymentLink>();

/** The clock's work on payment links: each one expires (stops making checkouts) at `expires_at`. */
export const paymentLinksDue: DueSource = function* (state, scope, to) {
  for (const link of linksOf(scope).all()) {
    if (link.expires_at === null || expiredLinks.has(link)) continue;
    const at = Date.parse(link.expires_at);
    if (at <= to)
      yield {
        at,
        fire: () => {
          expiredLinks.add(link);
          state.emit(scope, 'payment_link.expired', link.id, null);
          return undefined;
        },
      };
  }
};

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

/** @returns The payment link simulations bound to the fake's state. */
export function paymentLinkSimulations(state: FakeState): PaymentLinkSimulations {
  return {
    openPaymentLink: (id) => {
      const { scope, record: link } = state.locate<PaymentLink>('payment_links', id, 'payment link');
      if (link.expires_at !== null && Date.parse(link.expires_at) <= Date.parse(state.now()))
        throw conflict(`Payment link ${id} expired at ${link.expires_at}; it makes no more checkouts.`);
      const method = scope.collection<PaymentMethod>('payment_methods').get(link.payment_method_id);
      if (method?.status !== 'active')
        throw conflict(`Payment link ${id}: its payment method ${link.payment_method_id} is not active.`);
      const { id: _key, ...checkout } = insertCheckout(state, scope, {
        amount_usd: link.amount_usd,
        chain: method.chain,
        token: method.token,
        required_confirmations: method.required_confirmations,
        metadata: { payment_link_id: id },
      } as Partial<FakeCheckout>);
      return checkout;
    },
  };
}
