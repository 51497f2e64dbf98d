/**
 * Commands that move money (the catalog marks them) show the preview first (the payout, every
 * check, the payout policy's verdict), ask at a terminal, need `--yes` without one, are refused
 * (exit 3) when a check or the policy fails, and send nothing on `--dry-run`, a refusal or a "no".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/catalog/catalog.js';
import { useLoopback } from '../loopback.js';
import { payoutFixture } from '../scripted-fetch.js';
import { runCli } from './run-cli.js';

const tron = 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc';
const create = [
  'payouts',
  'create',
  '--recipient-address',
  tron,
  '--chain',
  'tron',
  '--token',
  'USDT',
].concat(['--amount', '12.5', '--currency', 'USD']);

/** What the fake was asked to change: every request but the reads. */
const writes = (fake: FakeChainbill) => fake.requests.filter((request) => request.method !== 'GET');

function policyFile(policy: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'chainbill-policy-')), 'policy.json');
  writeFileSync(file, typeof policy === 'string' ? policy : JSON.stringify(policy));
  return file;
}

/** Each money move, on a fresh fake with a draft to move. */
const moves: Record<string, (fake: FakeChainbill) => string[]> = {
  'payouts.create': () => create,
  'payouts.approve': (fake) => ['payouts', 'approve', fake.seed.payout({ status: 'draft' }).id],
  'payouts.update': (fake) => [
    'payouts',
    'update',
    fake.seed.payout({ status: 'draft' }).id,
    '--status',
    'approved',
  ],
};

