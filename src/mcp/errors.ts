/**
 * A failed tool call as the agent reads it: `type`, `code`, `param`, `requestId` and `message`,
 * never a stack, never the key, never a code of the schema library (docs/mcp.md: Errors).
 */
import { RequestValidationError } from '../core/error.js';
import { type ErrorJson, errorJson } from '../internal/error-json.js';

/**
 * The server refused a call itself, before anything was sent: a tool not offered, an approval the
 * person did not give, a draft outside the payout policy. `type` is its `name`; `code` says which.
 */
export class ToolRefusal extends Error {
  override readonly name: string;
  /** Which refusal: `tool_not_offered`, `unknown_tool`, `not_approved`, `not_found`, a policy rule, … */
  readonly code: string;
  /** The argument it is about, when one is. */
  readonly param: string | null;

  /**
   * @param code - Which refusal.
   * @param message - Why, and what would allow the call.
   * @param param - The argument it is about.
   * @param type - The type the agent reads: `ToolRefusal`, or the SDK error class it stands for.
   */
  constructor(code: string, message: string, param: string | null = null, type = 'ToolRefusal') {
    super(message);
    this.name = type;
    this.code = code;
    this.param = param;
  }
}

/** The JSON of a failed call. */
export type ToolError = ErrorJson;

// A refused parameter's code, in the API's words: a money check names what it checks.
const moneyCodes: Readonly<Record<string, string>> = {
  recipient_address: 'invalid_address',
  amount: 'invalid_amount',
  token: 'invalid_token',
};

function parameterCode(error: RequestValidationError): string {
  const issue = error.issues[0];
  if (issue?.code === 'custom') return moneyCodes[error.param] ?? 'parameter_invalid';
  if (issue?.code === 'unrecognized_keys') return 'parameter_unknown';
  return 'parameter_invalid';
}

/**
 * The JSON of an error a tool call ended with. An error that is not the SDK's nor a refusal (a
 * bug) keeps only its class name and message.
 *
 * @param error - What the call threw.
 * @returns The error's fields.
 */
export function toolError(error: unknown): ToolError {
  const json = errorJson(error, [ToolRefusal]);
  return error instanceof RequestValidationError ? { ...json, code: parameterCode(error) } : json;
}
