/**
 * Hooks (DESIGN.md: Hooks and telemetry): they see every attempt in order, they never see the key,
 * and they cannot change a call's outcome.
 */
import {
  BadRequestError,
  Chainbill,
  type ClientOptions,
  type HookInfo,
  type Hooks,
  InternalServerError,
} from 'chainbill';
import { describe, expect, it } from 'vitest';
import { useLoopback } from './loopback.js';
import {
  apiError,
  connectionReset,
  json,
  payoutFixture,
  type Step,
  scriptedFetch,
} from './scripted-fetch.js';

const key = 'sk_test_hookssecret123';
const now = { 'retry-after': '0', 'x-request-id': 'req_test' }; // retry at once: no test waits

function client(steps: Step[], options: ClientOptions = {}) {
  const scripted = scriptedFetch(...steps);
  const chainbill = new Chainbill({
    apiKey: key,
    baseUrl: 'https://api.chainbill.test/v1',
    fetch: scripted.fetch,
    ...options,
  });
  return { chainbill, seen: scripted.seen };
}

/** Hooks that record every call as `[name, info]`. */
function recorder(): { hooks: Hooks; calls: [string, HookInfo][] } {
  const calls: [string, HookInfo][] = [];
  const at =
    (name: string) =>
    (info: HookInfo): void => {
      calls.push([name, info]);
    };
  return {
    calls,
    hooks: {
      beforeRequest: [at('beforeRequest')],
      afterResponse: [at('afterResponse')],
      beforeRetry: [at('beforeRetry')],
      beforeError: [at('beforeError')],
    },
  };
}

const silent = { error() {}, warn() {}, info() {}, debug() {} };
const loopback = useLoopback();