describe('money moves', () => {
  it('are the catalog’s: payouts create, update and approve', () => {
    const marked = catalog.filter((entry) => entry.movesMoney).map((entry) => entry.name);
    expect(marked.sort()).toEqual(Object.keys(moves).sort());
  });

  for (const [name, argvOf] of Object.entries(moves)) {
    it(`${name} without a terminal and without --yes: exit 3, nothing sent`, async () => {
      const fake = createFakeChainbill();
      const ran = await runCli(argvOf(fake), { fake });
      expect(ran.code).toBe(3);
      expect(ran.stderr).toMatch(/^sandbox: test money · api\.chainbill\.test\n/);
      expect(ran.stderr).toMatch(
        /needs a yes and stdin is not a terminal to ask: pass --yes .*nothing was sent\n$/,
      );
      expect(ran.stdout).toBe('');
      expect(writes(fake)).toEqual([]);
    });

    it(`${name} --dry-run prints the preview, with every check, and sends nothing`, async () => {
      const fake = createFakeChainbill();
      const ran = await runCli([...argvOf(fake), '--dry-run'], { fake });
      expect(ran.code).toBe(0);
      const preview = JSON.parse(ran.stdout);
      expect(preview).toMatchObject({ ok: true, amountAtomic: expect.stringMatching(/^\d+$/) });
      expect(preview.checks.map((check: { rule: string }) => check.rule)).toEqual([
        'params',
        'amount',
        'token',
        'address',
      ]);
      expect(writes(fake)).toEqual([]);
      if (name === 'payouts.create') expect(fake.requests).toEqual([]); // its preview is offline
    });
  }

  it('at a terminal: the payout, the checks and the policy, then a question; only yes sends it', async () => {
    for (const answer of ['no', '', 'y es', 'n']) {
      const fake = createFakeChainbill();
      const ran = await runCli(create, { fake, answers: [answer] });
      expect(ran.code).toBe(3);
      expect(ran.stderr).toContain(
        [
          'sandbox: test money · api.chainbill.test',
          'payouts create (POST /payouts)',
          '  amount     12.5 USDT (12500000 atomic units)',
          '  chain      tron',
          `  recipient  ${tron}`,
          '  checks     params ok, amount ok, token ok, address ok',
          '  policy     none (--policy <file.json> bounds what may be paid)',
          'Creates a draft payout (no money moves until it is approved). Type yes to go on: ',
        ].join('\n'),
      );
      expect(ran.stderr).toMatch(/not confirmed; nothing was sent\n$/);
      expect(fake.requests).toEqual([]);
    }
    for (const answer of ['yes', 'y', 'YES']) {
      const fake = createFakeChainbill();
      const ran = await runCli(create, { fake, answers: [answer] });
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ status: 'draft', amount: 12.5 });
      expect(fake.requests).toHaveLength(1);
    }
  });

  it('an approval shows the draft it approves, as the API lists it', async () => {
    const fake = createFakeChainbill();
    const draft = fake.seed.payout({ status: 'draft', amount: 40, token: 'USDT', chain: 'tron' });
    const ran = await runCli(['payouts', 'approve', draft.id], { fake, answers: ['yes'] });
    expect(ran.stderr).toContain(
      `payouts approve ${draft.id} (PATCH /payouts/{id}, sends {"status":"approved"})`,
    );
    expect(ran.stderr).toContain(
      `  amount     40 USDT (40000000 atomic units)\n  chain      tron\n  recipient  ${draft.recipient_address}`,
    );
    expect(JSON.parse(ran.stdout)).toMatchObject({ id: draft.id, status: 'approved' });
  });

  it('at a terminal, end of input is a no; Ctrl+C at the question is exit 130', async () => {
    const fake = createFakeChainbill();
    const ended = await runCli(create, { fake, answers: [] });
    expect(ended.code).toBe(3);
    const interrupt = new AbortController();
    interrupt.abort();
    const interrupted = await runCli(create, { fake, answers: ['yes'], signal: interrupt.signal });
    expect(interrupted.code).toBe(130);
    expect(fake.requests).toEqual([]);
  });

  it('--yes sends it without asking; an update that approves nothing still asks', async () => {
    const fake = createFakeChainbill();
    const draft = fake.seed.payout({ status: 'draft' });
    const ran = await runCli(['payouts', 'approve', draft.id, '--yes'], { fake });
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ id: draft.id, status: 'approved' });
    expect(writes(fake)).toMatchObject([{ method: 'PATCH', body: { status: 'approved' } }]);
    const other = fake.seed.payout({ status: 'draft' });
    const described = await runCli(['payouts', 'update', other.id, '--description', 'June fees'], { fake });
    expect(described.code).toBe(3);
    expect(writes(fake)).toHaveLength(1);
  });

  it('says which: a payout past its draft is exit 3 naming its status; no such payout exit 1; no id exit 2', async () => {
    const fake = createFakeChainbill();
    const settled = fake.seed.payout({ status: 'settled' });
    const past = await runCli(['payouts', 'approve', settled.id, '--yes'], { fake });
    expect(past).toMatchObject({
      code: 3,
      stderr: `chainbill: ${settled.id} is settled, not a draft: there is nothing to approve; nothing was sent\n`,
    });
    const unknown = await runCli(['payouts', 'approve', 'po_5f0c7b2e9a41d3c86b1e07f4', '--yes'], { fake });
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({
      code: 'resource_missing',
      param: 'id',
      message: expect.stringMatching(/^No draft payout with that id: the API lists no payout po_5f0c/),
    });
    for (const id of ['sub_5f0c7b2e9a41d3c86b1e07f4', 'nope']) {
      const malformed = await runCli(['payouts', 'approve', id, '--yes'], { fake });
      expect(malformed).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/the id: .*starting with `po_`/),
      });
    }
    expect(writes(fake)).toEqual([]);
  });

  it('a money check that fails refuses it: exit 3, the preview on stderr, nothing sent', async () => {
    const fake = createFakeChainbill();
    const onBase = [
      'payouts',
      'create',
      '--recipient-address',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ].concat(['--chain', 'base', '--token', 'USDT', '--amount', '5', '--currency', 'USD', '--yes']);
    const ran = await runCli(onBase, { fake });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toMatch(/checks {5}params ok, amount ok, token FAILED/);
    expect(ran.stderr).toMatch(/✗ token: .*\nchainbill: refused by the token check; nothing was sent\n$/);
    const badAddress = [
      'payouts',
      'create',
      '--recipient-address',
      'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yd',
    ].concat(['--chain', 'tron', '--token', 'USDT', '--amount', '5', '--currency', 'USD', '--dry-run']);
    const dry = await runCli(badAddress, { fake });
    expect(dry.code).toBe(3);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      ok: false,
      checks: expect.arrayContaining([{ rule: 'address', ok: false, message: expect.any(String) }]),
    });
    expect(fake.requests).toEqual([]);
  });
});

describe('--policy', () => {
  const policy = { maxAmount: { USDT: '100' }, chains: ['tron'], recipients: { tron: [tron] } };

  it('bounds what may be created: a payout outside it is refused, exit 3, nothing sent', async () => {
    const fake = createFakeChainbill();
    const file = policyFile(policy);
    const over = create.map((arg) => (arg === '12.5' ? '100.000001' : arg));
    const ran = await runCli([...over, '--policy', file, '--yes'], { fake });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toContain('  policy     REFUSES');
    expect(ran.stderr).toMatch(/✗ policy.max_amount: .*over the policy maximum of 100 USDT/);
    expect(fake.requests).toEqual([]);
    const within = await runCli([...create, '--policy', file, '--yes'], { fake });
    expect(within.code).toBe(0);
    const passes = await runCli([...create, '--policy', file], { fake, answers: ['no'] });
    expect(passes.stderr).toContain(
      '  policy     passes (policy.chain, policy.max_amount, policy.recipient)',
    );
  });

  it('bounds what may be approved: a draft outside it is refused, exit 3, nothing written', async () => {
    const fake = createFakeChainbill();
    const draft = fake.seed.payout({
      status: 'draft',
      amount: 250,
      token: 'USDT',
      chain: 'tron',
      recipient_address: tron,
    });
    const ran = await runCli(['payouts', 'approve', draft.id, '--policy', policyFile(policy), '--yes'], {
      fake,
    });
    expect(ran.code).toBe(3);
    expect(ran.stderr).toMatch(/✗ policy.max_amount/);
    expect(writes(fake)).toEqual([]);
  });

  it('a policy that cannot be checked is a usage error (exit 2), never a weaker bound', async () => {
    const fake = createFakeChainbill();
    for (const [file, message] of [
      [policyFile({ maxAmounts: { USDT: '100' } }), /maxAmounts/],
      [policyFile('{ not json'), /is not JSON/],
      [join(tmpdir(), 'no-such-dir', 'policy.json'), /--policy: cannot read .*: no such file/],
      ['/dev/zero', /--policy: cannot read \/dev\/zero: it is a device, not a regular file/],
    ] as const) {
      const ran = await runCli([...create, '--policy', file, '--yes'], { fake });
      expect(ran.code).toBe(2);
      expect(ran.stderr).toMatch(message);
    }
    expect(fake.requests).toEqual([]);
  });
});

