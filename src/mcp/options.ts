/**
 * The command line of `chainbill-mcp` (docs/mcp.md): which tools it offers, and where its key,
 * policy, audit log and fake come from.
 */
import { parseArgs } from 'node:util';
import { allTools, type ChainbillTool } from './tools.js';

/** The usage text, for `--help`. */
export const usage = `Usage: chainbill-mcp [options]
       chainbill-mcp install --client claude-code|claude-desktop|vscode|cursor [--write]

Serves the Chainbill API to an AI agent as MCP tools, over stdio or HTTP (docs/mcp.md).
The API key comes from CHAINBILL_API_KEY (a test key, sk_test_…, unless --live).
The budgets of --policy are kept in PostgreSQL at CHAINBILL_DATABASE_URL (through pg) when it is
set, shared with your application; otherwise they bound this server's process only.

Options:
  --tools <set>            read (default): the list tools; write: the lists and the writes;
                           or a comma-separated list of tool names, read and write included
  --allow-approve          offer the tools that move drafted money (payouts_approve, …); each
                           call asks you in the MCP client first, and only your yes approves
  --live                   allow a live key (sk_live_…): real money
  --policy <file.json>     a payout policy every payout must keep to (docs/money.md)
  --audit-log <file.jsonl> append one JSON line per tool call
  --approval-timeout <s>   seconds an approval waits for your answer (default 300)
  --http <host:port>       serve Streamable HTTP at http://host:port/mcp instead of stdio, as an
                           OAuth 2.1 resource server (needs --authorization-server)
  --authorization-server <url>  the OAuth authorization server whose tokens --http accepts
  --allow-remote           let --http bind an address that is not loopback
  --fake                   serve the tools against an embedded fake API, not the real one
  --seed <file.json>       with --fake: a seed file, as chainbill-fake takes
  --fake-seed <n>          with --fake: the same ids for the same calls on every run
  -h, --help               print this help
  -v, --version            print the version`;

