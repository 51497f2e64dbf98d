/**
 * What the CLI prints: one object or one page as JSON, JSON lines, a table sized to the terminal,
 * and `--all` streaming every item page by page, never ahead of its reader.
 */

import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

function seeded(payouts: number): FakeChainbill {
  const fake = createFakeChainbill();
  for (let i = 0; i < payouts; i++) fake.seed.payout({ amount: (i % 1000) + 1 });
  return fake;
}

const ids = (lines: string): string[] =>
  lines
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { id: string }).id);

describe('one object, one page', () => {
  it('an object as pretty JSON; a page as its envelope, with next_cursor for --cursor', async () => {
    const fake = seeded(3);
    const created = await runCli(['customers', 'create', '--email', 'ada@example.com'], { fake });
    expect(created.stdout).toMatch(/^\{\n {2}"id": "cus_/);
    const first = await runCli(['payouts', 'list', '--limit', '2'], { fake });
    const page = JSON.parse(first.stdout) as {
      data: { id: string }[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(page).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect(page.data).toHaveLength(2);
    const second = await runCli(['payouts', 'list', '--limit', '2', '--cursor', page.next_cursor], { fake });
    expect(JSON.parse(second.stdout)).toMatchObject({ data: [{}], has_more: false, next_cursor: null });
  });

  it('--format jsonl: one line per item, and on stderr the flag of the next page', async () => {
    const fake = seeded(3);
    const ran = await runCli(['payouts', 'list', '--limit', '2', '--format', 'jsonl'], { fake });
    expect(ids(ran.stdout)).toHaveLength(2);
    expect(ran.stderr).toMatch(/^more: --cursor \S+\n$/);
    for (let i = 0; i < 30; i++) fake.seed.customer();
    const offset = await runCli(
      ['customers', 'list', '--offset', '5', '--limit', '10', '--format', 'jsonl'],
      { fake },
    );
    expect(ids(offset.stdout)).toHaveLength(10);
    expect(offset.stderr).toBe('more: --offset 15\n');
  });
});

describe('--format table', () => {
  it('fits the terminal width: id and status first, each line at most that wide', async () => {
    const fake = seeded(4);
    for (const columns of [40, 60, 100, 200]) {
      const ran = await runCli(['payouts', 'list', '--format', 'table'], { fake, columns });
      const lines = ran.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(/^id\s+status/);
      for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
    }
    const wide = await runCli(['payouts', 'list', '--format', 'table'], { fake, columns: 200 });
    expect(wide.stdout.split('\n')[0]).toMatch(/^id\s+status\s+amount\s+token\s+chain\s+recipient_address\b/);
    // Without a terminal, COLUMNS says the width.
    const piped = await runCli(['payouts', 'list', '--format', 'table'], { fake, env: { COLUMNS: '50' } });
    for (const line of piped.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(50);
  });

  it("a server's control characters never reach the terminal; one object is field and value", async () => {
    const fake = createFakeChainbill();
    fake.seed.customer({ name: 'Ada\u001b[2J\u001b]0;owned\u0007' });
    const ran = await runCli(['customers', 'list', '--format', 'table'], { fake, columns: 120 });
    expect(ran.stdout).not.toMatch(/\p{Cc}(?<!\n)/u);
    expect(ran.stdout).toContain('Ada\uFFFD[2J');
    const one = await runCli(['customers', 'create', '--email', 'ada@example.com', '--format', 'table'], {
      fake,
      columns: 60,
    });
    expect(one.stdout).toMatch(/^field\s+value\nid\s+cus_/);
  });
});

describe('--all', () => {
  it('streams 2 500 items as JSON lines, each once, in the order of the pages', async () => {
    const fake = seeded(2_500);
    const ran = await runCli(['payouts', 'list', '--all', '--limit', '100'], { fake });
    const all = ids(ran.stdout);
    expect(all).toHaveLength(2_500);
    expect(new Set(all).size).toBe(2_500);
    expect(fake.requests).toHaveLength(25);
    expect(ran.stderr).toBe(''); // stderr is not a terminal: no count
  });

  it('holds at most a page: while the reader does not read, no further page is fetched', async () => {
    const fake = seeded(2_500);
    let release: (() => void) | undefined;
    let lines = 0;
    const held: (() => void)[] = [];
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk, _encoding, done) {
        lines += String(chunk).split('\n').length - 1;
        if (release === undefined) held.push(done);
        else done();
      },
    });
    const running = runCli(['payouts', 'list', '--all', '--limit', '100'], { fake, stdout: slow });
    while (held.length === 0) await sleep(5);
    await sleep(200); // a buffering CLI would fetch on meanwhile
    expect(fake.requests).toHaveLength(1);
    expect(lines).toBe(100);
    release = () => undefined;
    for (const done of held.splice(0)) done();
    expect((await running).code).toBe(0);
    expect(lines).toBe(2_500);
    expect(fake.requests).toHaveLength(25);
  });

  it('counts on stderr while it runs when stderr is a terminal, and clears the count at the end', async () => {
    const fake = seeded(250);
    const ran = await runCli(['payouts', 'list', '--all', '--limit', '100'], { fake, stderrTTY: true });
    expect(ran.stderr).toBe('\r100 items\r200 items\r250 items\r\u001b[K');
    expect(ids(ran.stdout)).toHaveLength(250);
  });

  it('--format table streams rows under one header, its widths from the first page', async () => {
    const fake = seeded(250);
    const ran = await runCli(['payouts', 'list', '--all', '--format', 'table'], { fake, columns: 80 });
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(251);
    expect(lines.filter((line) => line.startsWith('id '))).toHaveLength(1);
  });

  it('a reader that goes away (| head -1) ends it with exit 0, quietly, and nothing more is fetched', async () => {
    const fake = seeded(2_500);
    let writes = 0;
    const gone = new Writable({
      write(_chunk, _encoding, done) {
        writes += 1;
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const ran = await runCli(['payouts', 'list', '--all', '--limit', '100'], { fake, stdout: gone });
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(writes).toBe(1);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });
});
