/**
 * One row per SDK method for `property.test.ts`: how to call it, its parameters (valid and invalid
 * values of each, from the spec's limits) and the request the spec says it sends.
 */
import type { Chainbill } from 'chainbill';
import fc from 'fast-check';

/** One parameter: values the spec allows, values it does not, how the SDK puts it on the wire. */
export interface Field {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
  required?: boolean;
}

/** One SDK method. */
export interface Row {
  name: string;
  http: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path under `/v1` for a path id (ignored by methods without one). */
  path: (id: string) => string;
  /** The path id's prefix, for methods that take one. */
  idPrefix?: string;
  fields: Record<string, Field>;
  /** Valid parameter sets, when fields depend on each other; default: built from `fields`. */
  params?: fc.Arbitrary<Record<string, unknown>>;
  /** Fields the method adds itself (`approve` → `status: 'approved'`, the first `offset`). */
  fixed?: Record<string, unknown>;
  call: (client: Chainbill, id: string, params: never) => PromiseLike<unknown>;
}

const nonString = fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }), fc.object());
const text = (max = 64) => fc.string({ unit: 'grapheme', maxLength: max });
const required = (field: Omit<Field, 'required'>): Field => ({ ...field, required: true });
const oneOf = (values: readonly string[]): Field => ({
  valid: fc.constantFrom(...values),
  invalid: fc.oneof(
    fc.string().filter((s) => !values.includes(s)),
    fc.constantFrom(...values.map((v) => (v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase()))),
    nonString,
    fc.constant(null),
  ),
});
const maxText = (max: number, nullable = false): Field => ({
  valid: fc.oneof(text(), fc.constant('x'.repeat(max)), ...(nullable ? [fc.constant(null)] : [])),
  invalid: fc.oneof(
    fc.string({ minLength: max + 1, maxLength: max + 20 }),
    nonString,
    ...(nullable ? [] : [fc.constant(null)]),
  ),
});
const requiredText: Field = required({
  valid: text().filter((s) => s.length > 0),
  invalid: fc.oneof(fc.constant(''), nonString, fc.constant(null)),
});
const idOf = (prefix: string) => fc.stringMatching(/^[A-Za-z0-9]{1,24}$/).map((s) => `${prefix}${s}`);
const idParam = (prefix: string): Field => ({
  valid: idOf(prefix),
  invalid: fc.oneof(fc.constant(prefix), fc.constant(''), fc.constant(`x${prefix}1`), nonString),
});
const date = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2999-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const dateTime = (nullable = false): Field => ({
  valid: fc.oneof(
    date,
    date.map((d) => d.toISOString()),
    date.map((d) => d.toISOString().replace('Z', '+02:00')),
    ...(nullable ? [fc.constant(null)] : []),
  ),
  invalid: fc.oneof(
    fc.constant(new Date(Number.NaN)),
    date.map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom(
      'yesterday',
      '2026-13-01',
      '2026-02-30T25:00:00Z',
      '01/05/2026',
      '2026-01-05T10:00:00',
      '',
    ),
    fc.integer(),
    ...(nullable ? [] : [fc.constant(null)]),
  ),
});
const number = (min: number, opts: { integer?: boolean; nullable?: boolean; max?: number } = {}): Field => {
  const max = opts.max ?? 1e12;
  return {
    valid: fc.oneof(
      opts.integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
      fc.constant(min),
      ...(opts.nullable ? [fc.constant(null)] : []),
    ),
    invalid: fc.oneof(
      opts.integer
        ? fc.integer({ min: -1e9, max: min - 1 })
        : fc.double({ min: -1e12, max: min, maxExcluded: true, noNaN: true }),
      ...(opts.max === undefined ? [] : [fc.integer({ min: opts.max + 1, max: opts.max + 1e6 })]),
      ...(opts.integer ? [fc.double({ min: min + 0.001, max: min + 100, noInteger: true })] : []),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
      fc.constant(String(min + 1)),
      fc.boolean(),
      ...(opts.nullable ? [] : [fc.constant(null)]),
    ),
  };
};
const limit: Field = number(1, { integer: true, max: 100 });
const cursor: Field = {
  valid: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  invalid: fc.oneof(fc.constant(''), nonString),
};
const chain = oneOf(['tron', 'arbitrum', 'base']);
const token = oneOf(['USDT', 'USDC']);
const boolean: Field = {
  valid: fc.boolean(),
  invalid: fc.oneof(fc.constantFrom('true', 0, 1), fc.constant(null)),
};
const metadata: Field = {
  valid: fc.dictionary(
    fc.string().filter((k) => k !== '__proto__'),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 4 },
  ),
  invalid: fc.oneof(
    fc.constant('x'),
    fc.integer(),
    fc.array(fc.integer(), { minLength: 1 }),
    fc.constant(null),
  ),
};
const valueFields: Record<string, Field> = {
  value_boolean: {
    valid: fc.oneof(fc.boolean(), fc.constant(null)),
    invalid: fc.oneof(fc.constant('true'), fc.integer()),
  },
  value_numeric: {
    valid: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
    invalid: fc.oneof(fc.constant('1'), fc.boolean()),
  },
  value_string: { valid: fc.oneof(text(), fc.constant(null)), invalid: fc.oneof(fc.integer(), fc.boolean()) },
};
const valueType = oneOf(['boolean', 'numeric', 'string']);

