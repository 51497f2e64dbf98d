/**
 * Hooks (DESIGN.md: Hooks and telemetry): they see every attempt in order, they never see the key,
 * and they cannot change a call's outcome (hooks-failures.test.ts: a hook that throws anything;
 * hooks-error-view.test.ts: a hook that writes to the error it is shown).
 */
import { Chainbill, type ClientOptions, type HookInfo, type Hooks, InternalServerError } from 'chainbill';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  connectionReset,
  json,
  payoutFixture,
  payoutParams,
  type Step,
  scriptedFetch,
  silent,
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
    const payout = await chainbill.payouts.create(payoutParams, { hooks });
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
