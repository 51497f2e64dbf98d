import type * as z from 'zod/mini';
import { miss, quickParse } from '../../internal/in-place.js';
import { ownMessages, toIssues } from '../../internal/issues.js';
import type { Operation } from '../../internal/operation.js';
import { listEnvelope, listLimit } from '../../internal/schemas.js';
import type { Wire } from '../../internal/tie.js';
import { type Fields, readParams } from '../seed/validate.js';
import type { Collection, Envelope } from '../state/collection.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

/**
 * What a route's handler gets: the caller's scope, the path id, and the params as the operation's
 * own schema read them (a bad one was already answered 400, naming it, as the client refuses it).
 */
export interface RouteContext<Params> {
  state: FakeState;
  scope: Scope;
  /** The path id, decoded; `''` for an operation without one. */
  id: string;
  /** The query of a GET, the body otherwise, checked and encoded by the operation's params schema. */
  params: Params;
  /**
   * One cursor page of a collection, newest first, of the records that pass `filter`: `limit` from
   * the params (default 25), the cursor bound to this operation, its path id and its filters.
   */
  page<T extends { id: string }>(collection: Collection<T>, filter?: (record: T) => boolean): Envelope<T>;
  /** One offset page of a collection, newest first: `offset` and `limit` from the params. */
  offsetPage<T extends { id: string }>(collection: Collection<T>): Envelope<T>;
}

/** A route's answer: status and JSON body (none for 204). */
export interface RouteResult {
  status: number;
  body?: unknown;
  /** Extra response headers (an injected 429's `Retry-After`). */
  headers?: Record<string, string>;
}

/**
 * One route of the fake: an operation, from its resource file (method, path template, id prefix,
 * params and response schemas, paging), and the handler that answers it. Nothing else is written
 * here: the router reads the params and checks the answer with the operation's schemas.
 */
export interface Route {
  readonly operation: Operation;
  handle(context: RouteContext<unknown>): RouteResult;
}

/**
 * @param operation - The operation the route answers.
 * @param handle - Answers one request, given its checked params.
 * @returns The route.
 */
export function route<P, R>(
  operation: Operation<P, R>,
  handle: (context: RouteContext<Wire<P>>) => RouteResult,
): Route {
  // The router reads params with this operation's schema, so the handler gets `Wire<P>`.
  return { operation: operation as Operation, handle: handle as Route['handle'] };
}

/** What a route runs with, before its params are read. */
interface Request {
  state: FakeState;
  scope: Scope;
  id: string;
  query: Fields;
  body: Fields;
}

/**
 * Runs a route: its params read with the operation's schema (a cursor list's `cursor` is the
 * paging's, read by the collection), the handler, then its answer checked with the operation's
 * response schema: the fake never answers what the SDK would refuse.
 */
export function run({ operation, handle }: Route, { state, scope, id, query, body }: Request): RouteResult {
  const schema = operation.params?.();
  const { cursor, ...filters } = query;
  const ownCursor = operation.paging === 'cursor' && schema !== undefined && !takes(schema, 'cursor');
  const params: Fields =
    schema === undefined
      ? {}
      : operation.method === 'GET'
        ? (readParams(schema, ownCursor ? filters : query, 'query') as Fields)
        : (readParams(schema, body, 'body') as Fields);
  const { cursor: _cursor, limit = listLimit.default, offset = 0, ...selection } = params;
  const binding = JSON.stringify([operation.method, operation.path, id, sorted(selection)]);
  const result = handle({
    state,
    scope,
    id,
    params,
    page: (collection, filter) =>
      collection.page(
        { cursor: typeof cursor === 'string' ? cursor : undefined, limit: Number(limit), binding },
        filter,
      ),
    offsetPage: (collection) => collection.offsetPage(Number(offset), Number(limit)),
  });
  checkAnswer(operation, id, result);
  return result;
}

/** Whether an object schema declares a parameter. */
function takes(schema: z.ZodMiniType, name: string): boolean {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && Object.hasOwn(shape, name);
}

/** The filters of a list request in a canonical order, so equal filters bind equal cursors. */
function sorted(fields: Fields): [string, unknown][] {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A 2xx body that does not fit the operation's response schema is a bug in the fake: a 500. */
function checkAnswer(operation: Operation, id: string, result: RouteResult): void {
  if (result.status >= 300 || result.body === undefined) return;
  const item = operation.response(id);
  const schema = operation.paging === 'none' ? item : listEnvelope(item);
  // The client's own check in place proves what fits without zod's copy; zod says what does not.
  if (quickParse(schema, result.body) !== miss) return;
  const checked = schema.safeParse(result.body, ownMessages);
  if (checked.success) return;
  const [issue] = toIssues(checked.error.issues);
  throw new Error(
    `its answer to ${operation.method} ${operation.path} does not match the spec at \`${issue?.path.join('.') || 'body'}\`: ${issue?.message}`,
  );
}
