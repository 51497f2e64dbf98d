/**
 * What the CLI prints: one object or one page as JSON, JSON lines, a table sized to the terminal,
 * and `--all` streaming every item page by page, never ahead of its reader.
 */

import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { useLoopback } from '../loopback.js';
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

  it('columns by importance, as the resource declares them: an id or address is cut only as the last column', async () => {
    const fake = createFakeChainbill();
    fake.seed.checkout();
    fake.seed.revenueEvent({ event_type: 'refund', amount: 12.5 });
    const checkouts = await runCli(['checkouts', 'list', '--format', 'table'], { fake, columns: 80 });
    expect(checkouts.stdout).toMatch(/^checkout_id\s+status\s+amount_usd\b/);
    const events = await runCli(['revenue-events', 'list', '--format', 'table'], { fake, columns: 80 });
    expect(events.stdout).toMatch(/^id\s+event_type\s+amount\s+currency\b/);
    const payouts = seeded(3);
    const addresses = new Set(
      (
        await payouts
          .fetch(`${payouts.baseUrl}/payouts`, {
            headers: { authorization: `Bearer ${payouts.apiKey}` },
          })
          .then((response) => response.json())
      ).data.map((payout: { recipient_address: string }) => payout.recipient_address),
    );
    for (let columns = 60; columns <= 200; columns += 7) {
      const ran = await runCli(['payouts', 'list', '--format', 'table'], { fake: payouts, columns });
      const [header = '', ...lines] = ran.stdout.trimEnd().split('\n');
      const names = header.split(/\s+/);
      const at = names.indexOf('recipient_address');
      if (at < 0 || at === names.length - 1) continue;
      const start = header.indexOf('recipient_address');
      for (const line of lines) expect(addresses).toContain(line.slice(start).split(/\s+/)[0]);
    }
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

describe('a write that fails', () => {
  it('is exit 1 with a message (a full disk); only a reader that went away is a quiet exit 0', async () => {
    const fake = seeded(250);
    let writes = 0;
    const full = new Writable({
      write(_chunk, _encoding, done) {
        writes += 1;
        done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      },
    });
    const ran = await runCli(['payouts', 'list', '--all', '--limit', '100'], { fake, stdout: full });
    expect(ran).toMatchObject({ code: 1, stderr: 'chainbill: cannot write to stdout: ENOSPC\n' });
    expect(writes).toBe(1);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });
});

describe('server text at a terminal', () => {
  const loopback = useLoopback();
  const at = '2026-11-26T10:00:00.000Z';
  const hostile = '\u001b[2J\u001b]0;owned\u0007\u202e\u2028\u009b';

  it('names and values: table headers, the field column, and JSON hold no control or format character', async () => {
    const record = {
      id: 'cus_1',
      org_id: 'org_1',
      email: 'a@b.co',
      name: `Ada${hostile}`,
      external_id: null,
      metadata: {},
      environment: 'sandbox',
      created_at: at,
      updated_at: at,
      [`x${hostile}`]: 'y',
    };
    const server = await loopback((req, res) => {
      res.writeHead(req.method === 'GET' ? 200 : 201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          req.method === 'GET' ? { data: [record], has_more: false, next_cursor: null } : record,
        ),
      );
    });
    const env = { CHAINBILL_API_KEY: 'sk_test_edge0123456789', CHAINBILL_BASE_URL: server.url };
    const runs = await Promise.all(
      [
        ['customers', 'list', '--format', 'table'],
        ['customers', 'create', '--email', 'a@b.co', '--format', 'table'],
        ['customers', 'list'],
        ['customers', 'list', '--all'],
      ].map((argv) => runCli(argv, { env, columns: 300 })),
    );
    for (const ran of runs) {
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}](?<!\n)/u);
    }
    expect(runs[0]?.stdout).toContain('x\uFFFD[2J');
    expect(runs[1]?.stdout).toMatch(/^x\uFFFD\[2J/m);
    // The JSON reads back as the same value.
    expect(JSON.parse(runs[2]?.stdout ?? '').data[0].name).toBe(`Ada${hostile}`);
    expect(JSON.parse(runs[3]?.stdout ?? '')[`x${hostile}`]).toBe('y');
  });
});

describe('--all and --format', () => {
  it('--all --format json is one JSON array; --all alone and --format jsonl are JSON lines', async () => {
    const fake = seeded(250);
    const array = await runCli(['payouts', 'list', '--all', '--format', 'json', '--limit', '100'], { fake });
    const items = JSON.parse(array.stdout) as { id: string }[];
    expect(items).toHaveLength(250);
    expect(new Set(items.map((item) => item.id)).size).toBe(250);
    expect(ids((await runCli(['payouts', 'list', '--all'], { fake })).stdout)).toHaveLength(250);
    const empty = await runCli(['checkouts', 'list', '--all', '--format', 'json'], { fake });
    expect(JSON.parse(empty.stdout)).toEqual([]);
  });
});
