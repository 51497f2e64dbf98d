import { inspect } from 'node:util';
import {
  Chainbill,
  type ClientOptions,
  type Fetch,
  type Logger,
  type PayoutIntent,
  type PayoutSettlement,
} from 'chainbill';
import { expect, vi } from 'vitest';

/** A request as a scripted `fetch` saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The raw body text ('' for none). */
  body: string;
  /** `Date.now()` when the request arrived: under fake timers, the controlled clock's time. */
  at: number;
}

/** One scripted answer: a response, or a thrown error (a broken connection). */
export type Step = (request: Request) => Response | Promise<Response>;

/**
 * A `fetch` that answers the n-th request with the n-th step (the last step repeats), recording
 * every request it saw. Pass it as the client's `fetch` option.
 */
export function scriptedFetch(...steps: Step[]): { fetch: Fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const fetch: Fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const step = steps[Math.min(seen.length, steps.length - 1)];
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
      at: Date.now(),
    });
    if (step === undefined) throw new Error('scriptedFetch: no steps');
    return step(request);
  };
  return { fetch, seen };
}

/** A JSON response step. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Step {
  return () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

/** An error response step with the spec's error body. */
export function apiError(status: number, headers: Record<string, string> = {}): Step {
  return json(
    status,
    { error: { type: 'api_error', code: `status_${status}`, message: `status ${status}`, param: null } },
    headers,
  );
}

/** A step where the connection breaks before any response, as undici reports it. */
export function connectionReset(): Step {
  return () => {
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    });
  };
}

/** A step that never answers, until the request's signal aborts (as a real fetch does). */
export function hang(): Step {
  return (request) =>
    new Promise<Response>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    });
}

/** A UUID v4, as `crypto.randomUUID()` makes. */
export const uuidV4: RegExp = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The params of `payouts.create` whose answer `payoutFixture()` is: a real Tron address, 125.5 USDT. */
export const payoutParams = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 125.5,
  currency: 'USD',
} as const;

/** A payout intent as the spec shapes it. */
export function payoutFixture(fields: Partial<PayoutIntent> = {}): PayoutIntent {
  return {
    id: 'po_fixture1',
    org_id: 'org_1',
    ...payoutParams,
    amount_atomic: '125500000',
    status: 'draft',
    description: null,
    reference_type: 'manual',
    reference_id: null,
    due_date: null,
    approved_at: null,
    approved_by: null,
    executed_at: null,
    expected_tx_hash: null,
    verified_at: null,
    failed_at: null,
    canceled_at: null,
    failure_reason: null,
    environment: 'sandbox',
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...fields,
  };
}

/** A settlement record of a payout as the spec shapes it: 125.5 USDT on Tron, 1 confirmation. */
export function settlementFixture(fields: Partial<PayoutSettlement> = {}): PayoutSettlement {
  return {
    id: 'ps_fixture1',
    org_id: 'org_1',
    payout_intent_id: 'po_fixture1',
    tx_hash: '4a1f0c7e9b2d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6',
    log_index: 0,
    from_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
    to_address: payoutParams.recipient_address,
    amount_atomic: '125500000',
    block_number: 71_234_567,
    block_hash: '00000000043ef2a1b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6',
    confirmations: 1,
    confirmed_at: '2026-01-05T10:05:00.000Z',
    detected_at: '2026-01-05T10:04:57.000Z',
    created_at: '2026-01-05T10:04:57.000Z',
    ...fields,
  };
}

/** A 200 answering `payoutFixture()`, as an update of a payout does. */
export const ok: Step = json(200, payoutFixture());
/** A 201 answering `payoutFixture()`, as `payouts.create` does. */
export const created: Step = json(201, payoutFixture());

/** A list envelope (spec: List envelope). */
export function envelope<T>(
  data: T[],
  next_cursor: string | null = null,
  has_more: boolean = next_cursor !== null,
): { data: T[]; has_more: boolean; next_cursor: string | null } {
  return { data, has_more, next_cursor };
}

/** The key used by clients built on a scripted fetch. */
export const testKey = 'sk_test_scripted_5f2c9a1e7b';
/** The base URL used by clients built on a scripted fetch. */
export const testBaseUrl = 'https://api.chainbill.test/v1';

