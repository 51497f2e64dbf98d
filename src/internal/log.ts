import type { Logger, LogLevel } from '../core/logger.js';
import { logLevels } from '../core/logger.js';

const secretHeaders = new Set(['authorization', 'cookie', 'proxy-authorization', 'set-cookie']);

/**
 * Copies headers for a log line with secrets redacted: `Authorization` becomes `Bearer ***`.
 *
 * @param headers - The request's headers.
 * @returns A plain record safe to log.
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = secretHeaders.has(name) ? redact(name, value) : value;
  });
  return out;
}

/** Keeps an auth scheme (`Bearer`, `Basic`) when there is one; everything else is secret. */
function redact(name: string, value: string): string {
  const scheme =
    name === 'cookie' || name === 'set-cookie' ? undefined : /^([A-Za-z][\w.+-]*) +\S/.exec(value)?.[1];
  return scheme === undefined ? '***' : `${scheme} ***`;
}

/** A logger bound to a level: a call below the level costs nothing more than a comparison. */
export interface LevelLogger {
  /** Whether a line at `level` is written: check it before building costly details. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
  error(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  debug(message: string, details?: Record<string, unknown>): void;
}

/**
 * Binds a logger to a level. Every line is prefixed with `[chainbill]`. A logger observes, as a
 * hook does: what its method throws, or its promise rejects with, is dropped and the call goes on.
 *
 * @param logger - The sink.
 * @param level - The most verbose level that is written.
 */
export function levelLogger(logger: Logger, level: LogLevel): LevelLogger {
  const rank = logLevels.indexOf(level);
  const at =
    (name: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: Record<string, unknown>): void => {
      if (logLevels.indexOf(name) > rank) return;
      try {
        const result: unknown =
          details === undefined
            ? logger[name](`[chainbill] ${message}`)
            : logger[name](`[chainbill] ${message}`, details);
        // An async logger's rejection is adopted here, where it is handled, never left unhandled.
        if ((typeof result === 'object' && result !== null) || typeof result === 'function')
          new Promise<void>((resolve) => resolve(result as PromiseLike<void>)).then(undefined, ignore);
      } catch {
        // A logging failure must not become the call's failure.
      }
    };
  return {
    enabled: (name) => logLevels.indexOf(name) <= rank,
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
  };
}

function ignore(): void {}

/**
 * Reads a log level option or `CHAINBILL_LOG` value.
 *
 * @param value - The candidate.
 * @returns The level, or `undefined` when the value is not one.
 */
export function asLogLevel(value: string | undefined): LogLevel | undefined {
  return logLevels.find((level) => level === value);
}
