import type { ClientOptions } from '../core/client-options.js';
import { ConfigurationError } from '../core/error.js';
import type { Logger, LogLevel } from '../core/logger.js';
import { logLevels } from '../core/logger.js';
import type { Fetch } from '../core/types.js';
import { isByteCount, readHeaders } from './call-options.js';
import { readEnv } from './env.js';
import { hooksProblem } from './hooks.js';
import { asLogLevel } from './log.js';

/** A client's settings once checked, defaults applied (the key and base URL are checked apart). */
export interface Settings {
  /** Milliseconds per attempt. */
  timeout: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** The largest response body accepted, in bytes. */
  maxResponseBytes: number;
  /** The caller's `fetch`, or `undefined` for `globalThis.fetch` looked up per request. */
  fetch: Fetch | undefined;
  /** A copy of `defaultHeaders`. */
  defaultHeaders: Headers;
  /** Where log lines go. */
  logger: Logger;
  /** The option, else `CHAINBILL_LOG` when it names a level, else `warn`. */
  logLevel: LogLevel;
}

/**
 * Checks the client options that are neither the key nor the base URL, where they are given (the
 * constructor, so `withOptions` too): an option that cannot work fails here, not at the first
 * request. No message quotes a value, which could be a key pasted in the wrong place.
 *
 * @param options - The client's options.
 * @returns The settings, defaults applied.
 * @throws {ConfigurationError} naming the option: `timeout`, `maxRetries`, `maxResponseBytes`,
 *   `hooks`, `logLevel`, `fetch`, `logger` or `defaultHeaders`.
 */
export function checkSettings(options: ClientOptions): Settings {
  const timeout = options.timeout ?? 60_000;
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 2_147_483_647) {
    throw new ConfigurationError('timeout must be a positive number of milliseconds.');
  }
  const maxRetries = options.maxRetries ?? 2;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new ConfigurationError('maxRetries must be a whole number, 0 or more.');
  }
  const maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
  if (!isByteCount(maxResponseBytes)) {
    throw new ConfigurationError('maxResponseBytes must be a whole number of bytes, 1 or more.');
  }
  const hooksIssue = hooksProblem(options.hooks);
  if (hooksIssue !== undefined) throw new ConfigurationError(`hooks ${hooksIssue}.`);
  const logLevel = options.logLevel ?? asLogLevel(readEnv('CHAINBILL_LOG')) ?? 'warn';
  if (asLogLevel(logLevel as unknown as string) === undefined) {
    throw new ConfigurationError(
      `logLevel must be one of ${logLevels.map((level) => `'${level}'`).join(', ')}.`,
    );
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError(
      'fetch must be a function like globalThis.fetch, or left out to use that one.',
    );
  }
  const logger = options.logger ?? console;
  if (!isLogger(logger)) {
    throw new ConfigurationError(
      'logger must have error, warn, info and debug methods (as console, pino and winston do).',
    );
  }
  const defaultHeaders = readHeaders(options.defaultHeaders ?? {});
  if (!(defaultHeaders instanceof Headers)) {
    throw new ConfigurationError(`defaultHeaders ${defaultHeaders.problem} (${defaultHeaders.hint}).`);
  }
  return { timeout, maxRetries, maxResponseBytes, fetch: options.fetch, defaultHeaders, logger, logLevel };
}

function isLogger(value: unknown): value is Logger {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const methods = value as Record<string, unknown>;
  return ['error', 'warn', 'info', 'debug'].every((name) => typeof methods[name] === 'function');
}
