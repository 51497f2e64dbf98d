/**
 * A template tag for raw-call paths (docs/raw-calls.md): percent-encodes each interpolated value
 * with `encodeURIComponent`, so an id cannot add a segment, a query or a fragment; the literal
 * parts are kept as written. A value holding `/` becomes `%2F`, which the raw calls refuse, as they
 * refuse a `.` or `..` segment: such a value is never an id.
 *
 * @param strings - The literal parts of the template.
 * @param values - The interpolated values, strings or numbers.
 * @returns The path, for `chainbill.get` and the other raw calls.
 * @example
 * ```ts
 * import { path } from 'chainbill';
 * const payout = await chainbill.get(path`/payouts/${payoutId}`);
 * ```
 */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += encodeSegment(values[i]) + (strings[i + 1] ?? '');
  return out;
}

function encodeSegment(value: unknown): string {
  const text = String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded: kept as it is, the raw call refuses the path
    // (RequestValidationError, param `path`) instead of this tag throwing a URIError.
    return text;
  }
}
