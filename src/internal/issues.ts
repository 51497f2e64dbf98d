import type * as z from 'zod/mini';
import type { ValidationIssue } from '../core/error.js';

/** zod/mini's message when no locale is loaded: the SDK words such an issue itself. */
const bare = 'Invalid input';

/**
 * The parse options of every check whose issues {@link toIssues} words. zod keeps its
 * configuration on `globalThis`, for every copy of zod in the process: an app's locale or
 * `customError` would otherwise word the SDK's issues. A schema's own message still wins.
 */
export const ownMessages: z.core.ParseContext<z.core.$ZodIssue> = { error: () => bare };

/**
 * Turns zod issues into the SDK's {@link ValidationIssue}s with readable messages. zod/mini ships no
 * locale by default (its messages are all "Invalid input"), and loading one would configure zod
 * globally for the host application, so the messages are written here.
 */
export function toIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    code: issue.code,
    message: describe(issue),
  }));
}

function describe(issue: z.core.$ZodIssue): string {
  // A schema's own message wins; zod's own, under `ownMessages`, is always the bare one.
  if (issue.message && issue.message !== bare) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${article(issue.expected)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `must be at least ${issue.minimum} characters`
        : `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'invalid_format':
      return `must be a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    case 'unrecognized_keys':
      return `unknown parameter${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `\`${k}\``).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return 'is invalid';
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'object' || expected === 'array') return `an ${expected}`;
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/**
 * Names the parameter an issue points at, in wire form: `metadata.plan` or `unknown` keys.
 *
 * @param issue - The first issue found.
 * @returns The dotted path; for an unknown key, the key itself; `params` at the top level.
 */
export function paramOf(issue: ValidationIssue | undefined, rawIssue?: z.core.$ZodIssue): string {
  if (rawIssue?.code === 'unrecognized_keys' && rawIssue.keys[0] !== undefined) {
    return [...(issue?.path ?? []), rawIssue.keys[0]].join('.');
  }
  return issue && issue.path.length > 0 ? issue.path.join('.') : 'params';
}
