import * as z from 'zod/mini';

/** How deep a JSON parameter (`metadata`) may nest: what a JSON body of a service plausibly takes. */
export const maxJsonDepth = 32;
/** How many values one JSON parameter may hold, so that shared references cannot multiply it. */
export const maxJsonValues = 100_000;

/**
 * What keeps a value from being sent as JSON exactly as given, or `null` when it can be: a cycle
 * or too deep a nesting (`JSON.stringify` would throw), a value JSON drops or changes (a function,
 * `undefined`, `NaN`, a `Date`, a class instance), or a getter that throws. Walked iteratively.
 *
 * @param root - The parameter's value.
 * @returns The problem, with where it is (`at a.b`), or `null`.
 */
export function jsonDataProblem(root: unknown): string | null {
  const stack: [unknown, string, number][] = [[root, '', 0]];
  let count = 0;
  while (stack.length > 0) {
    const [value, at, depth] = stack.pop() as [unknown, string, number];
    const where = at === '' ? '' : ` at ${at.slice(1)}`;
    if (++count > maxJsonValues) return `holds more than ${maxJsonValues} values`;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) continue;
      return `holds ${value}${where}, which JSON cannot carry`;
    }
    if (typeof value !== 'object')
      return `holds ${value === undefined ? 'undefined' : `a ${typeof value}`}${where}, which JSON cannot carry`;
    if (depth >= maxJsonDepth) return `nests deeper than ${maxJsonDepth} levels${where} (or holds a cycle)`;
    const prototype = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (!isArray && prototype !== Object.prototype && prototype !== null)
      return `holds an object that is not plain data${where} (a Date, a Map or a class instance): convert it first`;
    // `JSON.parse` makes an own key `__proto__`; a copy would set the prototype instead and drop it.
    if (!isArray && Object.hasOwn(value, '__proto__'))
      return `holds a key named __proto__${where}, which would be dropped on its way: rename it`;
    try {
      for (const [key, child] of Object.entries(value)) stack.push([child, `${at}.${key}`, depth + 1]);
    } catch {
      return `could not be read${where}: a getter threw`;
    }
  }
  return null;
}

/**
 * An object parameter sent as JSON (`metadata`): a record of JSON values that reaches the wire as
 * given; anything else is an issue at the parameter, before anything is sent.
 */
export function jsonObjectParam(): z.ZodMiniType<Record<string, unknown>, Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).check(
    z.superRefine((value, context) => {
      const problem = jsonDataProblem(value);
      if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: value });
    }),
  );
}
