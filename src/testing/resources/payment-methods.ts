import * as z from 'zod/mini';
import type { Chain, Token } from '../../core/types.js';
import { chainParam, lazy, tokenParam } from '../../internal/schemas.js';
import {
  type PaymentMethod,
  type PaymentMethodStatus,
  paymentMethodSchema,
  paymentMethodSpec,
  paymentMethodStatuses,
  requiredConfirmationsParam,
} from '../../resources/payment-methods.js';
import { invalid } from '../http/errors.js';
import { type Known, type ResourceModule, seedsFrom } from '../resource.js';
import { type Fields, readParams } from '../seed/validate.js';
import { type CollectionKey, collectionKey, type Scope } from '../state/scope.js';

/** The fake's payment method record: the wire shape, with `chain`, `token` and `status` known. */
export type FakePaymentMethod = Known<
  PaymentMethod,
  { chain: Chain; token: Token; status: PaymentMethodStatus }
>;

/** The payment methods of a scope. */
export const paymentMethods: CollectionKey<FakePaymentMethod> = collectionKey('paymentMethods');

/** Makes `method` the only default of its scope (the fake keeps one default at a time). */
export function makeDefault(scope: Scope, method: FakePaymentMethod, now: string): void {
  for (const other of scope.of(paymentMethods).all()) {
    if (other !== method && other.is_default) Object.assign(other, { is_default: false, updated_at: now });
  }
  method.is_default = true;
}

/** Rejects limits that cannot both hold: `min_amount_usd` above `max_amount_usd`. */
export function checkLimits(min: number | null, max: number | null, param: string): void {
  if (min !== null && max !== null && min > max) {
    throw invalid(param, `would put min_amount_usd (${min}) above max_amount_usd (${max})`);
  }
}

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

const paymentMethodSeeds = seedsFrom<PaymentMethodSeeds>({
  paymentMethod: (state, scope, fields) => {
    readParams(seedChecks(), fields as Fields, 'body');
    checkLimits(fields.min_amount_usd ?? null, fields.max_amount_usd ?? null, 'min_amount_usd');
    const now = state.now();
    const method = state.insert(paymentMethods, scope, {
      wallet_id: state.ids.id('wallet'),
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
      id: state.ids.id('paymentMethod'),
      org_id: scope.org_id,
      environment: scope.environment,
    });
    const first = scope.of(paymentMethods).size === 1;
    if (fields.is_default ?? first) makeDefault(scope, method, now);
    return method;
  },
});

/** Payment methods: seeded (the API lists and updates them), charged by subscriptions. */
export const paymentMethodModule: ResourceModule = {
  collection: paymentMethods,
  columns: paymentMethodSpec.columns,
  seeds: paymentMethodSeeds,
  seedFile: { list: 'payment_methods', seed: 'paymentMethod', schema: paymentMethodSchema },
};
