/**
 * Logging (DESIGN.md: Logging): `logLevel` (or `CHAINBILL_LOG`) picks what reaches the logger:
 * `debug` each attempt and response, `info` the retries, `warn` (the default) nothing on a retried
 * success, `off` nothing; without a logger, the console. No line holds the key.
 */
import { inspect } from 'node:util';
import { Chainbill, type ClientOptions } from 'chainbill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  envelope,
  json,
  loggedClient,
  payoutFixture,
  renderings,
  type Step,
  scriptedFetch,
  testBaseUrl,
} from './scripted-fetch.js';

const secret = 'sk_test_logging7Hq2Wm4Zr9Tb';
const clientOn = (steps: Step[], options: ClientOptions = {}) => loggedClient(secret, steps, options);

function expectNoSecret(texts: string[]): void {
  for (const text of texts) expect(text).not.toContain(secret.slice('sk_test_'.length));
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('logging', () => {
  it('logLevel debug logs each attempt, each response and each retry, with method and path', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const { client, lines } = clientOn([apiError(503, { 'retry-after': '0' }), json(200, payoutFixture())]);
    await client.payouts.approve('po_1');
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'debug [chainbill] → PATCH /payouts/po_1',
      expect.stringMatching(/^debug \[chainbill\] ← 503 PATCH \/payouts\/po_1$/),
      'info [chainbill] retrying PATCH /payouts/po_1 in 0 ms',
      'debug [chainbill] → PATCH /payouts/po_1',
      'debug [chainbill] ← 200 PATCH /payouts/po_1',
    ]);
    expect(lines[0]?.details).toMatchObject({ attempt: 1 });
    expect(lines[2]?.details).toMatchObject({ attempt: 2, of: 2, reason: 'status 503' });
    expect(lines[3]?.details).toMatchObject({ attempt: 2 });
  });

  it('logLevel info logs retries only; warn (the default) logs nothing on a retried success', async () => {
    const info = clientOn([apiError(503, { 'retry-after': '0' }), json(200, payoutFixture())], {
      logLevel: 'info',
    });
    await info.client.payouts.approve('po_1');
    expect(info.lines.map((line) => line.level)).toEqual(['info']);

    const quiet = clientOn([apiError(503, { 'retry-after': '0' }), json(200, payoutFixture())], {
      logLevel: undefined,
    });
    await quiet.client.payouts.approve('po_1');
    expect(quiet.lines).toEqual([]);
  });

  it('CHAINBILL_LOG sets the level when logLevel is not given', async () => {
    vi.stubEnv('CHAINBILL_LOG', 'debug');
    const { client, lines } = clientOn([json(200, payoutFixture())], { logLevel: undefined });
    await client.payouts.approve('po_1');
    expect(lines.map((line) => line.level)).toEqual(['debug', 'debug']);
    expectNoSecret(lines.flatMap((line) => [line.message, ...renderings(line.details)]));
  });

  it('logLevel off logs nothing, and the logger defaults to console', async () => {
    const off = clientOn([json(200, payoutFixture())], { logLevel: 'off' });
    await off.client.payouts.approve('po_1');
    expect(off.lines).toEqual([]);

    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { fetch } = scriptedFetch(json(200, payoutFixture()));
    await new Chainbill({ apiKey: secret, baseUrl: testBaseUrl, fetch, logLevel: 'debug' }).payouts.approve(
      'po_1',
    );
    expect(debug).toHaveBeenCalledTimes(2);
    expectNoSecret(debug.mock.calls.flatMap((call) => call.map((arg) => inspect(arg, { depth: 10 }))));
  });
});

describe('a logger cannot change an outcome', () => {
  const throwing = {
    error: () => {
      throw new Error('log sink down');
    },
    warn: () => {
      throw new Error('log sink down');
    },
    info: () => {
      throw new Error('log sink down');
    },
    debug: () => {
      throw new Error('log sink down');
    },
  };
  const rejecting = {
    error: () => Promise.reject(new Error('log sink down')),
    warn: () => Promise.reject(new Error('log sink down')),
    info: () => Promise.reject(new Error('log sink down')),
    debug: () => Promise.reject(new Error('log sink down')),
  };

  it.each([
    ['throw', throwing],
    ['reject', rejecting],
  ])('whose methods %s: a retried call still resolves, nothing is left unhandled', async (_, logger) => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const { fetch, seen } = scriptedFetch(
        apiError(503, { 'retry-after': '0' }),
        json(200, envelope([payoutFixture()])),
      );
      const client = new Chainbill({
        apiKey: secret,
        baseUrl: 'https://api.chainbill.test', // no version segment: a warn line at construction
        fetch,
        logger,
        logLevel: 'debug',
        maxRetries: 1,
      });
      const page = await client.payouts.list();
      expect(page.data.map((payout) => payout.id)).toEqual(['po_fixture1']);
      expect(seen).toHaveLength(2);
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(unhandled).toEqual([]);
  });
});
