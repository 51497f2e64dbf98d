/**
 * One row per SDK method for `property.test.ts`: how to call it, its parameters (valid and invalid
 * values of each, from the spec's limits) and the request the spec says it sends. The method,
 * path, id prefix and the list of parameters (with which are required) come from each method's
 * operation, so they are never restated here; the values are literal (the spec's boundaries, STYLE.md
 * rule 13), one table by parameter name, so they stay a check of the schemas rather than a copy.
 */
import type { Chainbill } from 'chainbill';
import fc from 'fast-check';
import { idPrefixes } from '../src/internal/ids.js';
import type { Operation } from '../src/internal/operation.js';
import { checkoutOperations } from '../src/resources/checkouts.js';
import { customerOperations } from '../src/resources/customers.js';
import { entitlementOperations } from '../src/resources/entitlements.js';
import { paymentLinkOperations } from '../src/resources/payment-links.js';
import { paymentMethodOperations } from '../src/resources/payment-methods.js';
import { payoutSettlementOperations } from '../src/resources/payout-settlements.js';
import { payoutOperations } from '../src/resources/payouts.js';
import { planOperations } from '../src/resources/plans.js';
import { revenueEventOperations } from '../src/resources/revenue-events.js';
import { subscriptionOperations } from '../src/resources/subscriptions.js';
import { webhookEndpointOperations } from '../src/resources/webhook-endpoints.js';
import { addressOf } from '../src/testing/addresses.js';

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
  /** What it sends when that is not its params and `fixed` (a wait polls a list by the id). */
  sends?: (id: string) => Record<string, unknown>;
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
const payoutDescription = maxText(512, true);
/** A 20-byte account that is not the zero address. */
const account = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .filter((bytes) => bytes.some((byte) => byte !== 0));
/** Token amounts: at least 0.01, at most 6 decimals (USDT and USDC); 7 decimals is refused. */
const tokenAmount: Field = {
  valid: fc.oneof(
    fc.integer({ min: 10_000, max: 1e15 }).map((micro) => micro / 1e6),
    fc.constant(0.01),
  ),
  invalid: fc.oneof(
    number(0.01).invalid,
    fc.integer({ min: 1, max: 1e9 }).map((n) => n + 0.1234567),
    fc.constant(0.1 + 0.2),
  ),
};
const amountLimit: Field = {
  valid: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
  invalid: fc.oneof(fc.constant('1'), fc.boolean()),
};

/**
 * The values of each parameter, by wire name, for every method that has it; `byMethod` below holds
 * the few names whose rules differ between methods (`status`, `description`, `due_date`).
 */
