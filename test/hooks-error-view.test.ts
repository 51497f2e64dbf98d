/**
 * Hooks see a view of the error (DESIGN.md: Hooks and telemetry): `info.error` has the class and
 * fields of the error the caller will catch, but is a frozen copy: no write through it reaches the
 * caller. Against a real `node:http` server.
 */
import { BadRequestError, Chainbill, type HookInfo } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { failure } from './helpers.js';
import { useLoopback } from './loopback.js';
import { payoutParams as createParams, silent } from './scripted-fetch.js';

const key = 'sk_test_hookssecret123';
const loopback = useLoopback();

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
    const caught = await failure(
      chainbill.payouts.create(createParams, { hooks: { beforeRetry: [hook], beforeError: [hook] } }),
    );
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
    const caught = await failure(
      chainbill.payouts.approve('po_1', {
        hooks: {
          beforeError: [
            (info) => {
              landed = vandalize(info);
            },
          ],
        },
      }),
    );
    // Only the header write "lands", on the view's own copy of the headers.
    expect(landed).toBe(1);
    expect((caught as BadRequestError).headers.get('x-request-id')).toBeNull();
    expect(caught).toMatchObject({ status: 409, code: 'state', message: 'no' });
  });
});
