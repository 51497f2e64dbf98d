import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chainbill } from 'chainbill';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, killAfterTest, root, runCli, type Started, startCli } from './cli-process.js';
import { MiB, sendRaw, streamChunked } from './edge-helpers.js';

// `chainbill-fake` as its users run it: test/fake/cli-process.ts.
const exampleSeed = join(root, 'examples/fake-server/seed.json');
const scratch = mkdtempSync(join(tmpdir(), 'chainbill-fake-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

function control(server: Started, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.controlUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.controlToken}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const clientOf = (server: Started, apiKey: string): Chainbill =>
  new Chainbill({ apiKey, baseUrl: server.baseUrl, maxRetries: 0, logLevel: 'off' });

function seedFile(name: string, content: string): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

/** One line naming the problem, prefixed, without a stack frame. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^chainbill-fake: /);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('chainbill-fake serves a seeded organization', () => {
  it('to the client with the seed file keys, and to the control API with its token', async () => {
    const server = await startCli('--seed', exampleSeed);
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.pid).toBe(server.child.pid);
    const acme = server.organizations.find((org) => org.id === 'org_acme');
    expect(acme?.keys).toEqual({ sandbox: ['sk_test_acme_ci'], live: ['sk_live_acme_ci'] });
    const sandbox = clientOf(server, 'sk_test_acme_ci');
    const customers = (await sandbox.customers.list()).data;
    expect(customers.map((c) => c.email).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    expect(customers.find((c) => c.email === 'alice@example.com')?.id).toBe(server.names['alice']);
    expect((await clientOf(server, 'sk_live_acme_ci').customers.list()).data).toHaveLength(1);
    const own = server.organizations.find((org) => org.id === 'org_fake')?.keys.sandbox[0] ?? '';
    expect((await clientOf(server, own).customers.list()).data).toEqual([]);

    const withKey = await fetch(server.controlUrl, { headers: { authorization: 'Bearer sk_test_acme_ci' } });
    expect(withKey.status).toBe(403);
    const fault = await control(server, 'POST', 'faults', {
      match: { route: '/customers' },
      fault: { status: 503 },
    });
    expect(fault.status).toBe(201);
    await expect(sandbox.customers.list()).rejects.toMatchObject({ status: 503 });
    const set = await control(server, 'POST', 'clock', { set: '2030-06-01T00:00:00Z' });
    expect(set.status).toBe(200);
    const advanced = await (await control(server, 'POST', 'clock', { advance: { days: 2 } })).json();
    expect(advanced).toMatchObject({ to: '2030-06-03T00:00:00.000Z' });

    // A reset forgets what happened and applies the startup seed again (new ids, the same keys).
    const reset = await (await control(server, 'POST', 'reset')).json();
    expect(Object.keys(reset.seed.names)).toEqual(['alice', 'pro']);
    expect(reset.seed.names.alice).not.toBe(server.names['alice']);
    expect((await sandbox.customers.list()).data).toHaveLength(2);
  });

  it('stops cleanly on SIGTERM and on SIGINT: exit 0, the port closed', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startCli();
      const own = server.organizations[0]?.keys.sandbox[0] ?? '';
      await clientOf(server, own).customers.list();
      server.child.kill(signal);
      expect(await exited(server.child)).toBe(0);
      await expect(fetch(`${server.baseUrl}/customers`)).rejects.toThrow();
    }
  });

  it('prints the base URL, each key, the control token and the inspector without --json', async () => {
    const child = spawn(
      process.execPath,
      [cli, '--port', '0', '--org', 'org_demo', '--control-token', 'ctl-demo-token'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    killAfterTest(child);
    let out = '';
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('Ctrl+C')) resolve();
      }),
    );
    expect(out).toMatch(/base URL +http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(out).toMatch(/sandbox key +sk_test_\w+ +\(org_demo\)/);
    expect(out).toMatch(/live +key +sk_live_\w+ +\(org_demo\)/);
    expect(out).toMatch(/control URL +http:\/\/127\.0\.0\.1:\d+\/_fake\//);
    expect(out).toContain('control token  ctl-demo-token');
    expect(out).toMatch(/inspector +http:\/\/127\.0\.0\.1:\d+\/_fake\/ui#token=ctl-demo-token\n/);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });
});

describe('chainbill-fake refuses bad input in one line', () => {
  it.each([
    [['--nope'], /unknown option --nope/],
    [['--port', 'http'], /--port must be a whole number/],
    [['--port', '65536'], /--port must be a whole number/],
    [['--port'], /--port/],
    [['stray'], /unexpected argument stray/],
    [['--host', '0.0.0.0'], /--host 0\.0\.0\.0 is not loopback.*--allow-remote/],
    [['--org', 'a b'], /--org must be/],
    [['--control-token', 'sk_test_123456789'], /--control-token must be/],
    [['--seed', join(scratch, 'missing.json')], /--seed: cannot read .*missing\.json: no such file/],
    [['--allow-remote', 'chainbill,a b'], /--allow-remote: "a b" is not a host name/],
  ])('%j: exit 2', async (args, pattern) => {
    const { code, stdout, stderr } = await runCli(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expectOneLine(stderr, pattern);
  });

  it('a seed file that is not JSON, or has a bad record: exit 2 naming it, nothing served', async () => {
    const notJson = await runCli('--seed', seedFile('broken.json', '{ "organizations": [ '));
    expect(notJson.code).toBe(2);
    expectOneLine(notJson.stderr, /seed file .*broken\.json: not JSON: /);
    const record = { organizations: [{ id: 'org_a', sandbox: { plans: [{}, {}, { amount: 'ten' }] } }] };
    const bad = await runCli('--seed', seedFile('bad-record.json', JSON.stringify(record)));
    expect(bad.code).toBe(2);
    expectOneLine(
      bad.stderr,
      /bad-record\.json: organizations\[0\]\.sandbox\.plans\[2\]\.amount: must be a number$/m,
    );
  });

  it('a port in use: exit 1 in one line', async () => {
    const server = await startCli();
    const port = new URL(server.baseUrl).port;
    const { code, stderr } = await runCli('--port', port);
    expect(code).toBe(1);
    expectOneLine(stderr, new RegExp(`port ${port} is in use`));
  });

  it('--allow-remote serves another host with a warning; --help and --version exit 0', async () => {
    const server = await startCli('--host', '0.0.0.0', '--allow-remote');
    expect(server.baseUrl).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/v1$/);
    // The two pipes may be read in either order: wait for the warning's line.
    await new Promise<void>((resolve) => {
      const check = (): void => void (server.stderr().includes('\n') && resolve());
      server.child.stderr?.on('data', check);
      check();
    });
    expectOneLine(server.stderr(), /warning: serving on 0\.0\.0\.0, reachable from other machines/);
    const help = await runCli('--help');
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: chainbill-fake/);
    const version = await runCli('--version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('--allow-remote names the Host names it answers beside loopback; others get 403', async () => {
    const server = await startCli('--allow-remote', 'chainbill,.compose.test');
    const port = Number(new URL(server.baseUrl).port);
    const status = async (host: string) =>
      (await sendRaw(port, `GET /v1/customers HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))
        .status;
    // 401: past the Host check, to the API, which wants a key.
    expect(await status(`chainbill:${port}`)).toBe(401);
    expect(await status('api.compose.test')).toBe(401);
    expect(await status(`localhost:${port}`)).toBe(401);
    expect(await status('rebound.example')).toBe(403);
  });

  it('a negative advance through the control API is a 400 naming it', async () => {
    const server = await startCli();
    const answer = await control(server, 'POST', 'clock', { advance: -60_000 });
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.param).toBe('advance');
    expect(error.message).toMatch(/at least 0, got -60000$/);
    expect(error.message).not.toMatch(/\n/);
  });
});

describe('test/fake/cli-curl.sh', () => {
  const curl = (() => {
    try {
      execFileSync('curl', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!curl)('drives the seeded server with curl (skipped only where curl is missing)', () => {
    const out = execFileSync('bash', [join(root, 'test/fake/cli-curl.sh')], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(out).toMatch(/^ok cli-curl: /m);
  });
});

describe('a request body over 1 MiB, streamed in chunks', () => {
  it('gets 413 with Connection: close, read whole before the connection ends, fast or slow', async () => {
    const server = await startCli();
    const key = server.organizations[0]?.keys.sandbox[0] ?? '';
    const port = Number(new URL(server.baseUrl).port);
    const paces = [
      { bytes: 20 * MiB, chunkBytes: 256 * 1024, pauseMs: 0 }, // as fast as loopback takes it
      { bytes: 20 * MiB, chunkBytes: 16 * 1024, pauseMs: 1 }, // a slow client
    ];
    for (const pace of [...paces, ...paces, ...paces]) {
      const { received, error } = await streamChunked(port, key, pace);
      expect([pace.pauseMs, error]).toEqual([pace.pauseMs, null]);
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(JSON.parse(received.slice(received.indexOf('{'), received.lastIndexOf('}') + 1))).toMatchObject({
        error: { code: 'body_too_large' },
      });
    }
  });
});