describe('hooks', () => {
  it('fire once per attempt, in order, across 503 → 503 → 200', async () => {
    const { hooks, calls } = recorder();
    const { chainbill } = client([
      apiError(503, now),
      apiError(503, now),
      json(200, payoutFixture(), { 'x-request-id': 'req_test' }),
    ]);
    const payout = await chainbill.payouts.approve('po_123', { hooks });
    expect(payout.id).toBe('po_fixture1');
    expect(calls.map(([name, info]) => [name, info.attempt, info.status])).toEqual([
      ['beforeRequest', 1, undefined],
      ['afterResponse', 1, 503],
      ['beforeRetry', 2, 503],
      ['beforeRequest', 2, undefined],
      ['afterResponse', 2, 503],
      ['beforeRetry', 3, 503],
      ['beforeRequest', 3, undefined],
      ['afterResponse', 3, 200],
    ]);
    const [, first] = calls[0] ?? [];
    expect(first).toMatchObject({
      method: 'PATCH',
      route: '/payouts/{id}',
      url: 'https://api.chainbill.test/v1/payouts/po_123',
      attempt: 1,
    });
    const keys = new Set(calls.map(([, info]) => info.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.every(([, info]) => Object.isFrozen(info))).toBe(true);
    const after = calls.filter(([name]) => name === 'afterResponse').map(([, info]) => info);
    expect(after.every((info) => typeof info.durationMs === 'number' && info.durationMs >= 0)).toBe(true);
    expect(after.every((info) => info.requestId === 'req_test')).toBe(true);
  });

  it('beforeError sees the final error and its status; a connection error has no afterResponse', async () => {
    const { hooks, calls } = recorder();
    const { chainbill } = client([connectionReset(), apiError(500, now)], { maxRetries: 1 });
    const error = await chainbill.payouts.list({ limit: 5 }, { hooks }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(calls.map(([name, info]) => [name, info.attempt])).toEqual([
      ['beforeRequest', 1],
      ['beforeRetry', 2],
      ['beforeRequest', 2],
      ['afterResponse', 2],
      ['beforeError', 2],
    ]);
    const [, last] = calls.at(-1) ?? [];
    expect(last).toMatchObject({ status: 500, error, route: '/payouts', idempotencyKey: null });
    expect(last?.url).toBe('https://api.chainbill.test/v1/payouts?limit=5');
    expect(calls[1]?.[1].error?.name).toBe('APIConnectionError');
  });

  it('a hook that throws or rejects changes nothing, and is logged at warn', async () => {
    const warnings: string[] = [];
    const logger = { ...silent, warn: (line: string) => warnings.push(line) };
    const boom = (): void => {
      throw new Error('metrics down');
    };
    const reject = (): Promise<void> => Promise.reject(new Error('exporter down'));
    const hooks: Hooks = {
      beforeRequest: [boom, reject],
      afterResponse: [boom, reject],
      beforeRetry: [boom],
      beforeError: [boom],
    };
    const { chainbill, seen } = client([apiError(503, now), json(201, payoutFixture({ id: 'po_made' }))], {
      logger,
    });
    const payout = await chainbill.payouts.create(
      {
        recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
        chain: 'tron',
        token: 'USDT',
        amount: 5,
        currency: 'USD',
      },
      { hooks },
    );
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the rejections be logged
    expect(payout.id).toBe('po_made');
    expect(seen).toHaveLength(2);
    expect(
      warnings.some((line) => line.includes('beforeRequest hook failed') && line.includes('metrics down')),
    ).toBe(true);
    expect(warnings.some((line) => line.includes('exporter down'))).toBe(true);
  });

  it('never see the key or the Authorization header', async () => {
    const { hooks, calls } = recorder();
    const echo: Step = (request) =>
      json(503, { error: { message: `bad ${request.headers.get('authorization')}` } }, now)(request);
    const { chainbill } = client([echo], { maxRetries: 1 });
    await chainbill.payouts.list({}, { hooks }).catch(() => undefined);
    const everything = JSON.stringify(calls, (_, value) =>
      value instanceof Error ? { message: value.message, stack: value.stack } : value,
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(everything).not.toContain(key);
    expect(everything.toLowerCase()).not.toContain('authorization');
  });

  it('a hooks option that cannot work is refused before sending', async () => {
    const { chainbill, seen } = client([json(200, {})]);
    const error = await chainbill.payouts
      .list({}, { hooks: { afterResponse: 'nope' } as unknown as Hooks })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ name: 'RequestValidationError', param: 'hooks' });
    expect(seen).toHaveLength(0);
  });

  it("on the client run before the call's, and carry over through withOptions", async () => {
    const order: string[] = [];
    const clientHooks: Hooks = { beforeRequest: [() => void order.push('client')] };
    const callHooks: Hooks = { beforeRequest: [() => void order.push('call')] };
    const { chainbill } = client([json(200, { data: [], has_more: false, next_cursor: null })], {
      hooks: clientHooks,
    });
    await chainbill.payouts.list({}, { hooks: callHooks });
    expect(order).toEqual(['client', 'call']);
    order.length = 0;
    await chainbill.withOptions({ timeout: 5_000 }).payouts.list();
    expect(order).toEqual(['client']);
    order.length = 0;
    await chainbill
      .withOptions({ hooks: { beforeRequest: [() => void order.push('tenant')] } })
      .payouts.list();
    expect(order).toEqual(['tenant']);
  });

  it('a client hooks option that cannot work is a ConfigurationError', () => {
    expect(() => client([], { hooks: { onResponse: [] } as unknown as Hooks })).toThrow(
      /unknown hook `onResponse`/,
    );
  });
});

/** Values a buggy observer may throw: none of their code may run while the warning is built. */
function hostileValues(touch: () => never): [string, () => unknown][] {
  const refuse = (): never => {
    throw new Error('trap');
  };
  return [
    ['an object with no prototype', () => Object.create(null)],
    [
      'an Error whose message getter throws',
      () => Object.defineProperty(new Error('x'), 'message', { get: touch }),
    ],
    [
      'an Error whose name getter throws',
      () => Object.defineProperty(new TypeError('x'), 'name', { get: touch }),
    ],
    [
      'an object whose conversions throw',
      () => ({ toString: touch, valueOf: touch, [Symbol.toPrimitive]: touch }),
    ],
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the hostile value under test.
    ['a thenable whose then throws', () => ({ then: touch })],
    ['a thenable whose then getter throws', () => Object.defineProperty({}, 'then', { get: touch })],
    ['a Proxy that throws on every trap', () => new Proxy({}, new Proxy({}, { get: () => refuse }))],
    ['null', () => null],
    ['a Symbol', () => Symbol('boom')],
  ];
}

/** A loopback API: POST /payouts answers 503 then 201; any PATCH answers 400. */
async function flakyApi() {
  let posts = 0;
  return loopback((req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_loop', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'PATCH') {
      return send(400, { error: { type: 'invalid_request_error', code: 'bad', message: 'no', param: null } });
    }
    posts += 1;
    if (posts === 1) return send(503, { error: { message: 'busy' } }, { 'retry-after': '0' });
    send(201, payoutFixture({ id: 'po_made' }));
  });
}

