import type { Fields } from '../seed/validate.js';
import { FakeApiError } from './errors.js';

/** The largest request body the fake reads: 1 MiB. A larger one is refused with 413 while it streams. */
export const MAX_BODY_BYTES: number = 1024 * 1024;

/** How deep a JSON body may nest; deeper is 400 `body_invalid`, not a stack overflow in the fake. */
export const MAX_BODY_DEPTH = 32;

/** `application/json`, `application/*+json`, with optional parameters such as `charset`. */
const jsonMediaType = /^application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;.*)?$/i;

/**
 * One request as the fake's router sees it, whatever carried it (`fetch`, msw, `node:http`): the
 * body is read on demand, through a reader that stops at {@link MAX_BODY_BYTES}.
 */
export interface Incoming {
  /** HTTP method as sent, for example `POST`. */
  method: string;
  /** The absolute URL of the request. */
  url: URL;
  /** Request headers. */
  headers: Headers;
  /**
   * Aborts when the request ends before its answer: the client's signal over `fetch` and msw, a
   * closed connection over `listen()`. An injected delay ends with it.
   */
  signal?: AbortSignal;
  /**
   * Reads the whole body, at most `limit` bytes.
   *
   * @param limit - The bound, {@link MAX_BODY_BYTES} unless an endpoint takes more (a snapshot).
   * @returns The body's bytes (empty for none).
   * @throws {FakeApiError} 413 `body_too_large` past the bound; 400 `body_invalid` when it cannot be read.
   */
  readBody(limit?: number): Promise<Uint8Array>;
}

/** 413 `body_too_large`: the request body is over `limit` bytes. */
export function bodyTooLarge(limit: number = MAX_BODY_BYTES): FakeApiError {
  return new FakeApiError(
    413,
    'invalid_request_error',
    'body_too_large',
    `The request body is larger than ${limit} bytes.`,
  );
}

/**
 * Refuses up front a `Content-Length` over `limit`, before a byte is read.
 *
 * @param headers - The request's headers.
 * @param limit - The bound in bytes.
 * @throws {FakeApiError} 413 `body_too_large`.
 */
export function checkDeclaredLength(headers: Headers, limit: number = MAX_BODY_BYTES): void {
  const declared = Number(headers.get('content-length') ?? '0');
  if (declared > limit) throw bodyTooLarge(limit);
}

/**
 * Wraps a web-standard `Request` (from `fake.fetch` or msw): its body is read chunk by chunk and
 * abandoned past {@link MAX_BODY_BYTES}, never buffered whole.
 *
 * @param request - The request.
 * @returns The request as the router reads it.
 */
export function fromRequest(request: Request): Incoming {
  return {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    signal: request.signal,
    readBody: async (limit = MAX_BODY_BYTES) => {
      checkDeclaredLength(request.headers, limit);
      if (request.body === null) return new Uint8Array(0);
      const reader = request.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read().catch(() => {
          throw unreadable();
        });
        if (done) return concat(chunks, size);
        size += value.byteLength;
        if (size > limit) {
          // Not awaited: cancelling one branch of a tee (msw clones requests) waits for the other.
          reader.cancel().catch(() => undefined);
          throw bodyTooLarge(limit);
        }
        chunks.push(value);
      }
    },
  };
}

/** 400 `body_invalid`: the body stopped before its end (the client went away). */
export function unreadable(): FakeApiError {
  return new FakeApiError(
    400,
    'invalid_request_error',
    'body_invalid',
    'The request body could not be read.',
  );
}

/**
 * Joins chunks whose sizes add up to `size`.
 *
 * @param chunks - The chunks, in order.
 * @param size - Their total length in bytes.
 * @returns One array of `size` bytes.
 */
export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Refuses a non-empty body that does not say it is JSON: `application/json` or
 * `application/*+json`, with optional parameters such as `charset`.
 *
 * @param bytes - The body as read.
 * @param contentType - The `Content-Type` header, or `null`.
 * @throws {FakeApiError} 415 `unsupported_media_type`.
 */
export function requireJsonType(bytes: Uint8Array, contentType: string | null): void {
  if (bytes.byteLength === 0 || (contentType !== null && jsonMediaType.test(contentType.trim()))) return;
  throw new FakeApiError(
    415,
    'invalid_request_error',
    'unsupported_media_type',
    'A request body must be JSON, sent with Content-Type: application/json.',
  );
}

/**
 * Turns a request body into the JSON object a route reads: `{}` for none; otherwise it must be
 * UTF-8, parse, be an object and nest at most 32 levels.
 *
 * @param bytes - The body as read.
 * @returns The text (for idempotency fingerprints) and the parsed fields.
 * @throws {FakeApiError} 400 `body_invalid`.
 */
export function parseJsonBody(bytes: Uint8Array): { text: string; fields: Fields } {
  if (bytes.byteLength === 0) return { text: '', fields: {} };
  let text: string;
  let body: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    body = JSON.parse(text);
  } catch {
    throw bodyInvalid('The body is not valid UTF-8 JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bodyInvalid('The body must be a JSON object.');
  if (depthOf(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
    throw bodyInvalid(`The body nests deeper than ${MAX_BODY_DEPTH} levels.`);
  return { text, fields: body as Fields };
}

function bodyInvalid(message: string): FakeApiError {
  return new FakeApiError(400, 'invalid_request_error', 'body_invalid', message);
}

/** The nesting depth of a JSON value, counted iteratively and no further than `bound + 1`. */
export function depthOf(root: unknown, bound: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [value, depth] = item;
    if (typeof value !== 'object' || value === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > bound) return deepest;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * A JSON value within the API's body limits, as a fresh copy (what a request body would carry).
 *
 * @param value - The value.
 * @param fail - Makes the caller's error from the problem, such as `nests deeper than 32 levels`.
 * @returns Its JSON copy.
 * @throws {Error} From `fail`, when it nests deeper than 32 levels, is over 1 MiB as JSON, or is
 *   not JSON at all (a `bigint`; a cycle nests without end).
 */
export function jsonWithinLimits(value: unknown, fail: (problem: string) => Error): unknown {
  if (depthOf(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
    throw fail(`nests deeper than ${MAX_BODY_DEPTH} levels`);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    throw fail('is not JSON');
  }
  if (text === undefined) throw fail('is not JSON');
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw fail('is larger than 1 MiB as JSON');
  return JSON.parse(text);
}
