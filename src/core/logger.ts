/**
 * Where the SDK writes its log lines: `console` fits, as does pino or winston's logger.
 * Each method takes a message and an optional record of details; neither ever holds the API key.
 */
export interface Logger {
  /**
   * Failures the SDK could not handle.
   *
   * @param message - One line of text, for example `retrying POST /payouts in 1.2 s`.
   * @param details - Structured fields for the line (never the key).
   */
  error(message: string, details?: Record<string, unknown>): void;
  /**
   * Conditions worth a look.
   *
   * @param message - One line of text, for example `retrying POST /payouts in 1.2 s`.
   * @param details - Structured fields for the line (never the key).
   */
  warn(message: string, details?: Record<string, unknown>): void;
  /**
   * Retries, with the reason and the delay.
   *
   * @param message - One line of text, for example `retrying POST /payouts in 1.2 s`.
   * @param details - Structured fields for the line (never the key).
   */
  info(message: string, details?: Record<string, unknown>): void;
  /**
   * Every request and response: method, URL, headers (`Authorization` redacted), status, timing.
   *
   * @param message - One line of text, for example `retrying POST /payouts in 1.2 s`.
   * @param details - Structured fields for the line (never the key).
   */
  debug(message: string, details?: Record<string, unknown>): void;
}

/** How much the SDK logs: `off` nothing, up to `debug` every request. Default `warn`, or `CHAINBILL_LOG`. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** The levels in order of verbosity; used to check a `CHAINBILL_LOG` value. */
export const logLevels: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];
