/**
 * `chainbill-mcp` once its peer is there: the command line read, the client built from
 * `CHAINBILL_API_KEY` (or the embedded fake), then served over stdio or `--http` (docs/mcp.md).
 */
import { readFlagJson } from '../catalog/file-flags.js';
import { Chainbill } from '../client.js';
import type { ClientOptions } from '../client-options.js';
import { AuthenticationError, ChainbillError } from '../core/error.js';
import type { Logger } from '../core/logger.js';
import { readEnv } from '../internal/env.js';
import type { PayoutPolicy } from '../payouts/policy.js';
import { checkPayoutPolicy } from '../payouts/policy-check.js';
import { budgetStoreFromEnv } from '../postgres/env.js';
import { VERSION } from '../version.js';
import { type AuditLog, openAuditLog } from './audit.js';
import { type McpOptions, readOptions, UsageError, usage } from './options.js';

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
    const { apiKey, baseUrl, fetch } = await embeddedFake(options.seedPath, options.fakeSeed);
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
function readPolicy(path: string): PayoutPolicy {
  const json = readFlagJson('--policy', path, (message) => new UsageError(message));
  try {
    return checkPayoutPolicy(json);
  } catch (error) {
    throw new UsageError(`--policy: ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What serving needs, checked before anything is served. */
export interface Prepared {
  readonly options: McpOptions;
  readonly client: Chainbill;
  readonly apiKey: string;
  readonly audit: AuditLog | undefined;
  /** Where the budgets of `--policy` are kept, as the start line says it. */
  readonly store: string;
}

async function prepare(options: McpOptions): Promise<Prepared> {
  const { apiKey, ...rest } = await clientOptions(options);
  const payoutPolicy = options.policyPath === undefined ? undefined : readPolicy(options.policyPath);
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
    // A malformed key is the documented AuthenticationError (exit 2); its message never holds the key.
    if (error instanceof AuthenticationError) throw error;
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
  return { options, client, apiKey, audit, store: budgets.description };
}

/**
 * Runs `chainbill-mcp`.
 *
 * @param argv - The arguments after the command.
 * @returns Once the server is serving (over stdio until stdin closes; over HTTP until a signal).
 * @throws {UsageError} for bad flags, a missing or live key, an unreadable file (exit 2).
 * @throws {AuthenticationError} for a malformed key (exit 2).
 */
export async function run(argv: readonly string[]): Promise<void> {
  const options = readOptions(argv);
  if (options === 'help') return void process.stdout.write(`${usage}\n`);
  if (options === 'version') return void process.stdout.write(`${VERSION}\n`);
  const prepared = await prepare(options);
  const { serve } = await import('./serve.js');
  await serve(prepared);
}
