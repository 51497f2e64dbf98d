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
    droppedKey(params);
    result = schema.safeParse(params === undefined ? {} : params, ownMessages);
  } catch (error) {
    if (error instanceof RequestValidationError) throw error;
    // A getter or a Proxy trap threw: what it threw is the caller's, neither read nor kept.
    throw new RequestValidationError('params', [
      { path: [], code: 'custom', message: 'cannot be read: reading it threw (a getter or a Proxy)' },
    ]);
  }
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues);
  throw new RequestValidationError(paramOf(issues[0], result.error.issues[0]), issues);
}

/**
 * Refuses a parameter holding an own key `__proto__` (`JSON.parse` makes one): zod's copy of a
 * record skips it, so it would be dropped on its way. Deeper ones are the JSON check's.
 */
function droppedKey(params: unknown): void {
  if (typeof params !== 'object' || params === null) return;
  for (const [name, value] of Object.entries(params)) {
    if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.hasOwn(value, '__proto__')
    )
      throw new RequestValidationError(name, [
        {
          path: [name, '__proto__'],
          code: 'custom',
          message: 'holds a key named __proto__, which would be dropped on its way: rename it',
        },
      ]);
  }
}