const byName: Record<string, Field> = {
  // Valid ones depend on `chain`: see paramSets['payouts.create'].
  recipient_address: {
    valid: account.map((bytes) => addressOf('tron', bytes)),
    invalid: fc.oneof(
      requiredText.invalid,
      fc.constantFrom('T1', 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yd', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'),
    ),
  },
  chain,
  token,
  amount: tokenAmount,
  currency: requiredText,
  reference_type: oneOf(['checkout', 'subscription', 'invoice', 'manual']),
  reference_id: { valid: fc.oneof(text(), fc.constant(null)), invalid: nonString },
  due_date_before: dateTime(),
  due_date_after: dateTime(),
  limit,
  cursor,
  offset: number(0, { integer: true }),
  payout_intent_id: idParam('po_'),
  email: {
    valid: fc
      .emailAddress()
      .filter((e) => e.length <= 64 && /^[\w.+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(e)),
    invalid: fc.oneof(fc.constantFrom('', 'ada', 'ada@', '@example.com', 'ada example.com'), nonString),
  },
  name: maxText(256),
  external_id: maxText(256),
  metadata,
  plan_id: idParam('plan_'),
  customer_id: idParam('cus_'),
  payment_method_id: idParam('pm_'),
  feature_key: {
    valid: maxText(256).valid.filter((s) => typeof s === 'string' && s.length > 0),
    invalid: fc.oneof(fc.constant(''), maxText(256).invalid),
  },
  value_type: valueType,
  ...valueFields,
  amount_usd: number(0.01),
  expires_in_seconds: number(300, { integer: true }),
  display_name: maxText(256, true),
  required_confirmations: number(1, { integer: true }),
  min_amount_usd: amountLimit,
  max_amount_usd: amountLimit,
  is_default: boolean,
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
  action: oneOf(['cancel', 'cancel_immediately', 'pause', 'resume']),
};
const byMethod: Record<string, Record<string, Field>> = {
  'payouts.create': { description: payoutDescription, due_date: dateTime(true) },
  'payouts.list': { status: oneOf(payoutStatuses) },
  'payouts.update': {
    status: oneOf(['approved', 'canceled']),
    description: payoutDescription,
    due_date: dateTime(true),
  },
  'checkouts.list': {
    status: oneOf(['pending', 'detected', 'confirming', 'confirmed', 'expired', 'failed']),
  },
  'paymentLinks.create': { description: maxText(512) },
  'paymentMethods.list': { status: oneOf(['active', 'disabled']) },
  'plans.list': { status: oneOf(['active', 'archived']) },
};

/** A field of a params schema, as much of zod's own description of it as these rows read. */
interface FieldSchema {
  _zod: { optin?: string; def: { innerType?: FieldSchema; entries?: Record<string, string> } };
}

/** The fields of an operation's params schema, by wire name. */
function shapeOf(operation: Operation): Record<string, FieldSchema> {
  const def = operation.params?.()._zod.def as { shape?: Record<string, FieldSchema> } | undefined;
  return def?.shape ?? {};
}

/** The values of a parameter: literal above, or, for an enum nobody listed, its own options. */
function valuesOf(name: string, param: string, field: FieldSchema): Field {
  const listed = byMethod[name]?.[param] ?? byName[param];
  if (listed !== undefined) return listed;
  const entries = (field._zod.def.innerType ?? field)._zod.def.entries;
  if (entries !== undefined) return oneOf(Object.values(entries));
  throw new Error(`property rows: no values for \`${param}\` of ${name}: add them to byName`);
}

/**
 * A row for a method: method, path and id prefix from its operation; its parameters, and which
 * are required, from the operation's params schema, unless the method takes none of its own
 * (`approve`, `pause`, …: `fixed` says what it sends).
 */
function row(
  name: string,
  operation: Operation,
  call: Row['call'],
  extra: Pick<Row, 'fixed'> & { ownParams?: false } = {},
): Row {
  const fields: Record<string, Field> = {};
  if (extra.ownParams !== false) {
    for (const [param, field] of Object.entries(shapeOf(operation)))
      fields[param] = { ...valuesOf(name, param, field), required: field._zod.optin !== 'optional' };
  }
  const params = paramSets[name];
  return {
    name,
    http: operation.method,
    path: (id) => operation.path.replace('{id}', id),
    ...(operation.id === undefined ? {} : { idPrefix: idPrefixes[operation.id] }),
    fields,
    ...(params === undefined ? {} : { params }),
    ...(extra.fixed === undefined ? {} : { fixed: extra.fixed }),
    call,
  };
}

/** Valid parameter sets where fields depend on each other (the value field `value_type` names). */
const paramSets: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  // A recipient address is one of its chain: chain and address are drawn together.
  'payouts.create': fc
    .record(
      {
        chain: fc.constantFrom('tron', 'arbitrum', 'base'),
        account,
        token: token.valid,
        amount: tokenAmount.valid,
        currency: requiredText.valid,
        description: payoutDescription.valid,
        reference_type: oneOf(['checkout', 'subscription', 'invoice', 'manual']).valid,
        reference_id: fc.oneof(text(), fc.constant(null)),
        due_date: dateTime(true).valid,
      },
      { requiredKeys: ['chain', 'account', 'token', 'amount', 'currency'] },
    )
    .map(({ account: bytes, chain: on, ...rest }) => ({
      ...rest,
      chain: on,
      recipient_address: addressOf(on as 'tron' | 'arbitrum' | 'base', bytes as Uint8Array),
    })),
  'entitlements.create': fc
    .record({
      plan_id: idOf('plan_'),
      feature_key: text().filter((s) => s.length > 0),
      value_type: fc.constantFrom('boolean', 'numeric', 'string'),
    })
    .chain((base) =>
      fc
        .record({ value: (valueFields[`value_${base.value_type}`] as Field).valid.filter((v) => v !== null) })
        .map(({ value }) => ({ ...base, [`value_${base.value_type}`]: value })),
    ),
  'entitlements.update': fc.record(
    Object.fromEntries(Object.entries(valueFields).map(([k, f]) => [k, f.valid])),
    { requiredKeys: [] },
  ),
  'paymentMethods.update': fc.record(
    {
      display_name: maxText(256, true).valid,
      required_confirmations: fc.integer({ min: 1, max: 1000 }),
      min_amount_usd: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(null)),
      max_amount_usd: fc.oneof(fc.double({ min: 1e6, max: 1e9, noNaN: true }), fc.constant(null)),
      is_default: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
};

/**
 * Each resource namespace and its operations table. A table's keys are its methods' names, so a
 * new operation gets its row here without a line of its own; a method named otherwise has no row,
 * and `surface.test.ts` names it.
 */
const tables: Record<string, Record<string, Operation>> = {
  payouts: payoutOperations,
  'payouts.settlements': payoutSettlementOperations,
  checkouts: checkoutOperations,
  customers: customerOperations,
  entitlements: entitlementOperations,
  paymentLinks: paymentLinkOperations,
  paymentMethods: paymentMethodOperations,
  plans: planOperations,
  revenueEvents: revenueEventOperations,
  subscriptions: subscriptionOperations,
  webhookEndpoints: webhookEndpointOperations,
};

/** Calls `namespace.method` on a client with the arguments its operation takes: id, params. */
function caller(namespace: string, method: string, operation: Operation): Row['call'] {
  return (client, id, params) => {
    const target = namespace
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], client);
    const args = [...(operation.id === undefined ? [] : [id]), ...(operation.params ? [params] : [])];
    return (target as Record<string, (...a: unknown[]) => PromiseLike<unknown>>)[method]?.(
      ...args,
    ) as PromiseLike<unknown>;
  };
}

