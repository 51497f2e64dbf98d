import * as z from 'zod/mini';
import { chainParam, lazy, tokenParam } from '../../internal/schemas.js';
import type { Wire } from '../../internal/tie.js';
import {
  type PaymentMethod,
  type PaymentMethodUpdateParams,
  paymentMethodOperations,
  paymentMethodStatuses,
  requiredConfirmationsParam,
} from '../../resources/payment-methods.js';
import { invalid, notFound } from '../errors.js';
import type { FakePaymentMethod } from '../records.js';
import { type Route, route } from '../route.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';
import { type Fields, readParams } from '../validate.js';

const methodsOf = (scope: Scope) => scope.paymentMethods;

/** Makes `method` the only default of its scope (the fake keeps one default at a time). */
function makeDefault(scope: Scope, method: FakePaymentMethod, now: string): void {
  for (const other of methodsOf(scope).all()) {
    if (other !== method && other.is_default) Object.assign(other, { is_default: false, updated_at: now });
  }
  method.is_default = true;
}

/** Rejects limits that cannot both hold: `min_amount_usd` above `max_amount_usd`. */
function checkLimits(min: number | null, max: number | null, param: string): void {
  if (min !== null && max !== null && min > max) {
    throw invalid(param, `would put min_amount_usd (${min}) above max_amount_usd (${max})`);
  }
}

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

/**
 * What a seeded payment method is checked against: the spec's enums and its
 * `required_confirmations` limit. Other fields are taken as given.
 */
const seedChecks = /*@__PURE__*/ lazy(() =>
  z.object({
    chain: z.optional(chainParam()),
    token: z.optional(tokenParam()),
    status: z.optional(z.enum(paymentMethodStatuses)),
    required_confirmations: z.optional(requiredConfirmationsParam()),
  }),
);

/** Creates payment methods directly (`fake.seed`): the API cannot create them. */
export interface PaymentMethodSeeds {
  /**
   * Adds a payment method to the key's organization (default: the fake's sandbox key). Defaults:
   * `tron` / `USDT`, `active`, 20 required confirmations, no display name or limits; the first
   * payment method of an organization and environment becomes its default. `is_default: true`
   * takes the default from the others.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored payment method, in its wire shape.
   */
  paymentMethod(fields?: Partial<PaymentMethod>, options?: { apiKey?: string }): PaymentMethod;
}

/** @returns The payment method seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function paymentMethodSeeds(
  state: FakeState,
  scopeOf: (apiKey?: string) => Scope,
): PaymentMethodSeeds {
  return {
    paymentMethod: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      readParams(seedChecks(), fields as Fields, 'body');
      checkLimits(fields.min_amount_usd ?? null, fields.max_amount_usd ?? null, 'min_amount_usd');
      const now = state.now();
      const method = methodsOf(scope).insert({
        wallet_id: newId('wallet'),
        chain: 'tron',
        token: 'USDT',
        display_name: null,
        status: 'active',
        required_confirmations: 20,
        min_amount_usd: null,
        max_amount_usd: null,
        created_at: now,
        updated_at: now,
        ...(fields as Partial<FakePaymentMethod>),
        is_default: false,
        id: newId('paymentMethod'),
        org_id: scope.org_id,
        environment: scope.environment,
      });
      const first = methodsOf(scope).size === 1;
      if (fields.is_default ?? first) makeDefault(scope, method, now);
      return method;
    },
  };
}
