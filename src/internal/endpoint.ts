import type { ListQuery } from './paging.js';
import { pathId } from './path.js';

/**
 * One route of the spec, written once in its resource file and read by the client and the fake
 * (STYLE.md rule 13): the HTTP method, the path template under the base URL (`/payouts/{id}`),
 * and the prefix its `{id}` must carry (spec: Identifier prefixes).
 */
export interface Endpoint {
  /** The HTTP method. */
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path template under the base URL, `{id}` for the one path id, as the spec writes it. */
  readonly path: string;
  /** The prefix of `{id}`, for endpoints with a path id. */
  readonly idPrefix?: string;
}

/** What a call needs from its endpoint: the method, the filled-in path and the template. */
export interface EndpointCall {
  method: Endpoint['method'];
  /** The path with `{id}` checked and percent-encoded. */
  path: string;
  /** The template, `/payouts/{id}`, for logs and hooks. */
  route: string;
}

/**
 * Fills in an endpoint's path.
 *
 * @param endpoint - The endpoint.
 * @param id - The caller's path id, for endpoints with one.
 * @returns Method, path and template.
 * @throws {RequestValidationError} with `param: 'id'` when the id lacks the prefix or holds
 *   anything that could reach another path.
 */
export function callOf(endpoint: Endpoint, id?: unknown): EndpointCall {
  const path =
    endpoint.idPrefix === undefined
      ? endpoint.path
      : endpoint.path.replace('{id}', pathId(endpoint.idPrefix, id));
  return { method: endpoint.method, path, route: endpoint.path };
}

/**
 * The path with its query, `undefined` values left out, encoded as `URLSearchParams` encodes.
 *
 * @param path - The path under the base URL.
 * @param query - The query, already encoded.
 * @returns The path and query as sent.
 */
export function withQuery(path: string, query: ListQuery | undefined): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) params.append(name, String(value));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}
