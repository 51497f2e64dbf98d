/**
 * How the `chainbill` command ends (docs/cli.md: exit codes), and what it prints on stderr when it
 * fails: one line for a usage error or a refusal, the error as one JSON line for an API or network
 * failure. Never a stack trace, never the key.
 */
import {
  APIUserAbortError,
  AuthenticationError,
  ChainbillError,
  ConfigurationError,
  RequestValidationError,
} from '../core/error.js';
import { errorJson } from '../internal/error-json.js';
import { clean, jsonOf } from './encode.js';

/** The exit codes: done, the API or network failed, a usage error, refused, interrupted. */
export const exitCodes = { ok: 0, failed: 1, usage: 2, refused: 3, interrupted: 130 } as const;

/** A usage error (exit 2): an unknown command or flag, a bad value; the message says what is allowed. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A refusal (exit 3): a check or the payout policy said no, or a money move was not confirmed. */
export class Refusal extends Error {
  override readonly name = 'Refusal';
}

/** A failure that is not the API's (a write to stdout that failed): exit 1, one line. */
export class Failure extends Error {
  override readonly name = 'Failure';
}

/** The command was interrupted (Ctrl+C): exit 130, nothing printed. */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
}

/**
 * What was typed, quoted for a message: at most 40 characters, and never a key (one pasted in the
 * wrong place must not reach a terminal's scrollback or a log).
 *
 * @param text - A value from the command line.
 * @returns It as a JSON string, cut with `…`.
 */
export function quoted(text: string): string {
  if (/sk_(live|test)_/i.test(text)) return '"sk_…"';
  const chars = [...text];
  return jsonOf(chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text);
}

/** What `chainbill` prints for an error, and the code it exits with. */
export interface Ending {
  /** The exit code. */
  readonly code: number;
  /** The text for stderr, ending in a newline; empty for none. */
  readonly text: string;
}

/**
 * The exit code and stderr text for an error a command ended with. A payout policy's refusal is
 * recognised by its `rule`, so this module need not import the policy.
 *
 * @param error - What the command threw.
 * @param flagOf - The flag (`--amount`) of a param's wire name, for a usage error's message.
 * @param json - The error's fields as one line of JSON, redacted before they are encoded.
 * @returns The ending.
 */
export function endingOf(
  error: unknown,
  flagOf: (param: string) => string,
  json: (value: unknown) => string,
): Ending {
  const line = (code: number, message: string): Ending => ({ code, text: `chainbill: ${clean(message)}\n` });
  if (error instanceof UsageError) return line(exitCodes.usage, error.message);
  if (error instanceof Refusal) return line(exitCodes.refused, error.message);
  if (error instanceof Interrupted || error instanceof APIUserAbortError)
    return { code: exitCodes.interrupted, text: '' };
  if (error instanceof Failure) return line(exitCodes.failed, error.message);
  if (isPolicyRefusal(error)) return { code: exitCodes.refused, text: `${json(errorJson(error))}\n` };
  if (error instanceof RequestValidationError) {
    const what = error.param === 'id' ? 'the id' : flagOf(error.param);
    const message = error.message.replace(/^Invalid parameter `[^`]*`: /, '');
    return line(exitCodes.usage, `${what}: ${message}`);
  }
  if (error instanceof ConfigurationError) return line(exitCodes.usage, error.message);
  // The constructor's: a key that is no key (a `pk_…`, a zero-width space pasted with it).
  if (error instanceof AuthenticationError && error.status === undefined)
    return { code: exitCodes.usage, text: `${json(errorJson(error))}\n` };
  return { code: exitCodes.failed, text: `${json(errorJson(error))}\n` };
}

/** A payout policy's refusal: a `ChainbillError` that names the policy's `rule` it broke. */
function isPolicyRefusal(error: unknown): error is ChainbillError & { rule: string } {
  return error instanceof ChainbillError && typeof (error as { rule?: unknown }).rule === 'string';
}
