/**
 * Commands that move money (the catalog marks them) show a preview first, ask at a terminal, need
 * `--yes` without one, and send nothing on `--dry-run`, a refusal or a "no".
 */
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/internal/catalog.js';
import { kebab, runCli } from './run-cli.js';

const create = ['payouts', 'create', '--recipient-address', 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc'].concat([
  '--chain',
  'tron',
  '--token',
  'USDT',
  '--amount',
  '12.5',
  '--currency',
  'USD',
]);

const moves = catalog.filter((entry) => entry.movesMoney);

describe('money moves', () => {
  it('are the catalog’s: payouts create, update and approve', () => {
    expect(moves.map((entry) => entry.name).sort()).toEqual([
      'payouts.approve',
      'payouts.create',
      'payouts.update',
    ]);
  });

  for (const entry of moves) {
    const words = [...entry.resource, entry.method].map(kebab);
    const argv = words.join(' ') === 'payouts create' ? create : [...words, 'po_5f0c7b2e9a41d3c86b1e07f4'];
    it(`${words.join(' ')} without a terminal and without --yes: exit 3, nothing sent`, async () => {
      const fake = createFakeChainbill();
      const ran = await runCli(argv, { fake });
      expect(ran.code).toBe(3);
      expect(ran.stderr).toMatch(
        /moves money and stdin is not a terminal to confirm it: pass --yes .*nothing was sent/,
      );
      expect(ran.stdout).toBe('');
      expect(fake.requests).toHaveLength(0);
    });

    it(`${words.join(' ')} --dry-run prints the preview and sends nothing`, async () => {
      const fake = createFakeChainbill();
      const ran = await runCli([...argv, '--dry-run'], { fake });
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ command: entry.name, route: entry.route });
      expect(fake.requests).toHaveLength(0);
    });
  }

  it('at a terminal: the preview, then a question; only yes sends it', async () => {
    for (const answer of ['no', '', 'y es', 'n']) {
      const fake = createFakeChainbill();
      const ran = await runCli(create, { fake, answers: [answer] });
      expect(ran.code).toBe(3);
      expect(ran.stderr).toMatch(
        /"recipient_address": "TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc"[\s\S]*Type yes to send it: /,
      );
      expect(ran.stderr).toMatch(/not confirmed; nothing was sent\n$/);
      expect(fake.requests).toHaveLength(0);
    }
    for (const answer of ['yes', 'y', 'YES']) {
      const fake = createFakeChainbill();
      const ran = await runCli(create, { fake, answers: [answer] });
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ status: 'draft', amount: 12.5 });
      expect(fake.requests).toHaveLength(1);
    }
  });

  it('at a terminal, end of input is a no; Ctrl+C at the question is exit 130', async () => {
    const fake = createFakeChainbill();
    const ended = await runCli(create, { fake, answers: [] });
    expect(ended.code).toBe(3);
    const interrupt = new AbortController();
    interrupt.abort();
    const interrupted = await runCli(create, { fake, answers: ['yes'], signal: interrupt.signal });
    expect(interrupted.code).toBe(130);
    expect(fake.requests).toHaveLength(0);
  });

  it('--yes sends it without asking', async () => {
    const fake = createFakeChainbill();
    const draft = fake.seed.payout({ status: 'draft' });
    const ran = await runCli(['payouts', 'approve', draft.id, '--yes'], { fake });
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ id: draft.id, status: 'approved' });
    expect(fake.requests[0]).toMatchObject({ method: 'PATCH', body: { status: 'approved' } });
  });
});