/** Every SDK method: one row per operation, and the shortcuts that send an operation with fixed params. */
export const rows: Row[] = [
  ...Object.entries(tables).flatMap(([namespace, operations]) =>
    Object.entries(operations).map(([method, operation]) =>
      row(`${namespace}.${method}`, operation, caller(namespace, method, operation), {
        ...(operation.paging === 'offset' ? { fixed: { offset: 0 } } : {}),
      }),
    ),
  ),
  row('payouts.approve', payoutOperations.update, (c, id) => c.payouts.approve(id), {
    ownParams: false,
    fixed: { status: 'approved' },
  }),
  row('payouts.cancel', payoutOperations.update, (c, id) => c.payouts.cancel(id), {
    ownParams: false,
    fixed: { status: 'canceled' },
  }),
  // A wait is polls of the settlement list: its options are no params, and it sends the id.
  {
    ...row(
      'payouts.waitForSettlement',
      payoutSettlementOperations.list,
      (c, id) => c.payouts.waitForSettlement(id, { pollIntervalMs: 1, maxWaitMs: 1 }),
      { ownParams: false },
    ),
    idPrefix: 'po_',
    sends: (id) => ({ payout_intent_id: id, limit: 100 }),
  },
  ...(
    [
      ['cancel', 'cancel'],
      ['cancelImmediately', 'cancel_immediately'],
      ['pause', 'pause'],
      ['resume', 'resume'],
    ] as const
  ).map(([method, action]) =>
    row(`subscriptions.${method}`, subscriptionOperations.update, (c, id) => c.subscriptions[method](id), {
      ownParams: false,
      fixed: { action },
    }),
  ),
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
