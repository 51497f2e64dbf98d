/**
 * The in-place response check (src/internal/in-place.ts) against zod, its judge: whenever the quick
 * check takes a body instead of asking zod, zod must accept that body and return an equal value.
 * Bodies are the fake's own answers to every list (a page of each model, as the SDK reads it) and to
 * `subscriptions.create` (the spec has no subscription list), and those answers with one value
 * anywhere in them replaced or removed, or a key added to an object (`__proto__` and `constructor`
 * among them, as own properties, as `JSON.parse` makes them). A quick check that let a
 * wrong type, a missing field or a bad enum through would fail here even where no other test
 * happened to send that body.
 */
import { Chainbill } from 'chainbill';
import { applySeedFile, createFakeChainbill } from 'chainbill/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import seedFile from '../examples/fake-server/seed.json' with { type: 'json' };
import { miss, quickParse } from '../src/internal/in-place.js';
import { listEnvelope } from '../src/internal/schemas.js';
import { payoutOperations } from '../src/payouts/operations.js';
import { payoutSettlementOperations } from '../src/payouts/settlements.js';
import { checkoutOperations } from '../src/resources/checkouts.js';
import { customerOperations } from '../src/resources/customers.js';
import { entitlementOperations } from '../src/resources/entitlements/operations.js';
import { paymentLinkOperations } from '../src/resources/payment-links.js';
import { paymentMethodOperations } from '../src/resources/payment-methods.js';
import { planOperations } from '../src/resources/plans.js';
import { subscriptionOperations } from '../src/resources/subscriptions/operations.js';
import { revenueEventOperations } from '../src/revenue-events/event.js';

/** The fake's answer (as JSON text parsed once) to each list, with every model in it. */
async function answers(): Promise<Array<{ name: string; schema: z.ZodMiniType; body: unknown }>> {
  const fake = createFakeChainbill();
  applySeedFile(fake, seedFile);
  const seen: string[] = [];
  const last = (): unknown => JSON.parse(seen.at(-1) ?? 'null');
  const chainbill = new Chainbill({
    apiKey: 'sk_test_acme_ci',
    baseUrl: fake.baseUrl,
    fetch: async (input, init) => {
      const response = await fake.fetch(input, init);
      seen.push(await response.clone().text());
      return response;
    },
  });
  const [customer] = (await chainbill.customers.list()).data;
  const [plan] = (await chainbill.plans.list()).data;
  const [method] = (await chainbill.paymentMethods.list()).data;
  if (!customer || !plan || !method)
    throw new Error('the seed file lost its customer, plan or payment method');
  await chainbill.subscriptions.create({ customer_id: customer.id, plan_id: plan.id });
  const subscription = {
    name: 'subscription',
    schema: subscriptionOperations.create.response(''),
    body: last(),
  };
  await chainbill.paymentLinks.create({
    amount_usd: 49.99,
    payment_method_id: method.id,
    description: 'Annual plan',
  });
  await chainbill.entitlements.create({
    plan_id: plan.id,
    feature_key: 'seats',
    value_type: 'numeric',
    value_numeric: 5,
  });
  const [payout] = (await chainbill.payouts.list({ status: 'settled' })).data;
  if (!payout) throw new Error('the seed file lost its settled payout');
  const lists = [
    ['customers', customerOperations.list, () => chainbill.customers.list()],
    ['plans', planOperations.list, () => chainbill.plans.list()],
    ['paymentMethods', paymentMethodOperations.list, () => chainbill.paymentMethods.list()],
    ['payouts', payoutOperations.list, () => chainbill.payouts.list()],
    ['settlements', payoutSettlementOperations.list, () => chainbill.payouts.settlements.list()],
    ['checkouts', checkoutOperations.list, () => chainbill.checkouts.list()],
    ['paymentLinks', paymentLinkOperations.list, () => chainbill.paymentLinks.list()],
    ['entitlements', entitlementOperations.list, () => chainbill.entitlements.list({ plan_id: plan.id })],
    ['revenueEvents', revenueEventOperations.list, () => chainbill.revenueEvents.list()],
  ] as const;
  const out: Array<{ name: string; schema: z.ZodMiniType; body: unknown }> = [
    { ...subscription, schema: subscription.schema as z.ZodMiniType },
  ];
  for (const [name, operation, call] of lists) {
    const page = await call();
    expect(page.data.length, name).toBeGreaterThan(0);
    const item = operation.response('') as z.ZodMiniType;
    out.push({ name, schema: listEnvelope(item) as z.ZodMiniType, body: last() });
  }
  return out;
}

/** Every path to a value inside `value` (object keys and array indexes), the root excluded. */
function pathsOf(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...at, key], ...pathsOf(item, [...at, key])]);
}

/** A change to one place of a body: its value replaced, removed (`miss`), or a key added beside it. */
type Change =
  | { kind: 'set'; value: unknown }
  | { kind: 'remove' }
  | { kind: 'add'; key: string; value: unknown };

/** A deep copy of `body` with `change` made at `path` (an added key is an own property, as JSON.parse makes one). */
function changed(body: unknown, path: Array<string | number>, change: Change): unknown {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (change.kind === 'add') {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target))
      Object.defineProperty(target, change.key, {
        value: change.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  } else if (change.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = change.value;
  return copy;
}

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom(null, '', 0, -1, 1.5, true, 'unknown_value', 'not a date', [], {}),
);
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), value }),
  fc.constant({ kind: 'remove' as const }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'extra_field'),
      fc.string(),
    ),
    value,
  }),
);

describe('the in-place check agrees with zod', async () => {
  const bodies = await answers();

  it.each(bodies.map((b) => [b.name, b] as const))(
    '%s: the fake’s own page is taken in place',
    (_, { schema, body }) => {
      const quick = quickParse(schema, body);
      expect(quick).not.toBe(miss);
      expect(schema.safeParse(body)).toEqual({ success: true, data: quick });
    },
  );

  it.each(bodies.map((b) => [b.name, b] as const))(
    '%s: a page with any one value changed is taken in place only where zod takes it, as zod would return it',
    (_, { schema, body }) => {
      const paths = pathsOf(body);
      let taken = 0;
      let refused = 0;
      fc.assert(
        fc.property(fc.nat({ max: paths.length - 1 }), change, (i, made) => {
          const value = changed(body, paths[i] ?? [], made);
          const quick = quickParse(schema, value);
          const judged = schema.safeParse(value);
          if (!judged.success) refused++;
          if (quick === miss) return;
          taken++;
          expect(judged.success).toBe(true);
          expect(quick).toEqual(judged.data);
        }),
        { numRuns: 300 },
      );
      // Both sides were reached: the check took some changed pages and zod refused others.
      expect(taken).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});
