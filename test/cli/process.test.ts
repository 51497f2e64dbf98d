/**
 * The built `chainbill` bin in child processes, against `chainbill fake` (the same bin serving the
 * fake): what only a process shows. Exit codes as a shell sees them, a pipe that closes early,
 * Ctrl+C, no terminal for a confirmation, the terminal's width from the environment.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { killAfterTest, root } from '../fake/cli-process.js';
import { payoutCreateArgs } from './create-args.js';

/** The built bin. */
const bin = join(root, 'dist/cli/index.js');

interface Served {
  baseUrl: string;
  controlUrl: string;
  controlToken: string;
  apiKey: string;
}

/** `chainbill fake --port 0 --json`, until its first line. */
function serveFake(): Promise<Served> {
  const child = killAfterTest(
    spawn(process.execPath, [bin, 'fake', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const line = JSON.parse(out.slice(0, out.indexOf('\n'))) as Omit<Served, 'apiKey'> & {
        organizations: { keys: { sandbox: string[] } }[];
      };
      resolve({ ...line, apiKey: line.organizations[0]?.keys.sandbox[0] ?? '' });
    });
    child.on('exit', (code) => reject(new Error(`chainbill fake exited ${code}`)));
  });
}

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin to its end against the fake, stdin not a terminal. */
function chainbill(
  fake: Served,
  args: string[],
  env: Record<string, string> = {},
): Promise<Ended> & { child: ChildProcess } {
  const child = killAfterTest(
    spawn(process.execPath, [bin, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, CHAINBILL_API_KEY: fake.apiKey, CHAINBILL_BASE_URL: fake.baseUrl, ...env },
    }),
  );
  child.stdin?.end();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return Object.assign(ended, { child });
}

