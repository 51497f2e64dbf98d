/**
 * How a command fails: exit 1 with the error as one JSON line on stderr (the API's or the
 * network's), exit 130 when interrupted; the key in no output, whatever the server echoes. Over
 * real HTTP (loopback servers), through the CLI's own `fetch`.
 */
import { gzipSync } from 'node:zlib';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { useLoopback } from '../loopback.js';
import { runCli } from './run-cli.js';

const loopback = useLoopback();
const key = 'sk_test_0123456789abcdefSECRET';

/** The CLI against a loopback server, with the key in its environment. */
function against(url: string, ...argv: string[]) {
  return runCli([...argv, '--max-retries', '0'], {
    env: { CHAINBILL_API_KEY: key, CHAINBILL_BASE_URL: url },
  });
}

describe('exit 1: the API or the network failed', () => {
  it("the API's error as one JSON line: type, code, param, requestId, message", async () => {
    const fake = createFakeChainbill();
    const ran = await runCli(['subscriptions', 'pause', 'sub_missing'], { fake });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr.endsWith('\n') && ran.stderr.split('\n')).toHaveLength(2);
    expect(JSON.parse(ran.stderr)).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      requestId: expect.stringMatching(/^req_/),
      message: expect.stringContaining('sub_missing'),
    });
  });

  it('a connection reset and a timeout, as APIConnectionError and APIConnectionTimeoutError', async () => {
    const reset = await loopback((_req, res) => res.destroy());
    const dropped = await against(reset.url, 'payouts', 'list');
    expect(dropped.code).toBe(1);
    expect(JSON.parse(dropped.stderr)).toMatchObject({
      type: 'APIConnectionError',
      code: null,
      requestId: null,
    });
    const silent = await loopback(() => undefined);
    const slow = await against(silent.url, 'payouts', 'list', '--timeout', '100');
    expect(slow.code).toBe(1);
    expect(JSON.parse(slow.stderr)).toMatchObject({ type: 'APIConnectionTimeoutError' });
  });

  it('a gzip body is read as the platform would; a body that is not the spec is a ResponseValidationError', async () => {
    const page = { data: [], has_more: false, next_cursor: null };
    const zipped = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify(page)));
    });
    const ran = await against(zipped.url, 'payouts', 'list');
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual(page);
    const wrong = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_42' });
      res.end('{"data":"nope"}');
    });
    const bad = await against(wrong.url, 'payouts', 'list');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr)).toMatchObject({ type: 'ResponseValidationError', requestId: 'req_42' });
  });
});

describe('the key', () => {
  it('is in no output and no error, whatever the server echoes', async () => {
    const echo = (req: { headers: Record<string, string | string[] | undefined> }) =>
      String(req.headers['authorization'] ?? '').replace('Bearer ', '');
    const server = await loopback((req, res) => {
      const seen = echo(req);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': seen });
        const at = '2026-11-26T10:00:00.000Z';
        const customer = { id: 'cus_1', org_id: 'org_1', email: 'a@b.co', name: seen, external_id: null };
        const record = {
          ...customer,
          metadata: { seen },
          environment: 'sandbox',
          created_at: at,
          updated_at: at,
        };
        res.end(JSON.stringify({ data: [record], has_more: false, next_cursor: null }));
      } else {
        res.writeHead(401, { 'content-type': 'application/json', 'x-request-id': `req_${seen}` });
        res.end(
          JSON.stringify({
            error: { type: 'authentication_error', code: seen, message: `bad key ${seen}`, param: seen },
          }),
        );
      }
    });
    const runs = [
      await against(server.url, 'customers', 'list'),
      await against(server.url, 'customers', 'list', '--format', 'table'),
      await against(server.url, 'customers', 'list', '--all', '--format', 'jsonl'),
      await against(server.url, 'customers', 'create', '--email', 'a@b.co'),
      await runCli(['customers', 'create', '--email', 'a@b.co'], {
        env: { CHAINBILL_API_KEY: key, CHAINBILL_BASE_URL: server.url, CHAINBILL_LOG: 'debug' },
      }),
    ];
    expect(server.hits()).toBe(5);
    for (const ran of runs) {
      expect(`${ran.stdout}${ran.stderr}`).not.toContain(key);
      expect(`${ran.stdout}${ran.stderr}`).not.toContain('0123456789abcdefSECRET');
    }
    expect(runs[0]?.stdout).toContain('"name": "sk_test_***"');
    expect(runs[2]?.code).toBe(0);
    expect(runs[2]?.code).toBe(0);
    expect(runs[3]?.code).toBe(1);
  });
});

