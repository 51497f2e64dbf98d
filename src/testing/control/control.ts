import { createHash, timingSafeEqual } from 'node:crypto';
import type { FakeChainbill } from '../fake.js';
import { type Incoming, parseJsonBody } from '../http/body.js';
import { compile, find, MethodNotAllowed } from '../http/dispatch.js';
import { FakeApiError, invalid, oneLine } from '../http/errors.js';
import { SeedFileError } from '../seed/seed-shape.js';
import { controlEndpoints } from './control-endpoints.js';
import { type Call, type ControlEndpoint, Created } from './endpoint.js';

/** The control API's routes, matched by the same router as the API's. */
const table = compile(controlEndpoints, (endpoint) => endpoint);

/**
 * Answers a request under `/_fake/`: JSON in and out, every error in the API's error shape with a
 * 4xx (401 without the control token, 403 for an API key, 404 unknown path or simulation, 405
 * wrong method, 400 bad JSON or field, 413 over 1 MiB). Never throws.
 *
 * @param fake - The fake the control API drives.
 * @param token - The control token; only `Authorization: Bearer <token>` is accepted.
 * @param incoming - The request.
 * @param server - `startupSeed`, the seed file the server started with (applied again on
 *   `POST /_fake/reset`), and `snapshotFile`, where `POST /_fake/snapshot?save=1` writes.
 * @returns The answer.
 */
export async function controlAnswer(
  fake: FakeChainbill,
  token: string,
  incoming: Incoming,
  server: Pick<Call, 'startupSeed' | 'snapshotFile'>,
): Promise<Response> {
  try {
    authorize(token, incoming.headers.get('authorization'));
    const path = incoming.url.pathname === '/_fake' ? '/_fake/' : incoming.url.pathname;
    const [endpoint, params]: [ControlEndpoint, Record<string, string>] = find(table, incoming.method, path);
    if (!endpoint.query && incoming.url.search !== '') throw invalid('query', `is not taken by ${path}`);
    const reads = incoming.method === 'POST' && !endpoint.ownBody;
    const body = reads ? parseJsonBody(await incoming.readBody()).fields : {};
    const result = await endpoint.handle({ fake, incoming, params, body, ...server });
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

/** Any error as the API's error body: a seed file's error names its path as `param`; anything else is a bug, 500. */
function failure(error: unknown): Response {
  const failed =
    error instanceof FakeApiError
      ? error
      : error instanceof SeedFileError
        ? new FakeApiError(400, 'invalid_request_error', 'seed_invalid', error.message, error.path || null)
        : new FakeApiError(500, 'api_error', 'internal_error', `The control API failed: ${oneLine(error)}`);
  const headers: Record<string, string> = {};
  if (failed.status === 401) headers['www-authenticate'] = 'Bearer realm="chainbill-fake control"';
  if (failed instanceof MethodNotAllowed) headers['allow'] = failed.allowed.join(', ');
  return json(failed.status, failed.toBody(), headers);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}
