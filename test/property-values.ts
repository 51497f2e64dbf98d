/**
 * The values of each parameter for `property-rows.ts`: for every wire name, values the spec allows
 * and values it does not. They are literal (the spec's boundaries, STYLE.md rule 13), one table by
 * parameter name, so they stay a check of the schemas rather than a copy; a method's row reads the
 * names its operation's schema has, and a name never seen before needs its line in `byName`.
 */
import fc from 'fast-check';
import { addressOf } from '../src/testing/state/addresses.js';

/** One parameter: values the spec allows, values it does not, how the SDK puts it on the wire. */
export interface Field {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
  required?: boolean;
}

const nonString = fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }), fc.object());
export const text = (max = 64): fc.Arbitrary<string> => fc.string({ unit: 'grapheme', maxLength: max });
const required = (field: Omit<Field, 'required'>): Field => ({ ...field, required: true });
export const oneOf = (values: readonly string[]): Field => ({
  valid: fc.constantFrom(...values),
  invalid: fc.oneof(
    fc.string().filter((s) => !values.includes(s)),
    fc.constantFrom(...values.map((v) => (v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase()))),
    nonString,
    fc.constant(null),
  ),
});
export const maxText = (max: number, nullable = false): Field => ({
  valid: fc.oneof(text(), fc.constant('x'.repeat(max)), ...(nullable ? [fc.constant(null)] : [])),
  invalid: fc.oneof(
    fc.string({ minLength: max + 1, maxLength: max + 20 }),
    nonString,
    ...(nullable ? [] : [fc.constant(null)]),
  ),
});
export const requiredText: Field = required({
  valid: text().filter((s) => s.length > 0),
  invalid: fc.oneof(fc.constant(''), nonString, fc.constant(null)),
});
export const idOf = (prefix: string): fc.Arbitrary<string> =>
  fc.stringMatching(/^[A-Za-z0-9]{1,24}$/).map((s) => `${prefix}${s}`);
const idParam = (prefix: string): Field => ({
  valid: idOf(prefix),
  invalid: fc.oneof(fc.constant(prefix), fc.constant(''), fc.constant(`x${prefix}1`), nonString),
});
const date = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2999-12-31T23:59:59Z'),
  noInvalidDate: true,
});
export const dateTime = (nullable = false): Field => ({
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
export const token: Field = oneOf(['USDT', 'USDC']);
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
export const valueFields: Record<string, Field> = {
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
export const payoutDescription: Field = maxText(512, true);
/** A 20-byte account that is not the zero address. */
export const account: fc.Arbitrary<Uint8Array> = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .filter((bytes) => bytes.some((byte) => byte !== 0));
/** Token amounts: at least 0.01, at most 6 decimals (USDT and USDC); 7 decimals is refused. */
export const tokenAmount: Field = {
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
export const byName: Record<string, Field> = {
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
export const byMethod: Record<string, Record<string, Field>> = {
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