/** A client on `fetch` with the test key and base URL, logging off; `options` go over those. */
export function clientOn(fetch: Fetch, options: ClientOptions = {}): Chainbill {
  return new Chainbill({ apiKey: testKey, baseUrl: testBaseUrl, fetch, logLevel: 'off', ...options });
}

/**
 * Puts the test on vitest's fake clock (STYLE.md rule 15): the SDK's retry waits and per-attempt
 * timeouts are `setTimeout`s, and `Retry-After` dates are read against `Date.now()`. The test file
 * calls `vi.useRealTimers()` after each test.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/** Moves the fake clock `ms` on, checking the next request goes out then and not 1 ms sooner. */
export async function expectNextRequestAfter(seen: SeenRequest[], ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(0); // the request in flight reaches fetch
  const before = seen.length;
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(seen).toHaveLength(before);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toHaveLength(before + 1);
}

/** A call whose progress a test can read between steps of a fake clock. */
export interface Tracked {
  /** Whether the call has resolved or rejected yet. */
  settled: boolean;
  /** The call's value, or the error it rejected with. */
  outcome: Promise<unknown>;
}

/**
 * Follows a call (an `APIPromise` or any promise) so a test can check, after each step of a fake
 * clock, whether it has settled yet: its timing is asserted without reading wall time.
 */
export function track(call: PromiseLike<unknown>): Tracked {
  const tracked: Tracked = { settled: false, outcome: Promise.resolve() };
  tracked.outcome = Promise.resolve(call).then(
    (value) => {
      tracked.settled = true;
      return value;
    },
    (error: unknown) => {
      tracked.settled = true;
      return error;
    },
  );
  return tracked;
}

/** A retry as the client announces it at `logLevel: 'info'`: `[chainbill] retrying POST /payouts in 500 ms`. */
export interface AnnouncedRetry {
  /** The wait the client chose, in ms (rounded, as logged). */
  ms: number;
  /** The message of the error that is being retried. */
  reason: unknown;
}

/**
 * A logger that keeps the retries the client announces; pass it with `logLevel: 'info'`. Each
 * retry's delay is how long the client chose to wait, read without a clock.
 */
export function retryLogger(): { logger: Logger; retries: AnnouncedRetry[] } {
  const retries: AnnouncedRetry[] = [];
  const logger: Logger = {
    error() {},
    warn() {},
    debug() {},
    info(message, details) {
      const delay = /\bretrying [A-Z]+ \S+ in (\d+) ms$/.exec(message)?.[1];
      if (delay !== undefined) retries.push({ ms: Number(delay), reason: details?.['reason'] });
    },
  };
  return { logger, retries };
}

/** A logger that drops every line. */
export const silent: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/** A log line as a `captureLogger()` logger received it. */
export interface LogLine {
  level: string;
  message: string;
  details: Record<string, unknown> | undefined;
}

/** A logger that keeps every line it is given, at every level. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (message: string, details?: Record<string, unknown>): void => {
      lines.push({ level, message, details });
    };
  return { logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }, lines };
}

/**
 * A client with `apiKey` on a scripted `fetch` answering `steps`, logging every level into `lines`,
 * and retrying once; `options` go over those.
 */
export function loggedClient(
  apiKey: string,
  steps: Step[],
  options: ClientOptions = {},
): { client: Chainbill; seen: SeenRequest[]; lines: LogLine[] } {
  const { fetch, seen } = scriptedFetch(...steps);
  const { logger, lines } = captureLogger();
  const client = new Chainbill({
    apiKey,
    baseUrl: testBaseUrl,
    fetch,
    logger,
    logLevel: 'debug',
    maxRetries: 1,
    ...options,
  });
  return { client, seen, lines };
}

/** Every way an error or object is commonly turned into text: to check none of them holds a secret. */
export function renderings(value: unknown): string[] {
  const out = [
    String(value),
    JSON.stringify(value) ?? '',
    inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
  ];
  if (value instanceof Error) out.push(value.message, value.stack ?? '');
  return out;
}
