/**
 * The conveniences: `help <command…>`, `-v`, `completion bash|zsh|fish` from the command tree,
 * and `trigger <event>` against a fake served with its control API. Through `run()`: the bin
 * adds nothing to them.
 */
import { spawnSync } from 'node:child_process';
import { createFakeChainbill, type FakeServer } from 'chainbill/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { runCli } from './run-cli.js';

describe('help, version', () => {
  it('help <command…> is the command’s --help; -v is --version', async () => {
    expect(await runCli(['help', 'payouts', 'create'])).toEqual(
      await runCli(['payouts', 'create', '--help']),
    );
    expect(await runCli(['help', 'payouts'])).toEqual(await runCli(['payouts', '--help']));
    expect((await runCli(['help'])).stdout).toMatch(/^Usage: chainbill <command> \[flags\]/);
    expect(await runCli(['-v'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    const typo = await runCli(['help', 'payots']);
    expect(typo).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/has no command "payots" \(did you mean payouts\?\)/),
    });
  });
});

describe('completion', () => {
  /** What bash completes for the words typed so far (the last one being completed). */
  function bashCompletes(script: string, words: string[]): string[] {
    const array = words.map((word) => `'${word}'`).join(' ');
    const run = `${script}\nCOMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _chainbill; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const result = spawnSync('bash', ['-c', run], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    return result.stdout.split('\n').filter(Boolean);
  }

  it('bash completes commands, flags and enum values from the catalog', async () => {
    const { code, stdout } = await runCli(['completion', 'bash']);
    expect(code).toBe(0);
    expect(bashCompletes(stdout, ['chainbill', 'pay'])).toEqual([
      'payouts',
      'payment-links',
      'payment-methods',
    ]);
    expect(bashCompletes(stdout, ['chainbill', 'payouts', 'cr'])).toEqual(['create']);
    expect(bashCompletes(stdout, ['chainbill', 'payouts', 'create', '--chain', ''])).toEqual([
      'tron',
      'arbitrum',
      'base',
    ]);
    expect(bashCompletes(stdout, ['chainbill', 'payouts', 'create', '--chain', 'tron', '--to'])).toEqual([
      '--token',
    ]);
    expect(bashCompletes(stdout, ['chainbill', 'payouts', 'settlements', 'l'])).toEqual(['list']);
    expect(bashCompletes(stdout, ['chainbill', 'completion', ''])).toEqual(['bash', 'zsh', 'fish', '--help']);
    expect(bashCompletes(stdout, ['chainbill', 'trigger', 'checkout.c'])).toEqual(['checkout.confirmed']);
  });

  it('zsh through bashcompinit; fish as complete lines; another shell is exit 2', async () => {
    const zsh = await runCli(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^# chainbill completion[^\n]*\nautoload -U \+X compinit/);
    const fish = await runCli(['completion', 'fish']);
    expect(fish.stdout).toContain(
      `complete -c chainbill -n 'test "(__chainbill_path)" = '\\''payouts create'\\''' -l chain -x -a 'tron arbitrum base'`,
    );
    expect(await runCli(['completion', 'tcsh'])).toMatchObject({
      code: 2,
      stderr: 'chainbill: chainbill completion takes one of bash, zsh, fish, not "tcsh"\n',
    });
  });
});

describe('trigger', () => {
  const servers: FakeServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  async function served() {
    const fake = createFakeChainbill();
    const server = await fake.listen({ controlToken: 'trigger-control-token' });
    servers.push(server);
    const control = new URL('/_fake/', server.url).href;
    // A key of an organization the control API lists: its records go there.
    const seeded = await fetch(`${control}seed`, {
      method: 'POST',
      headers: { authorization: 'Bearer trigger-control-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        organizations: [{ id: 'org_acme', keys: { sandbox: ['sk_test_acme_trigger'] } }],
      }),
    });
    expect(seeded.status).toBe(201);
    const env = {
      CHAINBILL_FAKE_CONTROL_URL: control,
      CHAINBILL_FAKE_CONTROL_TOKEN: 'trigger-control-token',
      CHAINBILL_API_KEY: 'sk_test_acme_trigger',
      CHAINBILL_BASE_URL: server.url,
    };
    return { fake, env };
  }

  it('makes what each event needs in the key’s organization, runs the fake’s simulation, prints what it made', async () => {
    const { fake, env } = await served();
    const confirmed = await runCli(['trigger', 'checkout.confirmed'], { env });
    expect(confirmed.code, confirmed.stderr).toBe(0);
    const made = JSON.parse(confirmed.stdout);
    expect(made).toMatchObject({ event: 'checkout.confirmed', result: { status: 'confirmed' } });
    const renewed = await runCli(['trigger', 'subscription.renewed', '--format', 'jsonl'], { env });
    expect(JSON.parse(renewed.stdout)).toMatchObject({ result: { status: 'active' } });
    const settled = await runCli(['trigger', 'payout.settled'], { env });
    expect(JSON.parse(settled.stdout)).toMatchObject({
      result: { payout_intent_id: expect.stringMatching(/^po_/) },
    });
    // What it made is the organization's, and the ledger has the events.
    const ledger = await runCli(['revenue-events', 'list', '--format', 'jsonl'], { env });
    const types = ledger.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).event_type);
    expect(types).toEqual(expect.arrayContaining(['checkout_confirmed', 'subscription_charged']));
    expect(fake.events.filter((event) => event.orgId === 'org_acme').map((event) => event.type)).toEqual(
      expect.arrayContaining(['checkout.confirmed', 'subscription.renewed', 'payout.settled']),
    );
  });

  it('an unknown event, no fake, or a key the fake does not know: exit 2', async () => {
    const { env } = await served();
    expect(await runCli(['trigger', 'checkout.confirm'], { env })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no event "checkout.confirm" \(did you mean checkout.confirmed\?\)/),
    });
    expect((await runCli(['trigger', 'checkout.confirmed'])).stderr).toMatch(
      /needs a fake: set CHAINBILL_FAKE_CONTROL_URL/,
    );
    const stranger = await runCli(['trigger', 'checkout.confirmed'], {
      env: { ...env, CHAINBILL_API_KEY: 'sk_test_nobody' },
    });
    expect(stranger).toMatchObject({ code: 2, stderr: expect.stringMatching(/no key of this fake/) });
    const help = await runCli(['trigger', '--help']);
    expect(help.stdout).toMatch(/^Usage: chainbill trigger <event>/);
  });
});
