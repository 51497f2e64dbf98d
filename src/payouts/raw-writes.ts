/**
 * Raw calls that write payouts (docs/raw-calls.md, "Payouts through raw calls"): a raw `POST` to
 * `/payouts` is checked as `payouts.create` is, a raw `PATCH` to `/payouts/{id}` as `payouts.update`
 * (and `approve`) are, in any spelling a server could read as those routes (told apart by
 * internal/money-routes.ts). Loaded by a core only for such a call; whatever else bounds a money
 * move hooks in here too.
 *
 * @module
 */
import type { RequestOptions } from '../core/request-options.js';
import { readHeaders } from '../internal/call-options.js';
import { idPrefixes } from '../internal/ids.js';
import { payoutWriteOf } from '../internal/money-routes.js';
import { encodeParams } from '../internal/params.js';
import { pathId } from '../internal/path.js';
import { invalid } from '../internal/raw.js';
import type { RequestSpec } from '../internal/types.js';
import { checkPayout, type PayoutCheckSetup } from './checks.js';
import { payoutUpdateSchema } from './params.js';

// Headers that some servers and proxies read as the method: a POST that a server takes for a PATCH.
const methodOverrides = ['x-http-method-override', 'x-http-method', 'x-method-override'];

/**
 * Checks a raw call that writes payouts as the payouts methods check theirs, and gives the call to
 * send: the path as given, the body as the checks output it (what was checked is what is sent),
 * no query. A call that writes no payout comes back unchanged.
 *
 * @param spec - The raw call, its path, query and body checked by the raw-call rules.
 * @param options - The call's options: a header that overrides the method is refused.
 * @param setup - The client's payout checks and policy.
 * @returns The call to send.
 * @throws {RequestValidationError} as `payouts.create` or `payouts.update` throws it for the body
 *   and id; `param: 'body'` for a body that is not an object, `query` for a query, `headers` for a
 *   method override, `path` for a write under `/payouts` that is neither.
 * @throws {PayoutPolicyError} for a payout outside the client's policy.
 */
export function checkRawPayoutWrite(
  spec: RequestSpec<unknown>,
  options: RequestOptions,
  setup: PayoutCheckSetup,
): RequestSpec<unknown> {
  const write = payoutWriteOf(spec.method, spec.path);
  if (write === undefined) return spec;
  if (write.kind === 'unknown')
    throw invalid('path', 'is no payouts method: only POST /payouts, PATCH /payouts/{id}');
  if (Object.values(spec.query ?? {}).some((value) => value !== undefined))
    throw invalid('query', 'must be empty on a payout write');
  const headers = options.headers === undefined ? undefined : readHeaders(options.headers);
  if (typeof headers === 'object' && methodOverrides.some((name) => headers.has(name)))
    throw invalid('headers', 'must not override the method of a payout write');
  const { body } = spec;
  const object = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (!object && (write.kind === 'create' || body !== undefined))
    throw invalid('body', 'must be an object of payout fields');
  if (write.kind === 'update') {
    pathId(idPrefixes.payout, write.id); // `approve` and `update` check their id first
    return { ...spec, body: encodeParams(payoutUpdateSchema(), body) };
  }
  const { preview, error } = checkPayout(body, setup);
  if (error !== undefined) throw error;
  return { ...spec, body: preview.request };
}