const payoutStatuses = [
  'draft',
  'approved',
  'pending_execution',
  'executed',
  'verifying',
  'settled',
  'failed',
  'canceled',
];

/** Every SDK method. Keep in step with `src/resources/`. */
export const rows: Row[] = [
  {
    name: 'payouts.create',
    http: 'POST',
    path: () => '/payouts',
    fields: {
      recipient_address: requiredText,
      chain: required(chain),
      token: required(token),
      amount: required(number(0.01)),
      currency: requiredText,
      description: maxText(512, true),
      reference_type: oneOf(['checkout', 'subscription', 'invoice', 'manual']),
      reference_id: { valid: fc.oneof(text(), fc.constant(null)), invalid: nonString },
      due_date: dateTime(true),
    },
    call: (c, _, p: never) => c.payouts.create(p),
  },
  {
    name: 'payouts.list',
    http: 'GET',
    path: () => '/payouts',
    fields: {
      status: oneOf(payoutStatuses),
      due_date_before: dateTime(),
      due_date_after: dateTime(),
      limit,
      cursor,
    },
    call: (c, _, p: never) => c.payouts.list(p),
  },
  {
    name: 'payouts.update',
    http: 'PATCH',
    path: (id) => `/payouts/${id}`,
    idPrefix: 'po_',
    fields: {
      status: oneOf(['approved', 'canceled']),
      description: maxText(512, true),
      due_date: dateTime(true),
    },
    call: (c, id, p: never) => c.payouts.update(id, p),
  },
  {
    name: 'payouts.approve',
    http: 'PATCH',
    path: (id) => `/payouts/${id}`,
    idPrefix: 'po_',
    fields: {},
    fixed: { status: 'approved' },
    call: (c, id) => c.payouts.approve(id),
  },
  {
    name: 'payouts.cancel',
    http: 'PATCH',
    path: (id) => `/payouts/${id}`,
    idPrefix: 'po_',
    fields: {},
    fixed: { status: 'canceled' },
    call: (c, id) => c.payouts.cancel(id),
  },
  {
    name: 'payouts.settlements.list',
    http: 'GET',
    path: () => '/payouts/settlements',
    fields: { payout_intent_id: idParam('po_'), chain, limit, cursor },
    call: (c, _, p: never) => c.payouts.settlements.list(p),
  },
  {
    name: 'checkouts.list',
    http: 'GET',
    path: () => '/checkouts',
    fields: {
      status: oneOf(['pending', 'detected', 'confirming', 'confirmed', 'expired', 'failed']),
      limit,
      cursor,
    },
    call: (c, _, p: never) => c.checkouts.list(p),
  },
  {
    name: 'customers.create',
    http: 'POST',
    path: () => '/customers',
    fields: {
      email: required({
        valid: fc
          .emailAddress()
          .filter((e) => e.length <= 64 && /^[\w.+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(e)),
        invalid: fc.oneof(fc.constantFrom('', 'ada', 'ada@', '@example.com', 'ada example.com'), nonString),
      }),
      name: maxText(256),
      external_id: maxText(256),
      metadata,
    },
    call: (c, _, p: never) => c.customers.create(p),
  },
  {
    name: 'customers.list',
    http: 'GET',
    path: () => '/customers',
    fields: { offset: number(0, { integer: true }), limit },
    fixed: { offset: 0 },
    call: (c, _, p: never) => c.customers.list(p),
  },
  {
    name: 'entitlements.create',
    http: 'POST',
    path: () => '/subscriptions/entitlements',
    fields: {
      plan_id: required(idParam('plan_')),
      feature_key: required({
        valid: maxText(256).valid.filter((s) => typeof s === 'string' && s.length > 0),
        invalid: fc.oneof(fc.constant(''), maxText(256).invalid),
      }),
      value_type: required(valueType),
      ...valueFields,
    },
    params: fc
      .record({
        plan_id: idOf('plan_'),
        feature_key: text().filter((s) => s.length > 0),
        value_type: fc.constantFrom('boolean', 'numeric', 'string'),
      })
      .chain((base) =>
        fc
          .record({
            value: (valueFields[`value_${base.value_type}`] as Field).valid.filter((v) => v !== null),
          })
          .map(({ value }) => ({
            ...base,
            [`value_${base.value_type}`]: value,
          })),
      ),
    call: (c, _, p: never) => c.entitlements.create(p),
  },
  {
    name: 'entitlements.list',
    http: 'GET',
    path: () => '/subscriptions/entitlements',
    fields: { plan_id: required(idParam('plan_')) },
    call: (c, _, p: never) => c.entitlements.list(p),
  },
  {
    name: 'entitlements.update',
    http: 'PATCH',
    path: (id) => `/subscriptions/entitlements/${id}`,
    idPrefix: 'ent_',
    fields: { value_type: valueType, ...valueFields },
    params: fc.record(Object.fromEntries(Object.entries(valueFields).map(([k, f]) => [k, f.valid])), {
      requiredKeys: [],
    }),
    call: (c, id, p: never) => c.entitlements.update(id, p),
  },
  {
    name: 'entitlements.delete',
    http: 'DELETE',
    path: (id) => `/subscriptions/entitlements/${id}`,
    idPrefix: 'ent_',
    fields: {},
    call: (c, id) => c.entitlements.delete(id),
  },
  {
    name: 'paymentLinks.create',
    http: 'POST',
    path: () => '/payment-links',
    fields: {
      amount_usd: required(number(0.01)),
      payment_method_id: required(idParam('pm_')),
      description: maxText(512),
      expires_in_seconds: number(300, { integer: true }),
    },
    call: (c, _, p: never) => c.paymentLinks.create(p),
  },
  {
    name: 'paymentLinks.list',
    http: 'GET',
    path: () => '/payment-links',
    fields: { limit, cursor },
    call: (c, _, p: never) => c.paymentLinks.list(p),
  },
  {
    name: 'paymentMethods.list',
    http: 'GET',
    path: () => '/payment-methods',
    fields: { status: oneOf(['active', 'disabled']) },
    call: (c, _, p: never) => c.paymentMethods.list(p),
  },
  {
    name: 'paymentMethods.update',
    http: 'PATCH',
    path: (id) => `/payment-methods/${id}`,
    idPrefix: 'pm_',
    fields: {
      display_name: maxText(256, true),
      required_confirmations: number(1, { integer: true }),
      min_amount_usd: {
        valid: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
        invalid: fc.oneof(fc.constant('1'), fc.boolean()),
      },
      max_amount_usd: {
        valid: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
        invalid: fc.oneof(fc.constant('1'), fc.boolean()),
      },
      is_default: boolean,
    },
    params: fc.record(
      {
        display_name: maxText(256, true).valid,
        required_confirmations: fc.integer({ min: 1, max: 1000 }),
        min_amount_usd: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(null)),
        max_amount_usd: fc.oneof(fc.double({ min: 1e6, max: 1e9, noNaN: true }), fc.constant(null)),
        is_default: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    call: (c, id, p: never) => c.paymentMethods.update(id, p),
  },
  {
    name: 'plans.list',
    http: 'GET',
    path: () => '/subscriptions/plans',
    fields: { status: oneOf(['active', 'archived']) },
    call: (c, _, p: never) => c.plans.list(p),
  },
  {
    name: 'revenueEvents.list',
    http: 'GET',
    path: () => '/revenue/events',
    fields: {
      event_type: oneOf([
        'checkout_confirmed',
        'subscription_charged',
        'refund',
        'adjustment_credit',
        'adjustment_debit',
        'chargeback',
      ]),
      date_from: dateTime(),
      date_to: dateTime(),
      limit,
      cursor,
    },
    call: (c, _, p: never) => c.revenueEvents.list(p),
  },
  {
    name: 'subscriptions.create',
    http: 'POST',
    path: () => '/subscriptions',
    fields: {
      customer_id: required(idParam('cus_')),
      plan_id: required(idParam('plan_')),
      payment_method_id: idParam('pm_'),
    },
    call: (c, _, p: never) => c.subscriptions.create(p),
  },
  {
    name: 'subscriptions.update',
    http: 'PATCH',
    path: (id) => `/subscriptions/${id}`,
    idPrefix: 'sub_',
    fields: { action: required(oneOf(['cancel', 'cancel_immediately', 'pause', 'resume'])) },
    call: (c, id, p: never) => c.subscriptions.update(id, p),
  },
  ...(
    [
      ['cancel', 'cancel'],
      ['cancelImmediately', 'cancel_immediately'],
      ['pause', 'pause'],
      ['resume', 'resume'],
    ] as const
  ).map(
    ([method, action]): Row => ({
      name: `subscriptions.${method}`,
      http: 'PATCH',
      path: (id) => `/subscriptions/${id}`,
      idPrefix: 'sub_',
      fields: {},
      fixed: { action },
      call: (c, id) => c.subscriptions[method](id),
    }),
  ),
  {
    name: 'webhookEndpoints.delete',
    http: 'DELETE',
    path: (id) => `/webhooks/${id}`,
    idPrefix: 'we_',
    fields: {},
    call: (c, id) => c.webhookEndpoints.delete(id),
  },
];

/** Valid parameter sets of a row. */
export function validParams(row: Row): fc.Arbitrary<Record<string, unknown>> {
  if (row.params) return row.params;
  const names = Object.keys(row.fields);
  return fc.record(Object.fromEntries(names.map((n) => [n, (row.fields[n] as Field).valid])), {
    requiredKeys: names.filter((n) => row.fields[n]?.required),
  });
}

/** A valid path id for a row. */
export function validId(row: Row): fc.Arbitrary<string> {
  return row.idPrefix ? idOf(row.idPrefix) : fc.constant('');
}
