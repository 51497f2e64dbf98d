/**
 * The built `chainbill-mcp` bin (dist/mcp/index.js) as an MCP client starts it, over stdio, with
 * the MCP SDK's own `Client`: its start-up checks, the embedded fake, the key, and its peer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as Client2026 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransport2026 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { catalog } from '../../src/catalog/catalog.js';
import { useLoopback } from '../loopback.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'dist/mcp/index.js');
const scratch = mkdtempSync(join(tmpdir(), 'chainbill-mcp-bin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const loopback = useLoopback();

/** The environment without any CHAINBILL_ variable of the machine, plus the test's own. */
function envWith(own: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !name.startsWith('CHAINBILL_')) env[name] = value;
  return { ...env, ...own };
}

const nameOf = (entry: (typeof catalog)[number]): string =>
  [...entry.resource, entry.method]
    .map((word) => word.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`))
    .join('_');

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** Starts the bin as an MCP client would, and connects the SDK's `Client` to it. */
async function start(
  args: string[],
  env: Record<string, string> = {},
  person?: () => { action: 'accept'; content: { approve: boolean } },
) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...args],
    env: envWith(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client(
    { name: 'bin-test', version: '1.0.0' },
    { capabilities: person ? { elicitation: { form: {} } } : {} },
  );
  if (person) client.setRequestHandler(ElicitRequestSchema, person);
  clients.push(client);
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    return {
      isError: result.isError === true,
      json: (result.structuredContent ?? {}) as Record<string, unknown>,
      text,
    };
  };
  return { client, call, stderr: () => stderr };
}

/** Runs the bin to its exit, stdin closed at once. */
function runToExit(args: string[], env: Record<string, string> = {}, binPath = bin, cwd = root) {
  const result = spawnSync(process.execPath, [binPath, ...args], {
    cwd,
    env: envWith(env),
    input: '',
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('chainbill-mcp --fake', () => {
  it('answers tools/list with the read tools of the catalog, and serves them', async () => {
    const { client, call, stderr } = await start(['--fake']);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      catalog.filter((entry) => entry.effect === 'read').map(nameOf),
    );
    const page = await call('payouts_list', { limit: 5 });
    expect(page.json).toEqual({ data: [], has_more: false, next_cursor: null });
    expect(page.text).toMatch(/0 records/);
    expect(stderr()).toMatch(/^chainbill-mcp \S+: \d+ tools on stdio/);
  });

  it('with a seed file, every tool offered and a person who says yes, approves the seeded draft', async () => {
    const seed = join(root, 'examples/fake-server/seed.json');
    const person = () => ({ action: 'accept' as const, content: { approve: true } });
    const { client, call } = await start(
      ['--fake', '--seed', seed, '--tools', 'write', '--allow-approve'],
      {},
      person,
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(catalog.map(nameOf));
    const drafts = await call('payouts_list', { status: 'draft' });
    const draft = (drafts.json['data'] as { id: string; amount: number }[])[0];
    expect(draft?.amount).toBe(125.5);
    const approved = await call('payouts_approve', { id: draft?.id });
    expect(approved.json).toMatchObject({ payout: { id: draft?.id, status: 'approved' } });
  });

  it('serves a 2026-07-28 client on the same stdio: tools, a read, and an approval by input_required', async () => {
    const seed = join(root, 'examples/fake-server/seed.json');
    const transport = new StdioClientTransport2026({
      command: process.execPath,
      args: [bin, '--fake', '--seed', seed, '--allow-approve'],
      env: envWith({}),
      stderr: 'pipe',
    });
    const client = new Client2026(
      { name: 'bin-test-2026', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String((request.params as { message?: unknown }).message));
      return { action: 'accept', content: { approve: true } };
    });
    clients.push(client as unknown as Client);
    await client.connect(transport);
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('payouts_approve');
    const drafts = await client.callTool({ name: 'payouts_list', arguments: { status: 'draft' } });
    const draft = (drafts.structuredContent as { data: { id: string }[] }).data[0];
    const approved = await client.callTool({ name: 'payouts_approve', arguments: { id: draft?.id } });
    expect(approved.structuredContent).toMatchObject({ payout: { id: draft?.id, status: 'approved' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(draft?.id);
  });

  it('with --fake-seed makes the same ids for the same calls on every start', async () => {
    const ids: unknown[] = [];
    for (let run = 0; run < 2; run += 1) {
      const { call, client } = await start(['--fake', '--fake-seed', '42', '--tools', 'write']);
      const created = await call('payouts_create', {
        recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
        chain: 'tron',
        token: 'USDT',
        amount: 12.5,
        currency: 'USD',
      });
      ids.push((created.json['created'] as { id?: unknown }).id);
      await client.close();
    }
    expect(ids[0]).toMatch(/^po_/);
    expect(ids[1]).toBe(ids[0]);
    expect(runToExit(['--fake-seed', '42']).code).toBe(2);
  });

  it('appends an audit line per call', async () => {
    const path = join(scratch, 'audit.jsonl');
    const { call } = await start(['--fake', '--audit-log', path]);
    await call('payouts_list');
    await call('payouts_create', { amount: 1 });
    const lines = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.tool, line.outcome])).toEqual([
      ['payouts_list', 'ok'],
      ['payouts_create', 'error'],
    ]);
  });
});

describe('chainbill-mcp --policy', () => {
  it('refuses a payout outside the policy file, and a policy that cannot be checked at start', async () => {
    const policy = join(scratch, 'policy.json');
    writeFileSync(policy, JSON.stringify({ maxAmount: { USDT: '100' }, chains: ['tron'] }));
    const { call } = await start(['--fake', '--tools', 'write', '--policy', policy]);
    const payout = {
      recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
      chain: 'tron',
      token: 'USDT',
      currency: 'USD',
    };
    const over = await call('payouts_create', { ...payout, amount: 250 });
    expect(over.json['error']).toMatchObject({
      type: 'PayoutPolicyError',
      code: 'policy.max_amount',
      param: 'amount',
    });
    const within = await call('payouts_create', { ...payout, amount: 12.5 });
    expect(within.json['created']).toMatchObject({ status: 'draft', amount: 12.5 });
    // A draft outside the policy (the seed's, 125.5 USDT) is refused at approval, nobody asked.
    let asked = 0;
    const seeded = await start(
      [
        '--fake',
        '--seed',
        join(root, 'examples/fake-server/seed.json'),
        '--allow-approve',
        '--policy',
        policy,
      ],
      {},
      () => {
        asked += 1;
        return { action: 'accept', content: { approve: true } };
      },
    );
    const drafts = await seeded.call('payouts_list', { status: 'draft' });
    const draft = (drafts.json['data'] as { id: string }[])[0];
    const refusedApproval = await seeded.call('payouts_approve', { id: draft?.id });
    expect(refusedApproval.json['error']).toMatchObject({
      type: 'PayoutPolicyError',
      code: 'policy.max_amount',
    });
    expect(asked).toBe(0);
    expect((await seeded.call('payouts_list', { status: 'draft' })).json['data']).toHaveLength(1);

    const bad = join(scratch, 'bad-policy.json');
    writeFileSync(bad, JSON.stringify({ maxAmount: { USDT: '-1' } }));
    const refused = runToExit(['--fake', '--policy', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^chainbill-mcp: --policy: .*bad-policy\.json: .*maxAmount\.USDT/);
    const missing = runToExit(['--fake', '--policy', join(scratch, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('refuses at once a policy naming a key twice, and a FIFO (never waiting for a writer)', () => {
    const twice = join(scratch, 'twice.json');
    writeFileSync(twice, '{"maxAmount": {"USDT": "100", "USDT": "999999999"}}');
    const fifo = join(scratch, 'policy.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const [path, message] of [
      [twice, /names the key "USDT" twice \(at maxAmount\.USDT\)/],
      [fifo, /it is a FIFO, not a regular file/],
    ] as const) {
      const result = spawnSync(process.execPath, [bin, '--fake', '--policy', path], {
        env: envWith({}),
        input: '',
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});

describe('chainbill-mcp with CHAINBILL_API_KEY', () => {
  it('refuses a live key unless --live is given, and then starts', async () => {
    const env = { CHAINBILL_API_KEY: 'sk_live_mcp_refused_1', CHAINBILL_BASE_URL: 'http://127.0.0.1:9/v1' };
    const refused = runToExit([], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^chainbill-mcp: .*live key.*--live/);
    expect(refused.stderr).not.toContain('sk_live_mcp_refused_1');
    expect(refused.stdout).toBe('');
    const { client } = await start(['--live'], env);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('with a key holding a zero-width space: AuthenticationError, exit 2; --help and --version need no key', () => {
    const env = { CHAINBILL_API_KEY: 'sk_test_zero\u200bwidth', CHAINBILL_BASE_URL: 'http://127.0.0.1:9/v1' };
    const refused = runToExit([], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^chainbill-mcp: AuthenticationError \(api_key_invalid\): /);
    expect(refused.stderr).not.toContain('zero');
    expect(runToExit(['--help'], env).code).toBe(0);
    expect(runToExit(['--version'], env).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('without a key exits 2 and says where the key comes from', () => {
    const missing = runToExit([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/CHAINBILL_API_KEY/);
  });

  it('never shows the key that the API echoes into an error, on stdout or stderr', async () => {
    const apiKey = 'sk_test_mcp_bin_echo_7f3a';
    const api = await loopback((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: `key ${req.headers.authorization}` },
        }),
      );
    });
    const { call, stderr } = await start([], { CHAINBILL_API_KEY: apiKey, CHAINBILL_BASE_URL: api.url });
    const answer = await call('payouts_list');
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({ type: 'invalid_request_error' });
    expect(answer.text).not.toContain(apiKey);
    expect(stderr()).not.toContain(apiKey);
  });
});

describe('chainbill-mcp on the command line', () => {
  it('prints its usage with --help, and exits 2 naming an unknown flag', () => {
    const help = runToExit(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--allow-approve/);
    const bad = runToExit(['--tool', 'write']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^chainbill-mcp: .*--tool/);
  });

  it('without its peer, the MCP SDK, exits 2 with the command that installs it', () => {
    const installed = join(scratch, 'project/node_modules/chainbill');
    mkdirSync(installed, { recursive: true });
    cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
    cpSync(join(root, 'package.json'), join(installed, 'package.json'));
    const result = runToExit(['--fake'], {}, join(installed, 'dist/mcp/index.js'));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'chainbill-mcp: needs the MCP SDK, an optional peer of chainbill: npm install @modelcontextprotocol/server\n',
    );
  });
});

describe('chainbill-mcp install', () => {
  it("prints a client's entry, and with --write merges it into the file, never with the key", () => {
    const project = join(scratch, 'install');
    mkdirSync(join(project, '.vscode'), { recursive: true });
    writeFileSync(
      join(project, '.vscode/mcp.json'),
      JSON.stringify({ servers: { other: { command: 'x' } } }),
    );
    const key = { CHAINBILL_API_KEY: 'sk_test_install_never_written' };
    const printed = runToExit(['install', '--client', 'cursor', '--', '--tools', 'write'], key, bin, project);
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toEqual({
      mcpServers: {
        chainbill: {
          command: 'npx',
          args: [
            '-y',
            '-p',
            'chainbill',
            '-p',
            '@modelcontextprotocol/server',
            'chainbill-mcp',
            '--tools',
            'write',
          ],
          env: {
            CHAINBILL_API_KEY: `\${env:CHAINBILL_API_KEY}`,
            CHAINBILL_BASE_URL: `\${env:CHAINBILL_BASE_URL}`,
          },
        },
      },
    });
    const written = runToExit(['install', '--client', 'vscode', '--write'], key, bin, project);
    expect(written.code).toBe(0);
    const file = readFileSync(join(project, '.vscode/mcp.json'), 'utf8');
    expect(JSON.parse(file).servers).toMatchObject({
      other: { command: 'x' },
      chainbill: { type: 'stdio', command: 'npx' },
    });
    expect(file).not.toContain('sk_test_install');
    const unknown = runToExit(['install', '--client', 'notepad'], {}, bin, project);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/claude-code, claude-desktop, vscode, cursor/);
  });
});
