import type {
  Chainbill,
  Checkout,
  CheckoutStatus,
  DeletedObject,
  Entitlement,
  EntitlementValueType,
  Page,
  PaymentMethod,
  PaymentMethodStatus,
  Plan,
  PlanStatus,
  Unrecognized,
} from 'chainbill';
import { describe, expectTypeOf, it } from 'vitest';

declare const chainbill: Chainbill;

describe('catalog types: payment methods, plans, entitlements, webhook endpoints, checkouts', () => {
  it('list filters are closed enums', () => {
    chainbill.paymentMethods.list({ status: 'disabled' });
    // @ts-expect-error enabled is not a payment method status
    chainbill.paymentMethods.list({ status: 'enabled' });
    chainbill.plans.list({ status: 'archived' });
    // @ts-expect-error deleted is not a plan status
    chainbill.plans.list({ status: 'deleted' });
    chainbill.checkouts.list({ status: 'confirming', limit: 50, cursor: 'c' });
    // @ts-expect-error paid is not a checkout status
    chainbill.checkouts.list({ status: 'paid' });
    // @ts-expect-error limit is not documented for plans
    chainbill.plans.list({ limit: 10 });
  });

  it('required params are required', () => {
    chainbill.entitlements.list({ plan_id: 'plan_1' });
    // @ts-expect-error plan_id is required
    chainbill.entitlements.list({});
    // @ts-expect-error params are required
    chainbill.entitlements.list();
    const base = { plan_id: 'plan_1', feature_key: 'seats' } as const;
    chainbill.entitlements.create({ ...base, value_type: 'numeric', value_numeric: 5 });
    // @ts-expect-error value_type is required
    chainbill.entitlements.create(base);
    // @ts-expect-error feature_key is required
    chainbill.entitlements.create({ plan_id: 'plan_1', value_type: 'boolean', value_boolean: true });
    // @ts-expect-error json is not a value type
    chainbill.entitlements.create({ ...base, value_type: 'json' });
    // @ts-expect-error value_numeric is a number
    chainbill.entitlements.create({ ...base, value_type: 'numeric', value_numeric: '5' });
    // @ts-expect-error the id is required
    chainbill.webhookEndpoints.delete();
    // @ts-expect-error the id is required
    chainbill.entitlements.delete();
  });

  it('update params are typed', () => {
    chainbill.paymentMethods.update('pm_1', { display_name: null, min_amount_usd: null, is_default: true });
    // @ts-expect-error required_confirmations is a number
    chainbill.paymentMethods.update('pm_1', { required_confirmations: '3' });
    // @ts-expect-error status is not updatable through the API
    chainbill.paymentMethods.update('pm_1', { status: 'disabled' });
    chainbill.entitlements.update('ent_1', { value_type: 'string', value_string: 'x' });
    // @ts-expect-error feature_key cannot be changed
    chainbill.entitlements.update('ent_1', { feature_key: 'other' });
  });

  it('results have the documented types', async () => {
    expectTypeOf(await chainbill.paymentMethods.list()).toEqualTypeOf<Page<PaymentMethod>>();
    expectTypeOf(await chainbill.paymentMethods.update('pm_1')).toEqualTypeOf<PaymentMethod>();
    expectTypeOf(await chainbill.plans.list().toArray()).toEqualTypeOf<Plan[]>();
    expectTypeOf(await chainbill.entitlements.create({} as never)).toEqualTypeOf<Entitlement>();
    expectTypeOf(await chainbill.entitlements.update('ent_1')).toEqualTypeOf<Entitlement>();
    expectTypeOf(await chainbill.entitlements.delete('ent_1')).toEqualTypeOf<DeletedObject>();
    expectTypeOf(await chainbill.webhookEndpoints.delete('we_1')).toEqualTypeOf<DeletedObject>();
    expectTypeOf<DeletedObject>().toEqualTypeOf<{ id: string; deleted: true }>();
    for await (const checkout of chainbill.checkouts.list()) expectTypeOf(checkout).toEqualTypeOf<Checkout>();
    const { data } = await chainbill.entitlements.delete('ent_1').withResponse();
    expectTypeOf(data.deleted).toEqualTypeOf<true>();
  });

  it('fields carry the documented types', () => {
    expectTypeOf<PaymentMethod['status']>().toEqualTypeOf<PaymentMethodStatus | Unrecognized>();
    expectTypeOf<PaymentMethod['min_amount_usd']>().toEqualTypeOf<number | null>();
    expectTypeOf<PaymentMethod['display_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<Plan['status']>().toEqualTypeOf<PlanStatus | Unrecognized | undefined>();
    expectTypeOf<Plan>().not.toHaveProperty('environment');
    expectTypeOf<Entitlement['value_type']>().toEqualTypeOf<EntitlementValueType | Unrecognized>();
    expectTypeOf<Entitlement['value_numeric']>().toEqualTypeOf<number | null>();
    expectTypeOf<Checkout['status']>().toEqualTypeOf<CheckoutStatus | Unrecognized>();
    expectTypeOf<Checkout['tx_hash']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Checkout['confirmed_at']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Checkout['amount_atomic']>().toEqualTypeOf<string>();
    expectTypeOf<Checkout['metadata']>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<Checkout>().not.toHaveProperty('org_id');
  });
});
