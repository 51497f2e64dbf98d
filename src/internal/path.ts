import { RequestValidationError } from '../core/error.js';

// Anything that could leave the path segment or change its meaning once decoded by a proxy, and
// lone surrogates, which cannot be percent-encoded.
const unsafe = /[/?#%\\\s\p{Cc}\p{Cs}]|\.\./u;

/**
 * Checks a path id: it must start with its resource's prefix (spec: Identifier prefixes) and hold
 * nothing that could reach another path. It is percent-encoded as well.
 *
 * @param prefix - The id prefix, for example `po_`.
 * @param id - The caller's id.
 * @returns The id, percent-encoded for a path segment.
 * @throws {RequestValidationError} with `param: 'id'` when the id is not a string, lacks the
 *   prefix, or holds `/`, `?`, `#`, `%`, `\`, `..`, whitespace, a control character or a lone
 *   surrogate.
 */
export function pathId(prefix: string, id: unknown): string {
  const problem =
    typeof id !== 'string'
      ? 'must be a string'
      : !id.startsWith(prefix) || id.length === prefix.length
        ? `must be an id starting with \`${prefix}\``
        : unsafe.test(id)
          ? 'must not contain `/`, `?`, `#`, `%`, `\\`, `..`, whitespace or control characters'
          : null;
  if (problem !== null) {
    throw new RequestValidationError('id', [{ path: ['id'], code: 'invalid_id', message: problem }]);
  }
  return encodeURIComponent(id as string);
}
