import {
  type PaymentLink,
  paymentLinkCreateParams,
  paymentLinkEndpoints,
  paymentLinkListParams,
} from '../../resources/payment-links.js';
import type { PaymentMethod } from '../../resources/payment-methods.js';
import { FakeApiError, invalid } from '../errors.js';
import type { Route } from '../router.js';
import { type FakeState, newId, type Scope } from '../state.js';
import { type Fields, readParams } from '../validate.js';

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

function createLink(state: FakeState, scope: Scope, body: Fields): PaymentLink {
  const params = readParams(paymentLinkCreateParams(), body, 'body');
  const amount = params.amount_usd;
  const description = params.description ?? null;
  const ttl = params.expires_in_seconds;
  const method = usableMethod(scope, params.payment_method_id, amount);
  const now = state.now();
  const id = newId('pl_');
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
  {
    ...paymentLinkEndpoints.create,
    handle: ({ state, scope, body }) => ({ status: 201, body: createLink(state, scope, body) }),
  },
  {
    ...paymentLinkEndpoints.list,
    handle: ({ scope, query }) => {
      readParams(paymentLinkListParams(), query, 'query');
      return { status: 200, body: linksOf(scope).page(query) };
    },
  },
];
