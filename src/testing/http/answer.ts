import type { FakeRequest } from '../state/history.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';
import { type Incoming, parseJsonBody, requireJsonType } from './body.js';
import type { Delays } from './delays.js';
import { find, MethodNotAllowed, type Table } from './dispatch.js';
import { FakeApiError } from './errors.js';
import type { FaultQueue } from './faults.js';
import { type BasePath, outsideBase, pathUnderBase, refuseMalformed } from './refusals.js';
import { type Route, type RouteResult, run } from './route.js';

/** What answering needs: the state (with the request log), the compiled routes, the faults and their delays. */
export interface Answering {
  state: FakeState;
  routes: Table<Route>;
  faults: FaultQueue;
  delays: Delays;
}

/**
 * Answers one request the way the service would: only under the base path, malformed requests
 * refused with a 4xx, auth by key, routing, JSON parsing, idempotent replay, errors as
 * `{ error: { type, code, message, param } }`. Records each request under the base path in `state.requests`.
 * Before anything else, what the clock has made due happens, and an injected fault that matches
 * takes its turn: a reset or a dropped response is `Response.error()`, for the transport to turn
 * into its own failure (a rejected fetch, a destroyed socket).
 */
export async function answer(
  { state, routes, faults, delays }: Answering,
  incoming: Incoming,
  base: BasePath,
): Promise<Response> {
  const path = pathUnderBase(incoming.url, base);
  if (path === undefined) return respond(state, failureResult(outsideBase(incoming, base)));
  state.clock.catchUp();
  const fault = faults.take(incoming.method, path);
  const entry: FakeRequest = {
    sequence: state.requests.total + 1,
    method: incoming.method,
    path,
    query: Object.fromEntries(incoming.url.searchParams),
    headers: Object.fromEntries(incoming.headers),
    body: undefined,
    idempotencyKey: incoming.headers.get('idempotency-key'),
    status: 0,
    fault: fault?.kind ?? null,
  };
  state.requests.push(entry);
  if (fault?.kind === 'reset') return Response.error();
  if (fault?.kind === 'status') {
    entry.status = fault.error.status;
    const headers = fault.retryAfter === undefined ? undefined : { 'retry-after': String(fault.retryAfter) };
    return respond(state, { ...failureResult(fault.error), ...(headers && { headers }) });
  }
  // A delay ends with the request (its signal) or the fake's reset: either way nothing is applied.
  if (fault?.kind === 'delay' && (await delays.wait(fault.ms, incoming.signal)) !== 'elapsed')
    return Response.error();
  let result: RouteResult;
  try {
    refuseMalformed(incoming, path);
    const bytes = incoming.method === 'GET' ? new Uint8Array(0) : await incoming.readBody();
    requireJsonType(bytes, incoming.headers.get('content-type'));
    const scope = authenticate(state, incoming.headers.get('authorization'));
    const [route, params] = find(routes, incoming.method, path);
    const { text, fields: body } = parseJsonBody(bytes);
    entry.body = text === '' ? undefined : body;
    result = replayOrRun(state, scope, entry, text, () =>
      run(route, { state, scope, id: params['id'] ?? '', query: entry.query, body }),
    );
  } catch (error) {
    result = failureResult(error);
  }
  entry.status = result.status;
  return fault?.kind === 'commit-then-drop' ? Response.error() : respond(state, result);
}

/**
 * A `FakeApiError` as its answer (a 405 with its `Allow` header); anything else is a bug in the
 * fake: 500 `internal_error`.
 *
 * @param error - What was thrown.
 * @returns The answer.
 */
export function failureResult(error: unknown): RouteResult {
  const failure =
    error instanceof FakeApiError
      ? error
      : new FakeApiError(500, 'api_error', 'internal_error', `The fake API failed: ${String(error)}`);
  const allow = failure instanceof MethodNotAllowed ? { headers: { allow: failure.allowed.join(', ') } } : {};
  return { status: failure.status, body: failure.toBody(), ...allow };
}

// `Date` is the fake clock's, as a server's is its own clock: what a feed from 'now' starts at.
function respond(state: FakeState, result: RouteResult): Response {
  const date = state.clock.now().toUTCString();
  const headers = { date, 'x-request-id': `req_${state.ids.hex('request', 8)}`, ...result.headers };
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

/**
 * Runs a mutating request once per `Idempotency-Key`: a repeat with the same method, path and body
 * gets the first answer again; a repeat with a different request is a 400 `idempotency_key_reused`.
 */
function replayOrRun(
  state: FakeState,
  scope: Scope,
  entry: FakeRequest,
  text: string,
  run: () => RouteResult,
): RouteResult {
  const key = entry.idempotencyKey;
  if (entry.method === 'GET' || key === null) return run();
  const fingerprint = `${entry.method} ${entry.path} ${text}`;
  const seen = state.idempotency.get(scope.name, key);
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
  // A route that fails throws (its error is answered, not kept): only answers it gave are replayed.
  const result = run();
  state.idempotency.set(scope.name, key, {
    fingerprint,
    status: result.status,
    body: structuredClone(result.body),
  });
  return result;
}