async function control(fake: Served, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${fake.controlUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.controlToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

const apiRequests = async (fake: Served): Promise<unknown[]> =>
  ((await control(fake, 'GET', 'requests')) as { requests: unknown[] }).requests;

async function seedPayouts(fake: Served, count: number): Promise<void> {
  const payouts = Array.from({ length: count }, (_, i) => ({ status: 'draft', amount: (i % 100) + 1 }));
  await control(fake, 'POST', 'seed', { organizations: [{ id: 'org_fake', sandbox: { payouts } }] });
}

const create = [...payoutCreateArgs];

/** The files `node` reads to start a module: it and its static imports, transitively. */
function staticGraph(file: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  seen.set(file, text);
  for (const [, spec] of text.matchAll(/^import\s[^;]*?['"](\.{1,2}\/[^'"]+)['"]/gm))
    staticGraph(resolve(dirname(file), spec ?? ''), seen);
  return seen;
}

/**
 * The bin at a pseudo-terminal (util-linux `script`, which Debian always has): what it writes, and
 * `type(text)` to type at it, where `\x03` is Ctrl+C (the terminal sends SIGINT).
 */
function atTerminal(fake: Served, args: string[]) {
  const command = [process.execPath, bin, ...args]
    .map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  const child = killAfterTest(
    spawn('script', ['-qfec', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, CHAINBILL_API_KEY: fake.apiKey, CHAINBILL_BASE_URL: fake.baseUrl },
    }),
  );
  let screen = '';
  child.stdout?.on('data', (chunk) => {
    screen += chunk;
  });
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    screen: () => screen,
    type: (text: string) => child.stdin?.write(text),
    ended,
    async until(text: string): Promise<void> {
      while (!screen.includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

describe('the chainbill bin', () => {
  it('starts without the client, the fake, msw or an MCP SDK: each is imported when a command needs it', () => {
    const graph = [...staticGraph(bin).values()].join('\n');
    expect(graph).toContain('function commandTree');
    expect(graph).not.toMatch(/function createFakeChainbill|function serveFake/);
    expect(graph).not.toContain('supportsRequestStreams'); // ky, with the client
    expect(graph).not.toMatch(/from ['"](msw|@modelcontextprotocol)/);
    expect(readFileSync(bin, 'utf8')).toMatch(/await import\(["']\.\.\/serve-[\w-]+\.js["']\)/);
  });

  it('answers --help, and calls the fake it serves itself', async () => {
    const fake = await serveFake();
    const help = await chainbill(fake, ['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('Usage: chainbill <command> [flags]');
    const created = await chainbill(fake, ['customers', 'create', '--email', 'ada@example.com']);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'ada@example.com' });
    const fakeHelp = await chainbill(fake, ['fake', '--help']);
    expect(fakeHelp.stdout).toMatch(/^Usage: chainbill fake \[options\]/);
  });

  it('a money move without a terminal and without --yes: exit 3, and the request log stays empty', async () => {
    const fake = await serveFake();
    const refused = await chainbill(fake, create);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(
      /^sandbox: test money · 127\.0\.0\.1:\d+\n[\s\S]*\nchainbill: .*pass --yes/,
    );
    const dry = await chainbill(fake, [...create, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(await apiRequests(fake)).toEqual([]);
    const sent = await chainbill(fake, [...create, '--yes']);
    expect(sent.code).toBe(0);
    expect(await apiRequests(fake)).toHaveLength(1);
  });

  it('at a terminal: Ctrl+C at the question is exit 130 and nothing is sent; yes sends it', async () => {
    const fake = await serveFake();
    const interrupted = atTerminal(fake, create);
    await interrupted.until('Type yes to go on: ');
    interrupted.type('\x03');
    expect(await interrupted.ended).toBe(130);
    expect(await apiRequests(fake)).toEqual([]);
    const confirmed = atTerminal(fake, create);
    await confirmed.until('Type yes to go on: ');
    confirmed.type('yes\r');
    expect(await confirmed.ended).toBe(0);
    expect(confirmed.screen()).toMatch(/^sandbox: test money · 127\.0\.0\.1:\d+\r\n/);
    expect(await apiRequests(fake)).toHaveLength(1);
  });

  it('a write to a full disk is exit 1 with a message; a FIFO given as a file is exit 2 at once', async () => {
    const fake = await serveFake();
    const full = openSync('/dev/full', 'w');
    const written = spawnSync(process.execPath, [bin, 'plans', 'list'], {
      stdio: ['ignore', full, 'pipe'],
      env: { ...process.env, CHAINBILL_API_KEY: fake.apiKey, CHAINBILL_BASE_URL: fake.baseUrl },
      encoding: 'utf8',
    });
    closeSync(full);
    expect({ code: written.status, stderr: written.stderr }).toEqual({
      code: 1,
      stderr: 'chainbill: cannot write to stdout: ENOSPC\n',
    });
    const fifo = join(mkdtempSync(join(tmpdir(), 'chainbill-fifo-')), 'seed.json');
    execFileSync('mkfifo', [fifo]);
    const seeded = await chainbill(fake, ['fake', '--port', '0', '--seed', fifo]);
    expect(seeded).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('it is a FIFO, not a regular file'),
    });
  });

  it('each exit code as a shell sees it: 0, 1 with the error as JSON, 2 with a suggestion', async () => {
    const fake = await serveFake();
    expect((await chainbill(fake, ['plans', 'list'])).code).toBe(0);
    const missing = await chainbill(fake, ['subscriptions', 'pause', 'sub_missing']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr)).toMatchObject({
      code: 'resource_missing',
      requestId: expect.any(String),
    });
    const typo = await chainbill(fake, ['payouts', 'list', '--stauts', 'draft']);
    expect(typo).toMatchObject({
      code: 2,
      stderr: 'chainbill: unknown flag --stauts (did you mean --status?)\n',
    });
  });

  it('| head -1 ends quietly with exit 0, no stack trace', async () => {
    const fake = await serveFake();
    await seedPayouts(fake, 2_500);
    const script = `node "${bin}" payouts list --all --limit 5 | head -1; echo "exit \${PIPESTATUS[0]}" >&2`;
    const piped = killAfterTest(
      spawn('bash', ['-c', script], {
        env: { ...process.env, CHAINBILL_API_KEY: fake.apiKey, CHAINBILL_BASE_URL: fake.baseUrl },
      }),
    );
    let stdout = '';
    let stderr = '';
    piped.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    piped.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await new Promise((resolve) => piped.on('close', resolve));
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({ id: expect.stringMatching(/^po_/) });
    expect(stderr).toBe('exit 0\n');
    expect((await apiRequests(fake)).length).toBeLessThan(500);
  });

  it('Ctrl+C while a request waits: exit 130, nothing on stderr', async () => {
    const fake = await serveFake();
    await control(fake, 'POST', 'faults', {
      match: { method: 'GET', route: '/payouts' },
      fault: { delay: 600_000 },
    });
    const waiting = chainbill(fake, ['payouts', 'list']);
    while (((await control(fake, 'GET', 'faults')) as { pending: unknown[] }).pending.length > 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    waiting.child.kill('SIGINT');
    expect(await waiting).toEqual({ code: 130, stdout: '', stderr: '' });
  });

  it('a table as wide as COLUMNS says', async () => {
    const fake = await serveFake();
    await seedPayouts(fake, 3);
    const ran = await chainbill(fake, ['payouts', 'list', '--format', 'table'], { COLUMNS: '50' });
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^id\s+status/);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(50);
  });

  it('watch resumes from its checkpoint file after the process is killed: no event missed', async () => {
    const fake = await serveFake();
    const start = Date.parse('2026-01-01T00:00:00Z');
    const count = 1_000;
    const revenue_events = Array.from({ length: count }, (_, i) => ({
      event_type: 'checkout_confirmed',
      amount: i + 1,
      occurred_at: new Date(start + i * 60_000).toISOString(),
    }));
    await control(fake, 'POST', 'seed', { organizations: [{ id: 'org_fake', sandbox: { revenue_events } }] });
    const file = join(mkdtempSync(join(tmpdir(), 'chainbill-watch-')), 'feed.ckpt');
    const watch = (...more: string[]) =>
      chainbill(fake, [
        'revenue-events',
        'watch',
        '--checkpoint-file',
        file,
        '--poll-interval',
        '50',
        ...more,
      ]);
    const amounts = (out: string): number[] =>
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { amount: number }).amount);
    // Its stdout unread, the first run stops in a write once the pipe is full: killed there, it
    // has saved the checkpoint of the last line the pipe took, and no further.
    const first = watch('--from', '2025-12-31T00:00:00Z');
    first.child.stdout?.pause();
    while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.child.kill('SIGKILL');
    first.child.stdout?.resume(); // what the pipe holds is still read to its end
    const before = amounts((await first).stdout);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(count);
    const second = watch();
    let secondOut = '';
    second.child.stdout?.on('data', (chunk) => {
      secondOut += chunk;
    });
    while (amounts(secondOut).at(-1) !== count) await new Promise((resolve) => setTimeout(resolve, 20));
    second.child.kill('SIGINT');
    expect((await second).code).toBe(130);
    const after = amounts(secondOut);
    // It resumes after the last line saved: the line printed as it was killed may come again.
    expect([before.at(-1), (before.at(-1) ?? 0) + 1]).toContain(after[0]);
    expect([...new Set([...before, ...after])]).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });
});
