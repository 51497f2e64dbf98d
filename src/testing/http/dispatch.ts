import { FakeApiError } from './errors.js';

/** What a table entry is matched on: a method and a path template (`/payouts/{id}`). */
export interface Endpoint {
  readonly method: string;
  readonly path: string;
}

/** A table of entries, compiled for matching: the one router of the API and the control API. */
export interface Table<T> {
  readonly entries: readonly { entry: T; method: string; pattern: RegExp; names: string[] }[];
}

/**
 * Compiles entries for matching; a static segment wins over a parameter by listing order.
 *
 * @param entries - The entries.
 * @param endpointOf - Each entry's method and path template.
 * @returns The table.
 */
export function compile<T>(entries: readonly T[], endpointOf: (entry: T) => Endpoint): Table<T> {
  return {
    entries: entries.map((entry) => {
      const { method, path } = endpointOf(entry);
      const names: string[] = [];
      const source = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { entry, method, pattern: new RegExp(`^${source}$`), names };
    }),
  };
}

/**
 * The entry for a method and path, with its path parameters decoded.
 *
 * @param table - The compiled table.
 * @param method - The request's method.
 * @param path - The request's path (under the base path, for the API).
 * @returns The entry and its path parameters.
 * @throws {FakeApiError} 404 `route_not_found` when no path matches; 405 `method_not_allowed`
 *   (with the methods that are, for an `Allow` header) when a path matches another method only;
 *   400 `path_invalid` for a parameter with bad percent-encoding.
 */
export function find<T>(table: Table<T>, method: string, path: string): [T, Record<string, string>] {
  const allowed: string[] = [];
  for (const { entry, method: own, pattern, names } of table.entries) {
    const found = pattern.exec(path);
    if (!found) continue;
    if (own !== method) {
      allowed.push(own);
      continue;
    }
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decoded(found[i + 1] ?? '');
    });
    return [entry, params];
  }
  if (allowed.length === 0)
    throw new FakeApiError(404, 'invalid_request_error', 'route_not_found', `No route ${method} ${path}`);
  throw new MethodNotAllowed(method, path, allowed);
}

/** 405 `method_not_allowed`, knowing the methods that are, for the `Allow` header. */
export class MethodNotAllowed extends FakeApiError {
  /** The methods the path takes. */
  readonly allowed: readonly string[];

  /**
   * @param method - The method sent.
   * @param path - The path.
   * @param allowed - The methods the path takes.
   */
  constructor(method: string, path: string, allowed: readonly string[]) {
    super(
      405,
      'invalid_request_error',
      'method_not_allowed',
      `${method} is not allowed on ${path}: use ${allowed.join(' or ')}`,
    );
    this.allowed = allowed;
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'path_invalid',
      'The path has malformed percent-encoding.',
    );
  }
}
