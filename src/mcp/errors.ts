/**
 * A failed tool call as the agent reads it: `type`, `code`, `param`, `requestId` and `message`,
 * never a stack, never the key (docs/mcp.md: Errors).
 */
import { APIError, ChainbillError, ResponseValidationError } from '../core/error.js';

/**
 * The server refused a call itself, before anything was sent: a tool not offered, an approval the
 * person did not give. `type` is its `name`; `code` says which refusal.
 */
export class ToolRefusal extends Error {
  override readonly name: string = 'ToolRefusal';
  /** Which refusal: `tool_not_offered`, `unknown_tool`, `not_approved`, `not_found`, … */
  readonly code: string;
  /** The argument it is about, when one is. */
  readonly param: string | null;

  /**
   * @param code - Which refusal.
   * @param message - Why, and what would allow the call.
   * @param param - The argument it is about.
   */
  constructor(code: string, message: string, param: string | null = null) {
    super(message);
    this.code = code;
    this.param = param;
  }
}

/** The JSON of a failed call. */
export interface ToolError {
  /** The API's error type, or the error's class name for one the API did not send. */
  type: string;
  /** The API's or the refusal's code; a payout policy's `rule`; a bad parameter's issue code. */
  code: string | null;
  /** The parameter at fault. */
  param: string | null;
  /** The API's request id, when a request was answered. */
  requestId: string | null;
  /** What went wrong. */
  message: string;
  /** The HTTP status, when the API answered. */
  status?: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// A refused parameter's first issue (`too_big`, `invalid_value`) is its code.
const firstIssueCode = (issues: unknown): string | null =>
  Array.isArray(issues) ? text((issues[0] as { code?: unknown } | undefined)?.code) : null;

/**
 * The JSON of an error a tool call ended with. An error that is not the SDK's (a bug) keeps only
 * its class name and message.
 *
 * @param error - What the call threw.
 * @returns The error's fields.
 */
export function toolError(error: unknown): ToolError {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const known = error instanceof ChainbillError || error instanceof ToolRefusal;
  const name = error instanceof Error ? error.name : 'Error';
  const status = error instanceof APIError ? error.status : undefined;
  return {
    type: (error instanceof APIError ? error.type : null) ?? name,
    code: text(fields['code']) ?? (known ? (text(fields['rule']) ?? firstIssueCode(fields['issues'])) : null),
    param: known ? text(fields['param']) : null,
    requestId: error instanceof APIError || error instanceof ResponseValidationError ? error.requestId : null,
    message: error instanceof Error ? error.message : 'The call failed.',
    ...(status === undefined ? {} : { status }),
  };
}
