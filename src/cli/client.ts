/**
 * The client a command calls through: the key from `CHAINBILL_API_KEY` only, the base URL from
 * `--base-url` or `CHAINBILL_BASE_URL`, the payout policy of `--policy` (its budgets in
 * PostgreSQL at `CHAINBILL_DATABASE_URL` when set), the SDK's log lines on stderr. Imported only by a command
 * that calls the API, so `--help` never loads the client, ky or the platform's fetch.
 */

import { readFlagJson } from '../catalog/file-flags.js';
import { Chainbill } from '../client.js';
import type { ClientOptions } from '../client-options.js';
import type { Logger, LogLevel } from '../core/logger.js';
import type { PayoutPolicy } from '../payouts/policy.js';
import { checkPayoutPolicy } from '../payouts/policy-check.js';
import { budgetStoreFromEnv } from '../postgres/env.js';
import { clean } from './encode.js';
import { UsageError } from './errors.js';
import type { GlobalValues } from './global-flags.js';
import type { Io } from './io.js';
import { nodeFetch } from './node-fetch.js';
import type { Output } from './output.js';

/**
 * Makes the command's client.
 *
 * @param flags - The command's global flags.
 * @param io - The environment, and a test's `fetch`.
 * @param err - Where the SDK's log lines go.
 * @returns The client.
 * @throws {UsageError} without a key or a base URL.
 * @throws {ConfigurationError} for a base URL, timeout or retry count the client refuses.
 */
export function clientFor(flags: GlobalValues, io: Io, err: Output): Chainbill {
  const apiKey = io.env['CHAINBILL_API_KEY']?.trim();
  if (!apiKey)
    throw new UsageError(
      'set CHAINBILL_API_KEY to your API key (sk_test_… or sk_live_…); there is no --api-key flag, which would land in the shell history',
    );
  const baseUrl = flags.baseUrl ?? io.env['CHAINBILL_BASE_URL']?.trim();
  if (!baseUrl) throw new UsageError('set CHAINBILL_BASE_URL or pass --base-url: the API, ending in /v1');
  const options: ClientOptions = {
    apiKey,
    baseUrl,
    logger: stderrLogger(err),
    logLevel: (io.env['CHAINBILL_LOG']?.trim() || 'warn') as LogLevel,
    ...(flags.maxRetries === undefined ? {} : { maxRetries: flags.maxRetries }),
    ...(flags.timeout === undefined ? {} : { timeout: flags.timeout }),
    fetch: io.fetch ?? nodeFetch,
    ...(flags.policy === undefined ? {} : { payoutPolicy: readPolicy(flags.policy) }),
  };
  const budgets = budgetStoreFromEnv(io.env);
  if (options.payoutPolicy?.budgets !== undefined) err.note(`${budgets.description}\n`);
  return new Chainbill({ ...options, budgetStore: budgets.store });
}

/**
 * The payout policy of `--policy`: the file's JSON, checked by the client as any policy is (a
 * policy that cannot be checked is a `ConfigurationError`, exit 2, never a weaker bound).
 */
function readPolicy(file: string): PayoutPolicy {
  return checkPayoutPolicy(readFlagJson('--policy', file, (message) => new UsageError(message)));
}

/** The SDK's log lines on stderr, one each, with their details as JSON. */
function stderrLogger(err: Output): Logger {
  const line =
    (level: string) =>
    (message: string, details?: Record<string, unknown>): void =>
      err.note(`${level}: ${clean(message)}${details === undefined ? '' : ` ${err.json(details)}`}\n`);
  return { error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug') };
}
