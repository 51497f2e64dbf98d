/**
 * The `chainbill` CLI's budget store (docs/money.md, "Budgets"): PostgreSQL at
 * `CHAINBILL_DATABASE_URL` when set, so that separate runs (and the application) spend from one
 * budget; the run's memory otherwise, and it says which on stderr and in `--help`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { payoutCreateArgs } from '../cli/create-args.js';
import { runCli } from '../cli/run-cli.js';
import { serverUrl } from './engines.js';

const create = [...payoutCreateArgs, '--yes'];

function policyFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'chainbill-budget-')), 'policy.json');
  writeFileSync(file, JSON.stringify({ budgets: [{ token: 'USDT', period: 'day', maxAmount: '30' }] }));
  return file;
}

describe('the CLI and budgets', () => {
  it('without CHAINBILL_DATABASE_URL, says the budgets bound this run only; --help names the variable', async () => {
    const fake = createFakeChainbill();
    const ran = await runCli([...create, '--policy', policyFile()], {
      fake,
      env: { CHAINBILL_DATABASE_URL: '' },
    });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('budgets: this process only (set CHAINBILL_DATABASE_URL');
    expect((await runCli(['--help'])).stdout).toMatch(/CHAINBILL_DATABASE_URL {2}PostgreSQL \(through pg\)/);
  });

  it.runIf(serverUrl !== undefined)(
    'with CHAINBILL_DATABASE_URL, runs spend from one budget in PostgreSQL: the third is refused, exit 3',
    async () => {
      const fake = createFakeChainbill();
      const policy = policyFile();
      const env = { CHAINBILL_DATABASE_URL: serverUrl };
      const codes: (number | undefined)[] = [];
      let last = '';
      for (let i = 0; i < 3; i++) {
        const ran = await runCli([...create, '--policy', policy], { fake, env });
        codes.push(ran.code);
        last = ran.stderr;
      }
      expect(codes).toEqual([0, 0, 3]);
      expect(last).toMatch(/budgets: PostgreSQL at 127\.0\.0\.1:\d+\/chainbill \(CHAINBILL_DATABASE_URL\)/);
      expect(last).toContain('policy.budget');
      expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    },
  );
});
