import { createHash, timingSafeEqual } from 'node:crypto';
import { type Incoming, parseJsonBody } from './body.js';
import { type ControlOptions, Created, endpoints, invalid, withQuery } from './control-endpoints.js';
import { FakeApiError, oneLine } from './errors.js';
import type { FakeChainbill } from './fake.js';
import { SeedFileError } from './seed-file.js';

export type { ControlOptions } from './control-endpoints.js';

const optionsOf = new WeakMap<FakeChainbill, ControlOptions>();

/**
 * Sets the control options of a fake, read by every later control request of its `listen()`.
 *
 * @param fake - The fake.
 * @param options - {@link ControlOptions}.
 */
export function configureControl(fake: FakeChainbill, options: ControlOptions): void {
  optionsOf.set(fake, options);
}

/**
 * Answers a request under `/_fake/`: JSON in and out, every error in the API's error shape with a
 * 4xx (401 without the control token, 403 for an API key, 404 unknown path or simulation, 405
 * wrong method, 400 bad JSON or field, 413 over 1 MiB). Never throws.
 *
 * @param fake - The fake the control API drives.
 * @param token - The control token; only `Authorization: Bearer <token>` is accepted.
 * @param incoming - The request.
 * @param options - {@link ControlOptions}; default, those set with {@link configureControl}.
 * @returns The answer.
 */
export async function controlAnswer(
  fake: FakeChainbill,
  token: string,
  incoming: Incoming,
  options: ControlOptions = optionsOf.get(fake) ?? {},
): Promise<Response> {
  try {
    authorize(token, incoming.headers.get('authorization'));
    const path = incoming.url.pathname.replace(/^\/_fake\/?/, '');
    const [first = '', second, ...rest] = path.split('/');
    const key =
      first === 'simulate' && second !== undefined && second !== '' && rest.length === 0
        ? 'simulate/*'
        : path;
    const methods = endpoints[key];
    if (!methods || !Object.hasOwn(endpoints, key))
      throw new FakeApiError(
        404,
        'invalid_request_error',
        'route_not_found',
        `No control endpoint ${incoming.url.pathname}: GET /_fake/ lists them`,
      );
    const handle = methods[incoming.method];
    if (!handle || !Object.hasOwn(methods, incoming.method))
      return methodNotAllowed(incoming, Object.keys(methods));
    if (!withQuery.has(key) && incoming.url.search !== '')
      throw invalid('query', `${incoming.url.pathname} takes no query parameters`);
    const body = incoming.method === 'POST' ? parseJsonBody(await incoming.readBody()).fields : {};
    const name = key === 'simulate/*' ? decoded(second ?? '') : '';
    const result = await handle({ fake, incoming, name, body, options });
    return result instanceof Created ? json(201, result.body) : json(200, result);
  } catch (error) {
    return failure(error);
  }
}

function authorize(token: string, header: string | null): void {
  const sent = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (sent !== undefined && sameSecret(sent, token)) return;
  if (sent === undefined)
    throw new FakeApiError(
      401,
      'authentication_error',
      'control_token_missing',
      'The control API takes Authorization: Bearer <control token> (chainbill-fake prints it).',
    );
  if (sent.startsWith('sk_'))
    throw new FakeApiError(
      403,
      'permission_error',
      'api_key_not_allowed',
      'An API key cannot use the control API: send the control token that chainbill-fake printed.',
    );
  throw new FakeApiError(401, 'authentication_error', 'control_token_invalid', 'Invalid control token.');
}

/** Compares digests, so the time taken says nothing about how much of the token matched. */
function sameSecret(sent: string, token: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
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

function methodNotAllowed(incoming: Incoming, allowed: string[]): Response {
  const error = new FakeApiError(
    405,
    'invalid_request_error',
    'method_not_allowed',
    `${incoming.method} is not allowed on ${incoming.url.pathname}: use ${allowed.join(' or ')}`,
  );
  return json(405, error.toBody(), { allow: allowed.join(', ') });
}

/** Any error as the API's error body: a seed file's error names its path as `param`; anything else is a bug, 500. */
function failure(error: unknown): Response {
  const failed =
    error instanceof FakeApiError
      ? error
      : error instanceof SeedFileError
        ? new FakeApiError(400, 'invalid_request_error', 'seed_invalid', error.message, error.path || null)
        : new FakeApiError(500, 'api_error', 'internal_error', `The control API failed: ${oneLine(error)}`);
  const challenge = { 'www-authenticate': 'Bearer realm="chainbill-fake control"' };
  return json(failed.status, failed.toBody(), failed.status === 401 ? challenge : {});
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}
