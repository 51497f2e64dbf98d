import { randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import { toIssues } from '../internal/issues.js';
import type { Operation } from '../internal/operation.js';
import { listEnvelope, listLimit } from '../internal/schemas.js';
import type { Wire } from '../internal/tie.js';
import { type Incoming, parseJsonBody, requireJsonType } from './body.js';
import type { Collection, Envelope } from './collection.js';
import { FakeApiError } from './errors.js';
import type { FaultAction, FaultQueue } from './faults.js';
import { type BasePath, outsideBase, pathUnderBase, refuseMalformed } from './refusals.js';
import type { FakeState, Scope } from './state.js';
import { type Fields, readParams } from './validate.js';

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

/** One request as the fake saw it, for assertions in tests. */
export interface FakeRequest {
  /** HTTP method, for example `POST`. */
  method: string;
  /** Path under the base path (`/v1`), as sent, for example `/payouts/po_1`. */
  path: string;
  /** Query parameters as sent (the last value of a repeated name). */
  query: Record<string, string>;
  /** Request headers, names in lower case; `authorization` holds the key as sent. */
  headers: Record<string, string>;
  /** Parsed JSON body, or `undefined` for none. */
  body: unknown;
  /** The `Idempotency-Key` header, or `null`. */
  idempotencyKey: string | null;
  /**
   * The status the fake answered with; for a dropped response (`commit-then-drop`), the status it
   * would have sent; 0 for a reset.
   */
  status: number;
  /** The injected fault that met this request (`fake.faults`), or `null`. */
  fault: FaultAction['kind'] | null;
}

/** A route with its path template compiled for matching. */
export interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

/** Compiles routes for matching; static segments win over params by listing order. */
export function compile(routes: readonly Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { ...route, pattern: new RegExp(`^${source}$`), names };
  });
}

/** What answering needs: the state, the compiled routes, the request log and the fault queue. */
export interface Answering {
  state: FakeState;
  routes: readonly CompiledRoute[];
  log: FakeRequest[];
  faults: FaultQueue;
}

/**
 * Answers one request the way the service would: only under the base path, malformed requests
 * refused with a 4xx, auth by key, routing, JSON parsing, idempotent replay, errors as
 * `{ error: { type, code, message, param } }`. Records in `log` each request under the base path.
 * Before anything else, what the clock has made due happens, and an injected fault that matches
 * takes its turn: a reset or a dropped response is `Response.error()`, for the transport to turn
 * into its own failure (a rejected fetch, a destroyed socket).
 */
export async function answer(
  { state, routes, log, faults }: Answering,
  incoming: Incoming,
  base: BasePath,
): Promise<Response> {
  const path = pathUnderBase(incoming.url, base);
  if (path === undefined) return respond(failureResult(outsideBase(incoming, base)));
  state.clock.catchUp();
  const fault = faults.take(incoming.method, path);
  const entry: FakeRequest = {
    method: incoming.method,
    path,
    query: Object.fromEntries(incoming.url.searchParams),
    headers: Object.fromEntries(incoming.headers),
    body: undefined,
    idempotencyKey: incoming.headers.get('idempotency-key'),
    status: 0,
    fault: fault?.kind ?? null,
  };
  log.push(entry);
  if (fault?.kind === 'reset') return Response.error();
  if (fault?.kind === 'status') {
    entry.status = fault.error.status;
    const headers = fault.retryAfter === undefined ? undefined : { 'retry-after': String(fault.retryAfter) };
    return respond({ ...failureResult(fault.error), ...(headers && { headers }) });
  }
  if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
  let result: RouteResult;
  try {
    refuseMalformed(incoming, path);
    const bytes = incoming.method === 'GET' ? new Uint8Array(0) : await incoming.readBody();
    requireJsonType(bytes, incoming.headers.get('content-type'));
    const scope = authenticate(state, incoming.headers.get('authorization'));
    const [route, params] = match(routes, incoming.method, path);
    const { text, fields: body } = parseJsonBody(bytes);
    entry.body = text === '' ? undefined : body;
    result = replayOrRun(scope, entry, text, () =>
      run(route, { state, scope, id: params['id'] ?? '', query: entry.query, body }),
    );
  } catch (error) {
    result = failureResult(error);
  }
  entry.status = result.status;
  return fault?.kind === 'commit-then-drop' ? Response.error() : respond(result);
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
function run({ operation, handle }: Route, { state, scope, id, query, body }: Request): RouteResult {
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
  const checked = (operation.paging === 'none' ? item : listEnvelope(item)).safeParse(result.body);
  if (checked.success) return;
  const [issue] = toIssues(checked.error.issues);
  throw new Error(
    `its answer to ${operation.method} ${operation.path} does not match the spec at \`${issue?.path.join('.') || 'body'}\`: ${issue?.message}`,
  );
}

/** A `FakeApiError` as its answer; anything else is a bug in the fake: 500 `internal_error`. */
function failureResult(error: unknown): RouteResult {
  const failure =
    error instanceof FakeApiError
      ? error
      : new FakeApiError(500, 'api_error', 'internal_error', `The fake API failed: ${String(error)}`);
  return { status: failure.status, body: failure.toBody() };
}

function respond(result: RouteResult): Response {
  const headers = { 'x-request-id': `req_${randomBytes(8).toString('hex')}`, ...result.headers };
  if (result.body === undefined) return new Response(null, { status: result.status, headers });
  return Response.json(result.body, { status: result.status, headers });
}

function authenticate(state: FakeState, header: string | null): Scope {
  const key = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  const scope = key === undefined ? undefined : state.scopeOfKey(key);
  if (scope) return scope;
  throw new FakeApiError(
    401,
    'authentication_error',
    'api_key_invalid',
    key === undefined ? 'No API key provided.' : 'Invalid API key provided.',
  );
}

function match(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
): [Route, Record<string, string>] {
  let pathMatched = false;
  for (const route of routes) {
    const found = route.pattern.exec(path);
    if (!found) continue;
    pathMatched = true;
    if (route.operation.method !== method) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = decodeURIComponent(found[i + 1] ?? '');
    });
    return [route, params];
  }
  throw pathMatched
    ? new FakeApiError(
        405,
        'invalid_request_error',
        'method_not_allowed',
        `${method} is not allowed on ${path}`,
      )
    : new FakeApiError(404, 'invalid_request_error', 'route_not_found', `No route ${method} ${path}`);
}

/**
 * Runs a mutating request once per `Idempotency-Key`: a repeat with the same method, path and body
 * gets the first answer again; a repeat with a different request is a 400 `idempotency_key_reused`.
 */
function replayOrRun(scope: Scope, entry: FakeRequest, text: string, run: () => RouteResult): RouteResult {
  const key = entry.idempotencyKey;
  if (entry.method === 'GET' || key === null) return run();
  const fingerprint = `${entry.method} ${entry.path} ${text}`;
  const seen = scope.idempotency.get(key);
  if (seen) {
    if (seen.fingerprint !== fingerprint) {
      throw new FakeApiError(
        400,
        'invalid_request_error',
        'idempotency_key_reused',
        'This Idempotency-Key was used with a different request.',
        null,
      );
    }
    return { status: seen.status, body: seen.body };
  }
  const result = run();
  if (result.status < 500)
    scope.idempotency.set(key, { fingerprint, status: result.status, body: structuredClone(result.body) });
  return result;
}
