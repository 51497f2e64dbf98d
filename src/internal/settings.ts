import type { CoreOptions } from '../core/core-options.js';
import { ConfigurationError } from '../core/error.js';
import type { Logger, LogLevel } from '../core/logger.js';
import { logLevels } from '../core/logger.js';
import type { Fetch } from '../core/types.js';
import { optionProblem, readHeaders } from './call-options.js';
import { readEnv } from './env.js';
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
export function checkSettings(options: CoreOptions): Settings {
  const problem = optionProblem(options);
  if (problem !== undefined) throw new ConfigurationError(`${problem[0]} ${problem[1]}.`);
  const logLevel = options.logLevel ?? asLogLevel(readEnv('CHAINBILL_LOG')) ?? 'warn';
  if (asLogLevel(logLevel as unknown as string) === undefined) {
    throw new ConfigurationError(`logLevel must be one of ${logLevels.join(', ')}.`);
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new ConfigurationError('fetch must be a function.');
  }
  const logger = options.logger ?? console;
  if (!isLogger(logger)) {
    throw new ConfigurationError('logger must have error, warn, info and debug methods.');
  }
  const defaultHeaders = readHeaders(options.defaultHeaders ?? {});
  if (typeof defaultHeaders === 'string') throw new ConfigurationError(`defaultHeaders ${defaultHeaders}.`);
  return {
    timeout: options.timeout ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    maxResponseBytes: options.maxResponseBytes ?? 16 * 1024 * 1024,
    fetch: options.fetch,
    defaultHeaders,
    logger,
    logLevel,
  };
}

function isLogger(value: unknown): value is Logger {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const methods = value as Record<string, unknown>;
  return ['error', 'warn', 'info', 'debug'].every((name) => typeof methods[name] === 'function');
}
