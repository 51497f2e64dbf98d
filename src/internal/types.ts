/**
 * The shapes the request path shares: a leaf module, importing nothing back, so
 * that the operations, the transport, the pager and the raw calls can all name them.
 */
import type * as z from 'zod/mini';

/** The HTTP methods of the spec's routes. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Query parameters of a call, already encoded for the wire; `undefined` values are left out. */
export type ListQuery = Record<string, string | number | undefined>;

/** One call as a resource describes it: everything but transport concerns. */
export interface RequestSpec<T> {
  method: HttpMethod;
  /** Path under the base URL, ids already checked and encoded, for example `/payouts/po_1`. */
  path: string;
  /** The spec's path template, for example `/payouts/{id}`. */
  route?: string | undefined;
  /** Query parameters, already encoded; `undefined` values are left out. */
  query?: ListQuery | undefined;
  /** JSON body, already encoded. */
  body?: unknown;
  /** Schema of the success body. */
  schema: z.ZodMiniType<T>;
  /**
   * The schema builds the result from any 2xx body, JSON or not, even with `validateResponses:
   * false` (delete confirmations: the spec does not show their body).
   */
  alwaysParse?: boolean;
  /**
   * The schema applied with `validateResponses: false` (default: none, the JSON is returned as is).
   * List envelopes keep theirs: paging needs `data`, `has_more` and `next_cursor` to be sound.
   */
  uncheckedSchema?: z.ZodMiniType<T>;
  /**
   * A last check of a parsed success (a list's paging guards). What it throws rejects the call
   * through the same error path as any other failure: `beforeError` hooks and spans see it.
   */
  check?: ((data: T, response: CheckedResponse) => void) | undefined;
  /**
   * Runs once the call is answered, before its caller sees the outcome: what a money move keeps
   * in a store (a budget's reservation spent or given back). It must not throw.
   */
  after?: ((outcome: SpecOutcome<T>) => Promise<void>) | undefined;
}

/** How a call ended, for {@link RequestSpec.after}: its data, or the error it rejects with. */
export type SpecOutcome<T> = { readonly data: T } | { readonly error: unknown };

/** What a {@link RequestSpec.check} may put on the error it throws. */
export interface CheckedResponse {
  status: number;
  /** The request id, redacted. */
  requestId: string | null;
  /** The body as parsed, redacted (made only when called: an error needs it, a success does not). */
  body: () => unknown;
}

/** A list call as a resource describes it: path, first query and item schema. */
export type ListSpec<T> = Omit<RequestSpec<T>, 'method' | 'body' | 'query'> & { query: ListQuery };