/** A client on a fresh `flakyApi()` whose `warn` lines are kept. */
async function watched(options: ClientOptions = {}) {
  const api = await flakyApi();
  const warnings: string[] = [];
  const logger = { ...silent, warn: (line: string) => void warnings.push(line) };
  const chainbill = new Chainbill({ apiKey: key, baseUrl: api.url, logger, ...options });
  return { api, warnings, chainbill };
}

const createParams = {
  recipient_address: 'TMW6XfDns1qNo5M7bLaHXzwmGsw2Eah6SK',
  chain: 'tron',
  token: 'USDT',
  amount: 5,
  currency: 'USD',
} as const;

/** Records `unhandledRejection` events while `run` runs and for a few turns of the event loop after. */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => void seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await run();
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

describe('hooks cannot hurt a call', () => {
  let touched = 0;
  const touch = (): never => {
    touched += 1;
    throw Object.create(null);
  };
  const hostile = hostileValues(touch);
  const levels = ['off', 'warn'] as const;

  it.each(hostile.flatMap(([label, make]) => levels.map((level) => [label, level, make] as const)))(
    'an afterResponse hook throwing %s: payouts.create still resolves after 503 → 201 (logLevel %s)',
    async (_, logLevel, make) => {
      const { api, warnings, chainbill } = await watched({ logLevel });
      const afterResponse = [
        (): void => {
          throw make();
        },
      ];
      const payout = await chainbill.payouts.create(createParams, { hooks: { afterResponse } });
      expect(payout.id).toBe('po_made');
      expect(api.hits()).toBe(2); // the 503 was retried
      expect(warnings).toHaveLength(logLevel === 'off' ? 0 : 2);
      for (const line of warnings)
        expect(line).toMatch(/afterResponse hook failed; the call goes on: it threw /);
    },
  );

  it.each(hostile)(
    'every hook throwing or rejecting with %s: the call goes on, nothing unhandled, none of its code run',
    async (_, make) => {
      const { warnings, chainbill } = await watched();
      const throwing = (): void => {
        throw make();
      };
      const rejecting = async (): Promise<void> => {
        throw make();
      };
      const rejected = (): Promise<void> => Promise.reject(make());
      const each = [throwing, rejecting, rejected];
      const hooks: Hooks = { beforeRequest: each, afterResponse: each, beforeRetry: each, beforeError: each };
      touched = 0;
      let failure: unknown;
      const unhandled = await unhandledDuring(async () => {
        const payout = await chainbill.payouts.create(createParams, { hooks });
        expect(payout.id).toBe('po_made');
        failure = await chainbill.payouts.approve('po_1', { hooks }).catch((e: unknown) => e);
      });
      expect(unhandled).toHaveLength(0);
      expect(failure).toBeInstanceOf(BadRequestError);
      expect(touched).toBe(0);
      // 5 runs for the create (2 requests, 2 responses, 1 retry) and 3 for the approve, 3 hooks each.
      expect(warnings).toHaveLength(24);
      expect(warnings.every((line) => line.includes('hook failed; the call goes on: it threw '))).toBe(true);
    },
  );

  it('a hook returning a thenable whose then throws, or whose then getter throws, changes nothing', async () => {
    const { api, warnings, chainbill } = await watched();
    const returning = [
      // biome-ignore lint/suspicious/noThenProperty: a thenable is the hostile value under test.
      () => ({ then: touch }) as unknown as Promise<void>,
      () => Object.defineProperty({}, 'then', { get: touch }) as Promise<void>,
      () => new Proxy({}, { get: touch }) as Promise<void>,
    ];
    const unhandled = await unhandledDuring(async () => {
      const payout = await chainbill.payouts.create(createParams, { hooks: { afterResponse: returning } });
      expect(payout.id).toBe('po_made');
    });
    expect(unhandled).toHaveLength(0);
    expect(api.hits()).toBe(2);
    expect(warnings).toHaveLength(6);
    expect(warnings.every((line) => line.endsWith('it threw an object'))).toBe(true);
  });

  it('the warning names an Error by its name and message, read without running its code', async () => {
    const { warnings, chainbill } = await watched();
    const beforeRequest = [
      (): void => {
        throw new RangeError('histogram full');
      },
      (): void => {
        throw 'plain text';
      },
    ];
    await chainbill.payouts.approve('po_1', { hooks: { beforeRequest } }).catch(() => undefined);
    expect(warnings).toEqual([
      '[chainbill] beforeRequest hook failed; the call goes on: it threw RangeError: histogram full',
      '[chainbill] beforeRequest hook failed; the call goes on: it threw "plain text"',
    ]);
  });
});