describe('exit 130: interrupted', () => {
  it('Ctrl+C during a request ends the command at once, with nothing on stderr', async () => {
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const silent = await loopback(() => arrived());
    const interrupt = new AbortController();
    const running = runCli(['payouts', 'list'], {
      env: { CHAINBILL_API_KEY: key, CHAINBILL_BASE_URL: silent.url },
      signal: interrupt.signal,
    });
    await reached;
    interrupt.abort();
    expect(await running).toEqual({ code: 130, stdout: '', stderr: '' });
  });
});

describe('the key, in any form, before anything is encoded or cut', () => {
  // A key the constructor takes (visible ASCII) with the characters JSON escapes.
  const hostile = 'sk_test_51HqLyjWDarjtT1z"Wv\\RkLp+MnXt/Gh7Jy';
  const tail = ['Wv', 'RkLp', 'MnXt', 'Gh7Jy'];
  const at = '2026-11-26T10:00:00.000Z';
  const customer = (name: string, extra: Record<string, unknown> = {}) => ({
    id: 'cus_1',
    org_id: 'org_1',
    email: 'a@b.co',
    name,
    external_id: null,
    metadata: { [name]: name },
    environment: 'sandbox',
    created_at: at,
    updated_at: at,
    ...extra,
  });

  it('a key holding " and \\ leaks no part of its tail: JSON, JSON lines, an array, tables, an error', async () => {
    const server = await loopback((req, res) => {
      const seen = String(req.headers['authorization'] ?? '').replace('Bearer ', '');
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [customer(seen)], has_more: false, next_cursor: null }));
      } else {
        res.writeHead(400, { 'content-type': 'application/json' });
        const error = { type: 'invalid_request_error', code: 'x', message: `bad ${seen}`, param: seen };
        res.end(JSON.stringify({ error }));
      }
    });
    const env = { CHAINBILL_API_KEY: hostile, CHAINBILL_BASE_URL: server.url };
    const runs = await Promise.all(
      [
        ['customers', 'list'],
        ['customers', 'list', '--format', 'jsonl'],
        ['customers', 'list', '--all', '--format', 'json'],
        ['customers', 'list', '--format', 'table'],
        ['customers', 'create', '--email', 'a@b.co'],
      ].map((argv) => runCli([...argv, '--max-retries', '0'], { env, columns: 300 })),
    );
    for (const ran of runs) for (const part of tail) expect(`${ran.stdout}${ran.stderr}`).not.toContain(part);
    expect(JSON.parse(runs[0]?.stdout ?? '')).toMatchObject({ data: [{ name: 'sk_test_***' }] });
    expect(runs[4]?.code).toBe(1);
    expect(JSON.parse(runs[4]?.stderr ?? '')).toMatchObject({ message: 'bad sk_test_***' });
  });

  it('a table cell is redacted, then cut: no secret character shows at any width', async () => {
    const key = 'sk_test_51HqLyjWDarjtT1zdp7dcWvRkLpMnXtGh7Jy';
    const server = await loopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ data: [customer(`paid by ${key} today`)], has_more: false, next_cursor: null }),
      );
    });
    const env = { CHAINBILL_API_KEY: key, CHAINBILL_BASE_URL: server.url };
    for (const columns of [40, 50, 60, 70, 80]) {
      const ran = await runCli(['customers', 'list', '--format', 'table'], { env, columns });
      expect(ran.code).toBe(0);
      expect(ran.stdout).not.toMatch(/sk_test_[^*\s]/);
    }
  });

  it('a key holding a zero-width space: --help and --version answer; a call is AuthenticationError, exit 2', async () => {
    for (const bad of ['sk_test_51HqLyjWDarjtT1z\u200bdp7dc', 'pk_live_51HqLyjWDarjtT1zdp7dc']) {
      const env = { CHAINBILL_API_KEY: bad, CHAINBILL_BASE_URL: 'http://127.0.0.1:9/v1' };
      const help = await runCli(['--help'], { env });
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect((await runCli(['payouts', 'list', '--help'], { env })).code).toBe(0);
      expect(await runCli(['--version'], { env })).toMatchObject({ code: 0, stderr: '' });
      const call = await runCli(['payouts', 'list'], { env });
      expect(call.code).toBe(2);
      expect(JSON.parse(call.stderr)).toMatchObject({
        type: 'authentication_error',
        code: 'api_key_invalid',
      });
      expect(call.stderr).not.toContain('51HqLyjWDarjtT1z');
    }
  });
});
