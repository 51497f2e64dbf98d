// A merchant's module compiled with @tsconfig/strictest (exactOptionalPropertyTypes,
// noPropertyAccessFromIndexSignature, noUncheckedIndexedAccess, …), type-checked by
// scripts/smoke.sh on the oldest TypeScript the package supports and on TypeScript 7, then run.
//
// Code under exactOptionalPropertyTypes forwards maybe-values: a field it was given or not
// (`string | undefined`) goes on into the SDK's params and per-call options as is. The SDK's input
// types say `?: T | undefined` for that (DESIGN.md: the client), and at run time `undefined` means
// "not given": no description, the first page, a generated Idempotency-Key.
import {
  Chainbill,
  type PayoutCreateParams,
  type PayoutIntent,
  type PayoutStatus,
  type RequestOptions,
} from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

/** An invoice as the merchant's own code has it: optional fields may hold `undefined`. */
interface Invoice {
  id: string;
  wallet: string;
  amount: number;
  description?: string | undefined;
  dueDate?: string | undefined;
  idempotencyKey?: string | undefined;
}

/** What a caller may ask of a payout listing; any of it may be left out or `undefined`. */
interface PayoutFilters {
  status?: PayoutStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** Pays an invoice: maybe-values forwarded into params and per-call options alike. */
async function payInvoice(
  chainbill: Chainbill,
  invoice: Invoice,
  signal?: AbortSignal,
): Promise<PayoutIntent> {
  const params = {
    recipient_address: invoice.wallet,
    chain: 'tron',
    token: 'USDT',
    amount: invoice.amount,
    currency: 'USD',
    description: invoice.description,
    due_date: invoice.dueDate,
  } satisfies PayoutCreateParams;
  const { idempotencyKey } = invoice;
  const options: RequestOptions = { idempotencyKey, signal, timeout: undefined };
  return chainbill.payouts.create(params, options);
}

/** One page of payouts, with whatever filters the caller gave. */
async function listPayouts(chainbill: Chainbill, filters: PayoutFilters): Promise<PayoutIntent[]> {
  const { status, cursor, limit } = filters;
  const page = await chainbill.payouts.list({ status, cursor, limit });
  return page.data;
}

/** A customer and a subscription, each optional field possibly `undefined`. */
async function subscribe(
  chainbill: Chainbill,
  opts: { email: string; name?: string | undefined; planId: string; paymentMethodId?: string | undefined },
): Promise<string> {
  const customer = await chainbill.customers.create({
    email: opts.email,
    name: opts.name,
    external_id: undefined,
  });
  const subscription = await chainbill.subscriptions.create({
    customer_id: customer.id,
    plan_id: opts.planId,
    payment_method_id: opts.paymentMethodId,
  });
  return subscription.status;
}

const fake = createFakeChainbill();
const server = await fake.listen();
try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url, maxRetries: undefined });
  const noDescription: string | undefined = undefined;
  const payout = await payInvoice(chainbill, {
    id: 'inv_1',
    wallet: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
    amount: 12.5,
    description: noDescription,
  });
  const update = await chainbill.payouts.update(payout.id, {
    description: noDescription,
    due_date: undefined,
  });
  const listed = await listPayouts(chainbill, { status: undefined, cursor: undefined });
  const plan = fake.seed.plan({ name: 'Pro', amount: 29 });
  fake.seed.paymentMethod({ is_default: true });
  const status = await subscribe(chainbill, { email: 'ada@example.com', planId: plan.id });

  const sentKey = fake.requests.find((r) => r.method === 'POST' && r.path === '/payouts')?.idempotencyKey;
  if (payout.description !== null || update.id !== payout.id || listed.length !== 1 || !sentKey) {
    throw new Error(`unexpected answers: ${JSON.stringify({ payout, listed: listed.length, sentKey })}`);
  }
  console.log(
    `ok ts strictest: undefined read as "not given" (${payout.id} without description, first page of ${listed.length}, generated Idempotency-Key, subscription ${status}), via ${server.url}`,
  );
} finally {
  await server.close();
}
