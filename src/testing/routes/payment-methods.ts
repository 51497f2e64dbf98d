import type { Wire } from '../../internal/tie.js';
import { type PaymentMethodUpdateParams, paymentMethodOperations } from '../../resources/payment-methods.js';
import { notFound } from '../http/errors.js';
import { type Route, route } from '../http/route.js';
import {
  checkLimits,
  type FakePaymentMethod,
  makeDefault,
  paymentMethods,
} from '../resources/payment-methods.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

const methodsOf = (scope: Scope) => scope.of(paymentMethods);

function updateMethod(
  state: FakeState,
  scope: Scope,
  id: string,
  params: Wire<PaymentMethodUpdateParams>,
): FakePaymentMethod {
  const method = methodsOf(scope).get(id);
  if (!method) throw notFound('payment method', id);
  const { display_name: displayName, required_confirmations: confirmations, is_default: isDefault } = params;
  const { min_amount_usd: min, max_amount_usd: max } = params;
  // Checked on the record as it would be after the change, naming the limit the request sets.
  checkLimits(
    min === undefined ? method.min_amount_usd : min,
    max === undefined ? method.max_amount_usd : max,
    min === undefined ? 'max_amount_usd' : 'min_amount_usd',
  );
  const now = state.now();
  if (displayName !== undefined) method.display_name = displayName;
  if (confirmations !== undefined) method.required_confirmations = confirmations;
  if (min !== undefined) method.min_amount_usd = min;
  if (max !== undefined) method.max_amount_usd = max;
  if (isDefault === true) makeDefault(scope, method, now);
  if (isDefault === false) method.is_default = false;
  method.updated_at = now;
  return method;
}

/** The payment method endpoints (spec: Payment methods). */
export const paymentMethodRoutes: Route[] = [
  // The spec shows no paging for this list; the fake pages it all the same.
  route(paymentMethodOperations.list, ({ scope, params: { status }, page }) => ({
    status: 200,
    body: page(methodsOf(scope), (method) => status === undefined || method.status === status),
  })),
  route(paymentMethodOperations.update, ({ state, scope, id, params }) => ({
    status: 200,
    body: updateMethod(state, scope, id, params),
  })),
];
