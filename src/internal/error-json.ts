import { APIError, ChainbillError, ResponseValidationError } from '../core/error.js';

/** An error as the command line and the MCP server print it: never a stack, never the key. */
export interface ErrorJson {
  /** The API's error type, or the class name of an error the API did not send (`APIConnectionError`). */
  type: string;
  /** The API's or the refusal's code; else a payout policy's `rule`, or a bad parameter's first issue code. */
  code: string | null;
  /** The parameter at fault. */
  param: string | null;
  /** The API's request id, when a request was answered. */
  requestId: string | null;
  /** What went wrong. */
  message: string;
  /** The payout policy's rule that refused the payout. */
  rule?: string;
  /** The HTTP status, when the API answered. */
  status?: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// A refused parameter's first issue (`too_big`, `invalid_value`) is its code.
const firstIssueCode = (issues: unknown): string | null =>
  Array.isArray(issues) ? text((issues[0] as { code?: unknown } | undefined)?.code) : null;

/**
 * The fields of an error, for a line of JSON. The fields of an error that is neither the SDK's nor
 * one of `known` (a bug, or a value thrown by a caller's code) are not read: only its class name.
 *
 * @param error - What a call threw.
 * @param known - Further error classes whose `code` and `param` may be read (a bin's refusals).
 * @returns The error's fields; the SDK has redacted every server text in them.
 */
export function errorJson(
  error: unknown,
  known: readonly (abstract new (...args: never[]) => Error)[] = [],
): ErrorJson {
  const ours = error instanceof ChainbillError || known.some((type) => error instanceof type);
  const fields = (ours ? error : {}) as Record<string, unknown>;
  const rule = text(fields['rule']);
  const status = error instanceof APIError ? error.status : undefined;
  return {
    type: (error instanceof APIError ? error.type : null) ?? (error instanceof Error ? error.name : 'Error'),
    code: text(fields['code']) ?? rule ?? firstIssueCode(fields['issues']),
    param: text(fields['param']),
    requestId: error instanceof APIError || error instanceof ResponseValidationError ? error.requestId : null,
    message: error instanceof Error ? error.message : 'The call failed.',
    ...(rule === null ? {} : { rule }),
    ...(status === undefined ? {} : { status }),
  };
}
