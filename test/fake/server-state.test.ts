/**
 * `chainbill-fake`'s state across runs (docs/fake-server.md): `--id-seed` gives the same ids on
 * every start. The built bin in child processes (test/fake/cli-process.ts).
 */
import { join } from 'node:path';
import { Chainbill } from 'chainbill';
import { describe, expect, it } from 'vitest';
import { root, runCli, type Started, startCli } from './cli-process.js';

const exampleSeed = join(root, 'examples/fake-server/seed.json');
const payout = {
  recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
  chain: 'tron',
  token: 'USDT',
  amount: 25,
  currency: 'USD',
} as const;

const clientOf = (server: Started): Chainbill =>
  new Chainbill({ apiKey: 'sk_test_acme_ci', baseUrl: server.baseUrl, maxRetries: 0, logLevel: 'off' });

describe('chainbill-fake --id-seed', () => {
  it('names the same records, keys and new payouts on every start', async () => {
    const run = async () => {
      const server = await startCli('--id-seed', '42', '--seed', exampleSeed);
      const created = await clientOf(server).payouts.create(payout);
      server.child.kill('SIGTERM');
      return { names: server.names, organizations: server.organizations, payout: created.id };
    };
    const first = await run();
    expect(first.payout).toMatch(/^po_[0-9a-f]{24}$/);
    expect(Object.keys(first.names)).toEqual(['alice', 'pro']);
    expect(await run()).toEqual(first);
  });

  it('refuses a seed that is not a whole number: exit 2 in one line', async () => {
    const runs = await Promise.all(
      ['-1', '4.2', 'x', '9007199254740992'].map((seed) => runCli(`--id-seed=${seed}`)),
    );
    for (const { code, stderr } of runs) {
      expect(code).toBe(2);
      expect(stderr).toMatch(/^chainbill-fake: --id-seed must be a whole number from 0 to 9007199254740991/);
    }
  });
});