/** Bad input on the command line (exit 2): the message says what is wrong and what is allowed. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What the command line asks for. */
export interface McpOptions {
  /** The tools to offer. */
  readonly tools: readonly ChainbillTool[];
  /** Whether a live key may be used. */
  readonly live: boolean;
  /** The payout policy's file. */
  readonly policyPath: string | undefined;
  /** The audit log's file. */
  readonly auditPath: string | undefined;
  /** How long an approval waits for the person, in milliseconds. */
  readonly approvalTimeoutMs: number;
  /** Serve against an embedded fake. */
  readonly fake: boolean;
  /** With `fake`, its seed file. */
  readonly seedPath: string | undefined;
  /** With `fake`, `--fake-seed`: its ids the same on every run. */
  readonly fakeSeed: number | undefined;
  /** `--http`: where to listen. */
  readonly http: { readonly host: string; readonly port: number } | undefined;
  /** With `http`: the authorization server's issuer URL. */
  readonly authorizationServer: URL | undefined;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      tools: { type: 'string' },
      'allow-approve': { type: 'boolean' },
      live: { type: 'boolean' },
      policy: { type: 'string' },
      'audit-log': { type: 'string' },
      'approval-timeout': { type: 'string' },
      fake: { type: 'boolean' },
      seed: { type: 'string' },
      'fake-seed': { type: 'string' },
      http: { type: 'string' },
      'authorization-server': { type: 'string' },
      'allow-remote': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

/**
 * The tools a `--tools` value and `--allow-approve` select, in the catalog's order.
 *
 * @param value - `read`, `write`, or a comma-separated list of those and tool names.
 * @param allowApprove - Whether `--allow-approve` was given: it adds every approval tool, and a
 *   list may name one only with it.
 * @returns The tools.
 * @throws {UsageError} for an unknown name, or an approval tool named without `--allow-approve`.
 */
export function selectTools(value: string, allowApprove: boolean): ChainbillTool[] {
  const chosen = new Set<ChainbillTool>();
  for (const word of value.split(',').map((part) => part.trim())) {
    if (word === 'read' || word === 'write') {
      for (const tool of allTools)
        if (tool.kind === 'read' || (word === 'write' && tool.kind === 'write')) chosen.add(tool);
      continue;
    }
    const tool = allTools.find((candidate) => candidate.name === word);
    if (tool === undefined)
      throw new UsageError(
        `--tools: unknown tool ${JSON.stringify(word)}; use read, write or tool names (${allTools.map((t) => t.name).join(', ')})`,
      );
    if (tool.kind === 'approval' && !allowApprove)
      throw new UsageError(`--tools: ${tool.name} moves money and is offered only with --allow-approve`);
    chosen.add(tool);
  }
  if (allowApprove) for (const tool of allTools) if (tool.kind === 'approval') chosen.add(tool);
  return allTools.filter((tool) => chosen.has(tool));
}

/**
 * Reads the command line.
 *
 * @param argv - The arguments after the command.
 * @returns The options, or `help` / `version`.
 * @throws {UsageError} naming the flag and what it takes.
 */
export function readOptions(argv: readonly string[]): McpOptions | 'help' | 'version' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${(message.split('\n')[0] ?? '').replace(/\.$/, '')} (see --help)`);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const timeoutText = values['approval-timeout'] ?? '300';
  if (!/^\d{1,4}$/.test(timeoutText) || Number(timeoutText) < 1 || Number(timeoutText) > 3600)
    throw new UsageError(
      `--approval-timeout must be whole seconds from 1 to 3600, got ${JSON.stringify(timeoutText)}`,
    );
  const fake = values.fake ?? false;
  if (values.seed !== undefined && !fake) throw new UsageError('--seed needs --fake');
  const fakeSeed = values['fake-seed'];
  if (fakeSeed !== undefined && !fake) throw new UsageError('--fake-seed needs --fake');
  if (fakeSeed !== undefined && !(/^\d{1,16}$/.test(fakeSeed) && Number.isSafeInteger(Number(fakeSeed))))
    throw new UsageError(
      `--fake-seed must be a whole number from 0 to 9007199254740991, got ${JSON.stringify(fakeSeed)}`,
    );
  if (values.live && fake) throw new UsageError('--live has no meaning with --fake, which uses a test key');
  const http =
    values.http === undefined ? undefined : readListen(values.http, values['allow-remote'] ?? false);
  const issuer = values['authorization-server'];
  if (http !== undefined && issuer === undefined)
    throw new UsageError(
      '--http needs --authorization-server <url>: every HTTP call carries a token it issued',
    );
  if (http === undefined && (issuer !== undefined || values['allow-remote']))
    throw new UsageError(
      `${issuer !== undefined ? '--authorization-server' : '--allow-remote'} needs --http`,
    );
  return {
    http,
    authorizationServer: issuer === undefined ? undefined : readIssuer(issuer),
    tools: selectTools(values.tools ?? 'read', values['allow-approve'] ?? false),
    live: values.live ?? false,
    policyPath: values.policy,
    auditPath: values['audit-log'],
    approvalTimeoutMs: Number(timeoutText) * 1000,
    fake,
    seedPath: values.seed,
    fakeSeed: fakeSeed === undefined ? undefined : Number(fakeSeed),
  };
}

const loopback = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/;

/** `--http host:port`: a loopback address unless `--allow-remote`. */
function readListen(value: string, allowRemote: boolean): { host: string; port: number } {
  const match = /^(?:\[([0-9a-fA-F:]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(value);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || !(port >= 0 && port <= 65535))
    throw new UsageError(`--http takes host:port (127.0.0.1:8787, [::1]:8787), got ${JSON.stringify(value)}`);
  if (!loopback.test(host) && !allowRemote)
    throw new UsageError(
      `--http ${value}: ${host} is not a loopback address; add --allow-remote to serve other machines`,
    );
  return { host, port };
}

/** `--authorization-server`: an https URL, or http on loopback (for a local authorization server). */
function readIssuer(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--authorization-server takes a URL, got ${JSON.stringify(value)}`);
  }
  const local = loopback.test(url.hostname.replace(/^\[|\]$/g, ''));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new UsageError('--authorization-server must be https (http only on loopback)');
  return url;
}
