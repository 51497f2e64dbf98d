import type * as z from 'zod/mini';
import { RequestValidationError } from '../core/error.js';
import { ownMessages, paramOf, toIssues } from './issues.js';

/**
 * Checks caller parameters against their schema and returns them encoded for the wire (dates as
 * ISO strings). Runs before anything is sent.
 *
 * @param schema - The parameters' schema; its output is what goes on the wire.
 * @param params - What the caller passed; `undefined` counts as `{}`.
 * @returns The encoded parameters.
 * @throws {RequestValidationError} naming the first offending parameter, with every issue; `params`
 *   when reading them threw.
 */
export function encodeParams<Out>(schema: z.ZodMiniType<Out, unknown>, params: unknown): Out {
  // Omitted params are checked as `{}`, so the error names the first required field (`plan_id`),
  // not `params`; `null` or a non-object is still refused as a whole.
  let result: ReturnType<typeof schema.safeParse>;
  try {
    result = schema.safeParse(params === undefined ? {} : params, ownMessages);
  } catch {
    // A getter or a Proxy trap threw: what it threw is the caller's, neither read nor kept.
    throw new RequestValidationError('params', [
      { path: [], code: 'custom', message: 'cannot be read: reading it threw (a getter or a Proxy)' },
    ]);
  }
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues);
  throw new RequestValidationError(paramOf(issues[0], result.error.issues[0]), issues);
}
