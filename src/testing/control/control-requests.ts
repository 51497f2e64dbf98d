/**
 * One request the fake answered, and its answer as sent (`GET /_fake/requests/{sequence}`), for
 * the inspector's "what did it send back". Redacted as the SDK's logs are: the request's key, in
 * any form, and anything shaped like a key, in the headers, the body and the answer.
 */
import { keyRedactor } from '../../internal/redact.js';
import type { FakeChainbill } from '../fake.js';
import { FakeApiError, invalid } from '../http/errors.js';
import { internalsOf } from '../state/slot.js';

/**
 * @param fake - The fake.
 * @param raw - The request's `sequence`, from the request log.
 * @returns `{ request, response }`: `response` the answer (`status`, `headers`, `body` as JSON when
 *   it is JSON and whole, else its text; `truncated`, `fault`), or `null` when it is no longer kept.
 * @throws {FakeApiError} 400 for a sequence that is not a whole number; 404 for a request the log
 *   no longer holds (or never did).
 */
export function requestDetail(fake: FakeChainbill, raw: string): { request: unknown; response: unknown } {
  if (!/^\d{1,15}$/.test(raw)) throw invalid('sequence', 'must be a whole number from 1');
  const sequence = Number(raw);
  const { state } = internalsOf(fake);
  const request = state.requests.list[sequence - state.requests.dropped - 1];
  if (request === undefined || request.sequence !== sequence)
    throw new FakeApiError(
      404,
      'invalid_request_error',
      'request_missing',
      `No request #${sequence} in the log: it keeps the last ${state.requests.limit} (and forgets them on reset).`,
    );
  const key = /^Bearer (\S+)$/i.exec(request.headers['authorization'] ?? '')?.[1];
  // A key the fake never issued still redacts: anything key-shaped is redacted whatever the key.
  const redact = keyRedactor(key ?? 'sk_test_none');
  const kept = state.responses.get(sequence);
  let response: unknown = null;
  if (kept !== undefined) {
    let body: unknown = kept.body;
    if (kept.body !== null && !kept.truncated)
      try {
        body = JSON.parse(kept.body);
      } catch {
        // Not JSON: shown as the text it was.
      }
    response = redact.value({ ...kept, body });
  }
  return { request: redact.value(request), response };
}