describe('live is loud', () => {
  it('a move with a live key needs --live (exit 2, nothing sent); its preview says LIVE and the host, even with --yes', async () => {
    const fake = createFakeChainbill();
    const env = { CHAINBILL_API_KEY: fake.liveApiKey };
    const refused = await runCli([...create, '--yes'], { fake, env });
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(
      /^chainbill: payouts create with a live key .* pass --live to say so; nothing was sent\n$/,
    );
    const draft = fake.seed.payout({ status: 'draft' }, { apiKey: fake.liveApiKey });
    const approve = await runCli(['payouts', 'approve', draft.id, '--yes'], { fake, env });
    expect(approve.code).toBe(2);
    expect(writes(fake)).toEqual([]);
    // An update that approves nothing moves no money: no --live needed.
    const described = await runCli(['payouts', 'update', draft.id, '--description', 'June', '--yes'], {
      fake,
      env,
    });
    expect(described.code, described.stderr).toBe(0);
    const sent = await runCli([...create, '--yes', '--live'], { fake, env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).toMatch(
      /^LIVE: real money · api\.chainbill\.test\npayouts create \(POST \/payouts\)\n/,
    );
    expect(sent.stderr).toMatch(/Creates a draft payout \(no money moves until it is approved\)\.\n$/);
    const approved = await runCli(['payouts', 'approve', draft.id, '--live'], {
      fake,
      env,
      answers: ['yes'],
    });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stderr).toMatch(/^LIVE: real money · api\.chainbill\.test\n/);
    expect(approved.stderr).toContain('This approves the payout: the money moves. Type yes to go on: ');
  });
});

describe('server text in the preview', () => {
  const loopback = useLoopback();

  it("a draft's recipient_address and description reach the terminal cleaned, never raw", async () => {
    const hostile = 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc\u001b[2J\u001b[1A\u2028  amount     1 USDT\u202e';
    const draft = payoutFixture({
      id: 'po_5f0c7b2e9a41d3c86b1e07f4',
      recipient_address: hostile,
      amount: 250,
      amount_atomic: '250000000',
    });
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [draft], has_more: false, next_cursor: null }));
    });
    const env = { CHAINBILL_API_KEY: 'sk_test_edge0123456789', CHAINBILL_BASE_URL: server.url };
    const ran = await runCli(['payouts', 'approve', draft.id], { env, answers: ['yes'] });
    expect(ran.code).toBe(3); // the address check fails on what the server sent
    expect(ran.stderr).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}](?<!\n)/u);
    expect(ran.stderr).toContain('  recipient  TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc\uFFFD[2J\uFFFD[1A\uFFFD');
    expect(server.hits()).toBe(1);
  });
});

describe('--policy files', () => {
  it('naming a key twice is a usage error (exit 2), never the last value', async () => {
    const fake = createFakeChainbill();
    const file = policyFile('{"maxAmount": {"USDT": "100", "USDT": "999999999"}}');
    const ran = await runCli([...create, '--policy', file, '--yes'], { fake });
    expect(ran).toMatchObject({ code: 2, stdout: '' });
    expect(ran.stderr).toMatch(
      /^chainbill: --policy: .* names the key "USDT" twice \(at maxAmount\.USDT\): remove one\n$/,
    );
    expect(fake.requests).toEqual([]);
  });

  it('a FIFO, a directory or a device is refused at once (exit 2): nothing waits for a writer', async () => {
    const fake = createFakeChainbill();
    const dir = mkdtempSync(join(tmpdir(), 'chainbill-policy-'));
    const fifo = join(dir, 'policy.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const [path, why] of [
      [fifo, 'it is a FIFO, not a regular file'],
      [dir, 'it is a directory'],
      ['/dev/null', 'it is a device, not a regular file'],
    ] as const) {
      const ran = await runCli([...create, '--policy', path, '--yes'], { fake });
      expect(ran).toMatchObject({ code: 2, stderr: `chainbill: --policy: cannot read ${path}: ${why}\n` });
    }
    expect(fake.requests).toEqual([]);
  });
});
