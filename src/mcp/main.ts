/**
 * `chainbill-mcp` once its peer is there: the command line read, the client built from
 * `CHAINBILL_API_KEY` (or the embedded fake), the server served over stdio (docs/mcp.md).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readFlagJson } from '../catalog/file-flags.js';
import { Chainbill } from '../client.js';
import type { ClientOptions } from '../client-options.js';
import { ChainbillError } from '../core/error.js';
import type { Logger } from '../core/logger.js';
import { readEnv } from '../internal/env.js';
import type { PayoutPolicy } from '../payouts/policy.js';
import { checkPayoutPolicy } from '../payouts/policy-check.js';
import { budgetStoreFromEnv } from '../postgres/env.js';
import { VERSION } from '../version.js';
import { type AuditLog, openAuditLog } from './audit.js';
import { type McpOptions, readOptions, UsageError, usage } from './options.js';
import { createChainbillMcpServer } from './server.js';

/** stdout carries the protocol, so everything else, the client's log lines too, goes to stderr. */
const stderrLogger: Logger = {
  error: (...args) => console.error(...args),
  warn: (...args) => console.error(...args),
  info: (...args) => console.error(...args),
  debug: (...args) => console.error(...args),
};

/**
 * The key and where it is used: the embedded fake's with `--fake`, else `CHAINBILL_API_KEY`,
 * a test key unless `--live` (never a flag: flags land in shell history and client configs).
 */
async function clientOptions(options: McpOptions): Promise<ClientOptions & { apiKey: string }> {
  if (options.fake) {
    const { embeddedFake } = await import('./fake.js');
    const { apiKey, baseUrl, fetch } = await embeddedFake(options.seedPath);
    return { apiKey, baseUrl, fetch };
  }
  const apiKey = readEnv('CHAINBILL_API_KEY');
  if (apiKey === undefined)
    throw new UsageError('set CHAINBILL_API_KEY to a test key (sk_test_…), or serve a fake with --fake');
  if (apiKey.startsWith('sk_live_') && !options.live)
    throw new UsageError(
      'CHAINBILL_API_KEY is a live key (sk_live_…): chainbill-mcp takes test keys only, unless --live is given',
    );
  return { apiKey };
}

/** `--policy file.json`, checked at start: a policy that cannot be checked never serves a call. */
async function readPolicy(path: string): Promise<PayoutPolicy> {
  const json = readFlagJson('--policy', path, (message) => new UsageError(message));
  try {
    return checkPayoutPolicy(json);
  } catch (error) {
    throw new UsageError(`--policy: ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function start(options: McpOptions): Promise<void> {
  const { apiKey, ...rest } = await clientOptions(options);
  const payoutPolicy = options.policyPath === undefined ? undefined : await readPolicy(options.policyPath);
  const budgets = budgetStoreFromEnv(process.env);
  let client: Chainbill;
  try {
    client = new Chainbill({
      ...rest,
      apiKey,
      payoutPolicy,
      budgetStore: budgets.store,
      logger: stderrLogger,
    });
  } catch (error) {
    // A malformed key or base URL: the SDK's message names the problem, never the key.
    if (error instanceof ChainbillError) throw new UsageError(error.message);
    throw error;
  }
  let audit: AuditLog | undefined;
  if (options.auditPath !== undefined) {
    const path = options.auditPath;
    audit = await openAuditLog(path).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`--audit-log: cannot open ${path} for appending: ${error.code ?? error.message}`);
    });
  }
  const server = createChainbillMcpServer({
    client,
    apiKey,
    tools: options.tools,
    audit,
    approvalTimeoutMs: options.approvalTimeoutMs,
    onAuditFailure: (error) =>
      process.stderr.write(
        `chainbill-mcp: the audit log cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}); refusing every further call\n`,
      ),
  });
  server.onclose = () => void audit?.close();
  await server.connect(new StdioServerTransport());
  const where = options.fake ? 'an embedded fake API' : `${client.baseUrl} (${client.environment})`;
  process.stderr.write(
    `chainbill-mcp ${VERSION}: ${options.tools.length} tools on stdio, against ${where}; ${budgets.description}\n`,
  );
}

/**
 * Runs `chainbill-mcp`.
 *
 * @param argv - The arguments after the command.
 * @returns Once the server is connected (it then serves until stdin closes).
 * @throws {UsageError} for bad flags, a missing or live key, an unreadable file (exit 2).
 */
export async function run(argv: readonly string[]): Promise<void> {
  const options = readOptions(argv);
  if (options === 'help') return void process.stdout.write(`${usage}\n`);
  if (options === 'version') return void process.stdout.write(`${VERSION}\n`);
  await start(options);
}
