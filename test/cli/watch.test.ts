/**
 * `chainbill revenue-events watch`: the change feed as JSON lines, resumed from a checkpoint file
 * saved after each line, ended by Ctrl+C (exit 130). The killed-process case is in
 * test/cli/process.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** Five events, a second apart, an hour ago. */
function ledger(): { fake: FakeChainbill; ids: string[] } {
  const fake = createFakeChainbill();
  const start = Date.now() - 3_600_000;
  const ids = [0, 1, 2, 3, 4].map(
    (i) =>
      fake.seed.revenueEvent({
        event_type: i % 2 === 0 ? 'checkout_confirmed' : 'refund',
        occurred_at: new Date(start + i * 1_000).toISOString(),
      }).id,
  );
  return { fake, ids };
}

/** Watches until `lines` lines are printed, then interrupts (as Ctrl+C does). */
async function watchFor(fake: FakeChainbill, lines: number, ...argv: string[]) {
  const interrupt = new AbortController();
  const printed: string[] = [];
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      printed.push(...String(chunk).trimEnd().split('\n'));
      if (printed.length >= lines) interrupt.abort();
      done();
    },
  });
  const ran = await runCli(['revenue-events', 'watch', '--poll-interval', '10', ...argv], {
    fake,
    stdout,
    signal: interrupt.signal,
  });
  return { ...ran, ids: printed.map((line) => (JSON.parse(line) as { id: string }).id) };
}

const scratch = (): string => join(mkdtempSync(join(tmpdir(), 'chainbill-watch-')), 'feed.ckpt');

describe('chainbill revenue-events watch', () => {
  it('prints each event once, oldest first, as JSON lines; Ctrl+C ends it with exit 130', async () => {
    const { fake, ids } = ledger();
    const ran = await watchFor(fake, 5, '--from', new Date(Date.now() - 7_200_000).toISOString());
    expect(ran.ids).toEqual(ids);
    expect(ran).toMatchObject({ code: 130, stderr: '' });
  });

  it('filters as the list does; the feed’s own params are no flags of it', async () => {
    const { fake, ids } = ledger();
    const from = new Date(Date.now() - 7_200_000).toISOString();
    const refunds = await watchFor(fake, 2, '--from', from, '--event-type', 'refund');
    expect(refunds.ids).toEqual([ids[1], ids[3]]);
    expect(fake.requests.every((request) => request.query['event_type'] === 'refund')).toBe(true);
    const owned = await runCli(['revenue-events', 'watch', '--date-from', from], { fake });
    expect(owned).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown flag --date-from/) });
  });

  it('saves the checkpoint after each line, and a new watch resumes after the last line saved', async () => {
    const { fake, ids } = ledger();
    const file = scratch();
    const from = new Date(Date.now() - 7_200_000).toISOString();
    const first = await watchFor(fake, 2, '--from', from, '--checkpoint-file', file);
    expect(first.ids).toEqual(ids.slice(0, 2));
    expect(readFileSync(file, 'utf8')).toMatch(/^rf1\.[\w.~-]+\n$/);
    const rest = await watchFor(fake, 3, '--checkpoint-file', file);
    expect(rest.ids).toEqual(ids.slice(2));
    expect(rest.code).toBe(130);
  });

  it('refuses --from beside a saved checkpoint, and a file that holds no checkpoint', async () => {
    const { fake } = ledger();
    const file = scratch();
    await watchFor(
      fake,
      1,
      '--from',
      new Date(Date.now() - 7_200_000).toISOString(),
      '--checkpoint-file',
      file,
    );
    const both = await runCli(['revenue-events', 'watch', '--from', 'now', '--checkpoint-file', file], {
      fake,
    });
    expect(both).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--from and a checkpoint in .* are both given/),
    });
    writeFileSync(file, 'not a checkpoint\n');
    const damaged = await runCli(['revenue-events', 'watch', '--checkpoint-file', file], { fake });
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toMatch(/^chainbill: .*checkpoint/);
    const other = scratch();
    await watchFor(
      fake,
      1,
      '--from',
      new Date(Date.now() - 7_200_000).toISOString(),
      '--checkpoint-file',
      other,
    );
    const filtered = await runCli(
      ['revenue-events', 'watch', '--event-type', 'refund', '--checkpoint-file', other],
      {
        fake,
      },
    );
    expect(filtered.code).toBe(2);
  });

  it('has help: the filters, the feed’s flags, an example', async () => {
    const help = await runCli(['revenue-events', 'watch', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: chainbill revenue-events watch \[flags\]/);
    expect(help.stdout).toMatch(/Filters:\n\s+--event-type checkout_confirmed\|/);
    for (const flag of ['--from', '--checkpoint-file', '--poll-interval', '--look-back'])
      expect(help.stdout).toContain(flag);
    expect(help.stdout).not.toMatch(/--date-from|--cursor|--limit|--all/);
    expect(help.stdout).toContain(
      'chainbill revenue-events watch --event-type checkout_confirmed --checkpoint-file feed.ckpt',
    );
    const group = await runCli(['revenue-events', '--help']);
    expect(group.stdout).toMatch(/^\s+watch\s+Prints the change feed of GET \/revenue\/events/m);
  });
});

describe('the checkpoint file', () => {
  it('is saved through no link: a symlink planted at the old temporary name is never followed', async () => {
    const { fake, ids } = ledger();
    const file = scratch();
    const target = join(dirname(file), 'target');
    writeFileSync(target, 'untouched\n');
    symlinkSync(target, `${file}.next`);
    const ran = await watchFor(
      fake,
      2,
      '--from',
      new Date(Date.now() - 7_200_000).toISOString(),
      '--checkpoint-file',
      file,
    );
    expect(ran.ids).toEqual(ids.slice(0, 2));
    expect(readFileSync(target, 'utf8')).toBe('untouched\n');
    expect(lstatSync(file).isFile()).toBe(true);
    // Only the file, the planted link and its target: no temporary file is left behind.
    expect(readdirSync(dirname(file)).sort()).toEqual(['feed.ckpt', 'feed.ckpt.next', 'target']);
  });

  it('a directory or a FIFO is refused at once: exit 2, nothing waits', async () => {
    const { fake } = ledger();
    const dir = mkdtempSync(join(tmpdir(), 'chainbill-watch-'));
    const fifo = join(dir, 'feed.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const [path, why] of [
      [dir, 'it is a directory'],
      [fifo, 'it is a FIFO, not a regular file'],
    ] as const) {
      const ran = await runCli(['revenue-events', 'watch', '--checkpoint-file', path], { fake });
      expect(ran).toMatchObject({
        code: 2,
        stderr: `chainbill: --checkpoint-file: cannot read ${path}: ${why}\n`,
      });
    }
    expect(fake.requests).toEqual([]);
  });

  it('a write that fails (a full disk) ends it with exit 1, the checkpoint at the last line written', async () => {
    const { fake, ids } = ledger();
    const file = scratch();
    let lines = 0;
    const full = new Writable({
      write(_chunk, _encoding, done) {
        lines += 1;
        done(lines <= 2 ? null : Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
      },
    });
    const from = new Date(Date.now() - 7_200_000).toISOString();
    const ran = await runCli(
      ['revenue-events', 'watch', '--poll-interval', '10', '--from', from, '--checkpoint-file', file],
      { fake, stdout: full },
    );
    expect(ran).toMatchObject({ code: 1, stderr: 'chainbill: cannot write to stdout: ENOSPC\n' });
    const rest = await watchFor(fake, 3, '--checkpoint-file', file);
    expect(rest.ids).toEqual(ids.slice(2));
  });
});