describe('hooks see a view of the error they cannot change', () => {
  /** Tries every way to write through `info.error`; returns how many writes did not throw. */
  function vandalize(info: HookInfo): number {
    const error = info.error as unknown as Record<string, unknown> & { headers: Headers; body: unknown };
    const writes: (() => void)[] = [
      () => {
        error['status'] = 200;
      },
      () => {
        error['code'] = 'ok';
      },
      () => {
        error['message'] = 'all good';
      },
      () => {
        error['retried'] = true;
      },
      () => Object.defineProperty(error, 'type', { value: 'none' }),
      () => Object.setPrototypeOf(error, Object.prototype),
      () => error.headers.set('x-request-id', 'req_forged'),
      () => {
        (error.body as { error: { message: string } }).error.message = 'rewritten';
      },
    ];
    let landed = 0;
    for (const write of writes) {
      try {
        write();
        landed += 1;
      } catch {
        // A frozen view refuses the write: that is the point.
      }
    }
    return landed;
  }

  it('a beforeError or beforeRetry hook that writes to info.error does not change what the caller catches', async () => {
    let posts = 0;
    const api = await loopback((_req, res) => {
      posts += 1;
      const status = posts === 1 ? 503 : 400;
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': 'req_real',
        'retry-after': '0',
      });
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', code: 'bad', message: 'no', param: 'amount' },
        }),
      );
    });
    const seen: HookInfo[] = [];
    const hook = (info: HookInfo): void => {
      seen.push(info);
      vandalize(info);
    };
    const chainbill = new Chainbill({ apiKey: key, baseUrl: api.url, logger: silent });
    const caught = await chainbill.payouts
      .create(createParams, { hooks: { beforeRetry: [hook], beforeError: [hook] } })
      .catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(BadRequestError);
    expect(caught).toMatchObject({ status: 400, code: 'bad', type: 'invalid_request_error', message: 'no' });
    const error = caught as BadRequestError;
    expect(Object.getPrototypeOf(error)).toBe(BadRequestError.prototype);
    expect(error.headers.get('x-request-id')).toBe('req_real');
    expect(error.body).toEqual({
      error: { type: 'invalid_request_error', code: 'bad', message: 'no', param: 'amount' },
    });
    expect('retried' in error).toBe(false);
    expect(seen).toHaveLength(2);
    const [retryInfo, errorInfo] = seen;
    // The view: not the caller's object, frozen, but the same class and fields for observers.
    expect(errorInfo?.error).not.toBe(caught);
    expect(errorInfo?.error).toBeInstanceOf(BadRequestError);
    expect(Object.isFrozen(errorInfo?.error)).toBe(true);
    expect(errorInfo?.error).toMatchObject({
      status: 400,
      code: 'bad',
      message: 'no',
      requestId: 'req_real',
    });
    expect(retryInfo?.error).toMatchObject({ name: 'InternalServerError', status: 503 });
  });

  it('no write through the view lands, even one that does not throw', async () => {
    const api = await loopback((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', code: 'state', message: 'no', param: null },
        }),
      );
    });
    let landed = -1;
    const chainbill = new Chainbill({ apiKey: key, baseUrl: api.url, logger: silent });
    const caught = await chainbill.payouts
      .approve('po_1', {
        hooks: {
          beforeError: [
            (info) => {
              landed = vandalize(info);
            },
          ],
        },
      })
      .catch((e: unknown) => e);
    // Only the header write "lands", on the view's own copy of the headers.
    expect(landed).toBe(1);
    expect((caught as BadRequestError).headers.get('x-request-id')).toBeNull();
    expect(caught).toMatchObject({ status: 409, code: 'state', message: 'no' });
  });
});
