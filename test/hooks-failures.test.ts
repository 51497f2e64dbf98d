/**
 * Hooks cannot hurt a call (DESIGN.md: Hooks and telemetry): whatever a hook throws, rejects with
 * or returns, the call goes on, nothing is left unhandled, the value thrown is described in one
 * `warn` line without running any of its code. Against a real `node:http` server.
 */
import { BadRequestError, Chainbill, type ClientOptions, type Hooks } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { payoutParams as createParams, payoutFixture, silent } from './scripted-fetch.js';

const key = 'sk_test_hookssecret123';
const loopback = useLoopback();

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
      let refusal: unknown;
      const unhandled = await unhandledDuring(async () => {
        const payout = await chainbill.payouts.create(createParams, { hooks });
        expect(payout.id).toBe('po_made');
        refusal = await failure(chainbill.payouts.approve('po_1', { hooks }));
      });
      expect(unhandled).toHaveLength(0);
      expect(refusal).toBeInstanceOf(BadRequestError);
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
