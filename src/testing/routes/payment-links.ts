import type { PaymentLink } from '../../resources/payment-links.js';
import type { PaymentMethod } from '../../resources/payment-methods.js';
import { FakeApiError, invalid } from '../errors.js';
import type { Route } from '../router.js';
import { type FakeState, newId, type Scope } from '../state.js';
import { type Fields, idValue, numberValue, onlyFields, optionalString } from '../validate.js';

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
  onlyFields(body, ['amount_usd', 'payment_method_id', 'description', 'expires_in_seconds']);
  const amount = numberValue(body, 'amount_usd', { required: true, min: 0.01 }) as number; // required
  const methodId = idValue(body, 'payment_method_id', 'pm_', true) as string; // required
  const description = optionalString(body, 'description', { maxLength: 512 }) ?? null;
  const ttl = numberValue(body, 'expires_in_seconds', { min: 300, integer: true });
  const method = usableMethod(scope, methodId, amount);
  const now = state.now();
  const id = newId('pl_');
  return linksOf(scope).insert({
    id,
    org_id: scope.org_id,
    amount_usd: amount,
    payment_method_id: method.id,
    description,
    url: `${fakePayHost}/l/${id}`,
    expires_at:
      ttl === undefined || ttl === null ? null : new Date(Date.parse(now) + ttl * 1000).toISOString(),
    environment: scope.environment,
    created_at: now,
  });
}

/** The payment link endpoints (spec: Payment links). */
export const paymentLinkRoutes: Route[] = [
  {
    method: 'POST',
    path: '/payment-links',
    handle: ({ state, scope, body }) => ({ status: 201, body: createLink(state, scope, body) }),
  },
  {
    method: 'GET',
    path: '/payment-links',
    handle: ({ scope, query }) => {
      onlyFields(query, ['limit', 'cursor']);
      return { status: 200, body: linksOf(scope).page(query) };
    },
  },
];
