/**
 * A failed tool call as the agent reads it: `type`, `code`, `param`, `requestId` and `message`,
 * never a stack, never the key (docs/mcp.md: Errors).
 */
import { type ErrorJson, errorJson } from '../internal/error-json.js';

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
export type ToolError = ErrorJson;

/**
 * The JSON of an error a tool call ended with. An error that is not the SDK's nor a refusal (a
 * bug) keeps only its class name and message.
 *
 * @param error - What the call threw.
 * @returns The error's fields.
 */
export function toolError(error: unknown): ToolError {
  return errorJson(error, [ToolRefusal]);
}
