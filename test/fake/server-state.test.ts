/**
 * `chainbill-fake`'s state across runs (docs/fake-server.md): `--id-seed` gives the same ids on
 * every start; `--snapshot-file` starts where `POST /_fake/snapshot?save=1` left off. The built
 * bin in child processes (test/fake/cli-process.ts).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chainbill } from 'chainbill';
import { afterAll, describe, expect, it } from 'vitest';
import { root, runCli, type Started, startCli } from './cli-process.js';

const exampleSeed = join(root, 'examples/fake-server/seed.json');
const payout = {
  recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
  chain: 'tron',
  token: 'USDT',
  amount: 25,
  currency: 'USD',
} as const;

const scratch = mkdtempSync(join(tmpdir(), 'chainbill-fake-state-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function control(server: Started, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.controlUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.controlToken}` },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

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

describe('chainbill-fake --snapshot-file', () => {
  it('starts from the seed file, saves on POST /_fake/snapshot?save=1, and the next start is there', async () => {
    const file = join(scratch, 'state.json');
    const first = await startCli('--seed', exampleSeed, '--snapshot-file', file);
    const created = await clientOf(first).payouts.create(payout);
    await control(first, 'POST', 'clock', { set: '2031-05-01T00:00:00Z' });
    const saved = await control(first, 'POST', 'snapshot?save=1');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ saved: file, bytes: statSync(file).size });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'chainbill-fake-snapshot' });
    first.child.kill('SIGTERM');

    const second = await startCli('--seed', exampleSeed, '--snapshot-file', file);
    expect((await clientOf(second).payouts.list()).data.map((p) => p.id)).toContain(created.id);
    expect(await (await control(second, 'GET', 'clock')).json()).toMatchObject({
      now: '2031-05-01T00:00:00.000Z',
      mode: 'frozen',
    });
    // Its own new keys work beside the snapshot's, and are listed.
    const own = second.organizations.find((org) => org.id === 'org_fake')?.keys.sandbox ?? [];
    expect(own.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a snapshot of a newer format, or not JSON: exit 2 in one line', async () => {
    const newer = join(scratch, 'newer.json');
    writeFileSync(
      newer,
      JSON.stringify({ format: 'chainbill-fake-snapshot', version: 99, digest: '', content: {} }),
    );
    const broken = join(scratch, 'broken.json');
    writeFileSync(broken, '{"format": ');
    const [a, b] = await Promise.all([runCli('--snapshot-file', newer), runCli('--snapshot-file', broken)]);
    expect([a.code, b.code]).toEqual([2, 2]);
    expect(a.stderr).toMatch(
      /^chainbill-fake: snapshot file .*newer\.json: This snapshot is of format 99, written by a newer chainbill.*\n$/,
    );
    expect(b.stderr).toMatch(/^chainbill-fake: snapshot file .*broken\.json: not JSON: /);
  });
});
