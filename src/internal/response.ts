/**
 * How the transport reads a response: JSON or not, its request id, the data of a 2xx body, and
 * the SDK error for a non-2xx answer or a body that cannot be kept. Server text is redacted before
 * it is kept.
 */
import type * as z from 'zod/mini';
import type { WithResponse } from '../core/api-promise.js';
import { type APIError, type APIErrorBody, ResponseValidationError } from '../core/error.js';
import { makeAPIError } from './api-error.js';
import { BodyNotUtf8, BodyTooLarge } from './body.js';
import { miss, quickParse } from './in-place.js';
import { ownMessages, toIssues } from './issues.js';
import type { Redactor } from './redact.js';
import type { RequestSpec } from './types.js';

/**
 * The error for a body that cannot be kept: over `maxResponseBytes`, or not UTF-8 on a 2xx.
 * Neither is retried: the same server would send the same body again.
 */
export function badBody(
  bad: unknown,
  response: Response,
  redact: Redactor,
): ResponseValidationError | undefined {
  const at = { status: response.status, requestId: requestIdOf(response.headers, redact), body: undefined };
  if (bad instanceof BodyTooLarge) {
    const message = `The response body is larger than maxResponseBytes (${bad.maxBytes} bytes); it was not read further.`;
    return new ResponseValidationError(message, {
      issues: [{ path: [], code: 'too_large', message }],
      ...at,
    });
  }
  if (bad instanceof BodyNotUtf8) {
    const message = `The response body is not valid UTF-8 (a bad byte sequence within its first ${bad.bytes} bytes).`;
    return new ResponseValidationError(message, {
      issues: [{ path: [], code: 'invalid_utf8', message }],
      ...at,
    });
  }
  return undefined;
}

export const notJson: unique symbol = Symbol('notJson');

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return notJson;
  }
}

export function isJsonType(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trim());
}

/**
 * The response's request id (`x-request-id`, else `request-id`), redacted like any server text:
 * read here, once, so every place it goes (errors, `withResponse()`, hooks, spans) gets the
 * redacted value. A proxy that echoes `Authorization` into it must not carry the key anywhere.
 *
 * @param headers - The response's headers.
 * @param redact - The client's redaction.
 * @returns The redacted id, or `null` when neither header was sent.
 */
export function requestIdOf(headers: Headers, redact: Redactor): string | null {
  const id = headers.get('x-request-id') ?? headers.get('request-id');
  return id === null ? null : redact.text(id);
}

// Causes followed to the innermost: undici nests the reason (`bad port`, `ECONNREFUSED`) two deep.
const maxCauses = 8;

/**
 * The message of a connection error: where the call went and the innermost reason, such as
 * `Connection error reaching 127.0.0.1:9: fetch failed (bad port)`. Platform text, redacted all
 * the same.
 *
 * @param baseUrl - The client's base URL, for its host and port.
 * @param cause - What the platform's `fetch` threw.
 * @param redact - The client's redaction.
 * @returns The message.
 */
export function connectionMessage(baseUrl: string, cause: unknown, redact: Redactor): string {
  const url = new URL(baseUrl);
  const origin = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  let what = 'the request failed';
  try {
    // A custom fetch may throw anything, with getters that throw: only plain strings are read.
    if (cause instanceof Error && typeof cause.message === 'string') {
      let inner: Error = cause;
      for (let depth = 0; depth < maxCauses && inner.cause instanceof Error; depth++) inner = inner.cause;
      const code: unknown = (inner as { code?: unknown }).code;
      const reason = typeof code === 'string' ? code : inner === cause ? '' : inner.message;
      what = `${cause.message}${typeof reason === 'string' && reason !== '' ? ` (${reason})` : ''}`;
    }
  } catch {
    // Described as a failure without a reason.
  }
  return redact.text(`Connection error reaching ${origin}: ${what}`);
}

/**
 * Builds the error for a non-2xx response: class by status (or `authentication_error`), fields from
 * the spec's error body when it has that shape, the raw body kept either way.
 */
