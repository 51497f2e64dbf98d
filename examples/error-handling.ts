/**
 * Error handling (docs/errors.md): one `catch` that tells the failures apart with `instanceof`,
 * tried on each kind of failure a call can meet.
 *
 *   npx tsx examples/error-handling.ts
 */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  Chainbill,
  ChainbillError,
  ConflictError,
  type Fetch,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
} from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';

/** What a payout job would do with each error: fix the input, fix the key, wait, or give up. */
function describe(error: unknown): string {
  if (error instanceof RequestValidationError)
    return `bad input, nothing sent: \`${error.param}\` ${error.issues[0]?.message}`;
  if (error instanceof AuthenticationError)
    return `check the API key (${error.status ?? 'no request'}, ${error.code})`;
  if (error instanceof RateLimitError) return `slow down: retry after ${error.retryAfter} s`;
  if (error instanceof ConflictError) return `state forbids it (409 ${error.code}): ${error.message}`;
  if (error instanceof NotFoundError) return `no such resource (404 ${error.code})`;
  if (error instanceof APIError)
    return `API error ${error.status} ${error.code}, request id ${error.requestId}`;
  // Subclass before its parent: a timeout is also an APIConnectionError.
  if (error instanceof APIConnectionTimeoutError) return `timed out on every attempt: ${error.message}`;
  if (error instanceof APIConnectionError) return `network: ${error.message}`;
  if (error instanceof APIUserAbortError) return 'aborted by our own signal';
  if (error instanceof ChainbillError) return `${error.name}: ${error.message}`;
  throw error; // not from chainbill: let it crash
}

async function attempt(label: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    console.log(`${label}: succeeded`);
  } catch (error) {
    console.log(`${label}: ${describe(error)}`);
  }
}

const fake = createFakeChainbill();
const server = await fake.listen();
const baseUrl = server.url;

try {
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl });
  const payout = await chainbill.payouts.create({
    recipient_address: '0x5ae3B1c9D2f47e8A6B0C3d9E1f2A4b6C8D0e1F23',
    chain: 'base',
    token: 'USDC',
    amount: 40,
    currency: 'USD',
  });

  await attempt('amount 0.001', () =>
    chainbill.payouts.create({
      recipient_address: payout.recipient_address,
      chain: 'base',
      token: 'USDC',
      amount: 0.001, // the API's minimum is 0.01
      currency: 'USD',
    }),
  );
  await attempt('malformed key', async () => new Chainbill({ apiKey: 'pk_live_oops', baseUrl }));
  await attempt('revoked key', () =>
    new Chainbill({ apiKey: 'sk_test_revoked', baseUrl, maxRetries: 0 }).payouts.list(),
  );
  await attempt('unknown payout', () => chainbill.payouts.approve('po_does_not_exist'));
  await chainbill.payouts.approve(payout.id);
  await attempt('approve twice', () => chainbill.payouts.approve(payout.id));

  // A fetch that answers 429 twice, then lets requests through: the SDK waits `Retry-After` and
  // retries on its own (maxRetries, default 2); with maxRetries: 0 the caller sees the 429.
  const limited = (): Fetch => {
    let calls = 0;
    return async (input, init) => {
      calls += 1;
      if (calls <= 2) {
        const body = {
          error: { type: 'rate_limit_error', code: 'rate_limited', message: 'Slow down', param: null },
        };
        return Response.json(body, { status: 429, headers: { 'retry-after': '1' } });
      }
      return fake.fetch(input, init);
    };
  };
  const retried = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: limited() });
  await attempt('429 twice, default retries', () => retried.payouts.list());
  const impatient = new Chainbill({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    fetch: limited(),
    maxRetries: 0,
  });
  await attempt('429, maxRetries: 0', () => impatient.payouts.list());

  // Nothing listens on port 9 of this machine: the connection is refused.
  await attempt('server down', () =>
    new Chainbill({ apiKey: fake.apiKey, baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 }).payouts.list(),
  );

  // A server that never answers: `timeout` is per attempt, in ms.
  const silent: Fetch = (input, init) =>
    new Promise((_, reject) => {
      const signal = input instanceof Request ? input.signal : init?.signal;
      signal?.addEventListener('abort', () => reject(signal.reason));
    });
  const slow = new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: silent, maxRetries: 0 });
  await attempt('no answer, timeout 200 ms', () => slow.payouts.list({}, { timeout: 200 }));
  await attempt('our own abort', () => slow.payouts.list({}, { signal: AbortSignal.timeout(100) }));
} finally {
  await server.close();
}