export function apiErrorFrom(response: Response, text: string, redact: Redactor): APIError {
  const parsed = text === '' ? undefined : parseJson(text);
  // Server text may echo the request's Authorization header: redacted before it is kept anywhere.
  const body = redact.value(parsed === notJson ? text : parsed);
  const status = response.status;
  const location = response.headers.get('location');
  const redirect =
    status >= 300 && status < 400
      ? `The server answered ${status} with a redirect${location ? ` to ${location}` : ''}; redirects are not followed.`
      : undefined;
  const fields = errorFields(body);
  return makeAPIError({
    status,
    error: redirect === undefined ? fields : { ...fields, message: redact.text(redirect) },
    message: redact.text(response.statusText) || undefined,
    headers: redact.headers(response.headers),
    body,
    requestId: requestIdOf(response.headers, redact),
  });
}

function errorFields(body: unknown): Partial<APIErrorBody> | undefined {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const text = (key: string): string | undefined =>
    typeof record[key] === 'string' ? (record[key] as string) : undefined;
  const fields: Partial<APIErrorBody> = {};
  const type = text('type');
  const code = text('code');
  const message = text('message');
  const param = text('param');
  if (type !== undefined) fields.type = type;
  if (code !== undefined) fields.code = code;
  if (message !== undefined) fields.message = message;
  if (param !== undefined) fields.param = param;
  return fields;
}

/**
 * A 2xx body as the call's schema takes it: JSON by its content type (any body, for a call that
 * always parses), checked in place when it fits, else by zod, which says what does not fit.
 *
 * @param spec - The call: its schemas, and its own check of the result.
 * @param response - The response.
 * @param text - Its body, read whole.
 * @param validate - The client's `validateResponses`.
 * @param redact - The client's redaction.
 * @returns The data with the response and its request id.
 * @throws {ResponseValidationError} for a body that is not JSON or does not fit the schema.
 */
export function parseSuccess<T>(
  spec: RequestSpec<T>,
  response: Response,
  text: string,
  validate: boolean,
  redact: Redactor,
): WithResponse<T> {
  const requestId = requestIdOf(response.headers, redact);
  const status = response.status;
  const contentType = response.headers.get('content-type') ?? '';
  const fail = (message: string, code: string, body: unknown): ResponseValidationError =>
    new ResponseValidationError(redact.text(message), {
      issues: [{ path: [], code, message: redact.text(message) }],
      body: redact.value(body),
      status,
      requestId,
    });
  let body: unknown;
  if (text !== '' && spec.alwaysParse) {
    body = parseJson(text);
    if (body === notJson) body = text;
  } else if (text !== '') {
    if (!isJsonType(contentType)) {
      throw fail(
        `Expected a JSON response, got content-type \`${contentType || 'none'}\`.`,
        'invalid_content_type',
        text,
      );
    }
    body = parseJson(text);
    if (body === notJson) throw fail('The response body is not valid JSON.', 'invalid_json', text);
  }
  const schema = validate || spec.alwaysParse ? spec.schema : spec.uncheckedSchema;
  const data = conform(schema, body, redact, { status, requestId });
  spec.check?.(data, { status, requestId, body: () => redact.value(body) });
  return { data, response, requestId };
}

/** The body as `schema` takes it, or a `ResponseValidationError` saying what does not fit. */
function conform<T>(
  schema: z.ZodMiniType<T> | undefined,
  body: unknown,
  redact: Redactor,
  at: { status: number; requestId: string | null },
): T {
  // No schema: validateResponses: false is the caller's explicit choice to take the JSON unchecked.
  if (schema === undefined) return body as T;
  // A body that fits is kept as it came, checked in place; zod runs to say what does not fit.
  const quick = quickParse(schema, body);
  if (quick !== miss) return quick as T;
  const result = schema.safeParse(body, ownMessages);
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues);
  const where = issues[0]?.path.join('.') || 'body';
  throw new ResponseValidationError(
    redact.text(`The response does not match the API spec at \`${where}\`: ${issues[0]?.message}.`),
    { issues, body: redact.value(body), ...at },
  );
}
