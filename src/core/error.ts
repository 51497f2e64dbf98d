/**
 * The error tree of the SDK (docs/errors.md). Every failure a call can produce is a
 * {@link ChainbillError}; ky's and fetch's errors never reach the caller, they are kept as `cause`.
 *
 * @module
 */

import { redactHeaders } from '../internal/log.js';
import { parseRetryAfterSeconds } from '../internal/retry-after.js';

const brand: unique symbol = Symbol.for('chainbill.error');

/** Issue shape shared by request and response validation errors: where, and what went wrong. */
export interface ValidationIssue {
  /** Path to the offending value, for example `['data', 0, 'status']`. */
  readonly path: readonly (string | number)[];
  /** Machine-readable issue code from zod, for example `too_big` or `invalid_type`. */
  readonly code: string;
  /** Human-readable description, for example `must be at most 512 characters`. */
  readonly message: string;
}

/**
 * Base class of every error thrown by the SDK.
 *
 * `instanceof` works across two copies of the package (the ESM and the CJS build loaded in one
 * process): each class is branded with `Symbol.for('chainbill.error')` and checks the brand and
 * the class name chain in `Symbol.hasInstance`.
 */
export class ChainbillError extends Error {
  /** The class's name, kept through minifiers; `err.name` is set from it. */
  static readonly brand: string = 'ChainbillError';

  /**
   * @param message - Human-readable description; never contains the API key.
   * @param options - `cause`: the underlying error, if any.
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    const chain: string[] = [];
    for (let ctor: unknown = new.target; typeof ctor === 'function'; ctor = Object.getPrototypeOf(ctor)) {
      const name = (ctor as { brand?: unknown }).brand;
      if (typeof name === 'string' && !chain.includes(name)) chain.push(name);
    }
    // A caller's subclass has no brand of its own: it keeps its class name.
    this.name = Object.hasOwn(new.target, 'brand') ? new.target.brand : new.target.name;
    // Non-enumerable, so it stays out of JSON.stringify and util.inspect.
    Object.defineProperty(this, brand, { value: chain });
  }

  /**
   * What `JSON.stringify(error)` writes (an `Error`'s own `message` is not enumerable, so it would
   * otherwise be dropped).
   *
   * @returns `{ name, message }`; subclasses add their fields.
   */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }

  /**
   * Matches instances of this class from any copy of the package.
   *
   * @param value - The value on the left of `instanceof`.
   * @returns Whether `value` is a chainbill error of this class or a subclass.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    // A caller's subclass inherits its parent's brand, which every instance of the parent carries:
    // it matches by prototype, as classes normally do.
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of `instanceof`.
    if (!Object.hasOwn(this, 'brand')) return Function.prototype[Symbol.hasInstance].call(this, value);
    const chain = (value as Record<symbol, unknown>)[brand];
    // `this` is the class on the right of `instanceof`, which is the point: subclasses inherit this.
    // biome-ignore lint/complexity/noThisInStatic: see above.
    if (!Array.isArray(chain)) return Function.prototype[Symbol.hasInstance].call(this, value);
    // biome-ignore lint/complexity/noThisInStatic: see above.
    return chain.includes(this.brand);
  }
}

/** The error body the API sends: `{ error: { type, code, message, param } }` (spec: Errors). */
export interface APIErrorBody {
  /** Category, for example `authentication_error`. */
  type: string;
  /** Machine-readable code, for example `api_key_invalid`. */
  code: string;
  /** Human-readable text. */
  message: string;
  /** Offending parameter; `null` when none applies. */
  param: string | null;
}

/** Fields of an {@link APIError}, as the transport gathers them. */
export interface APIErrorInit {
  /** HTTP status; `undefined` for errors raised before anything was sent. */
  status?: number | undefined;
  /** The parsed error body, when the response carried one of the spec's shape. */
  error?: Partial<APIErrorBody> | undefined;
  /** Fallback message when the body has none. */
  message?: string | undefined;
  /** Response headers. */
  headers?: Headers | undefined;
  /** The raw body: parsed JSON when it was JSON, else the text, `undefined` when empty. */
  body?: unknown;
  /** Request id from `x-request-id` / `request-id`. */
  requestId?: string | null | undefined;
}

/** An error response from the API (or the constructor's key check). Subclassed by HTTP status. */
export class APIError extends ChainbillError {
  static override readonly brand: string = 'APIError';
  /** HTTP status code, or `undefined` when no request was sent. */
  readonly status: number | undefined;
  /** Error category from the body, for example `invalid_request_error`; `null` if absent. */
  readonly type: string | null;
  /** Machine-readable code from the body, for example `resource_missing`; `null` if absent. */
  readonly code: string | null;
  /** Offending parameter from the body; `null` when none applies. */
  readonly param: string | null;
  /**
   * Value of the `x-request-id` (or `request-id`) response header, if sent; server text, so a key
   * echoed into it is redacted (`sk_test_***`).
   */
  readonly requestId: string | null;
  /** Response headers (empty when no request was sent). */
  readonly headers: Headers;
  /** The raw body: parsed JSON when it was JSON, else the text; `undefined` when empty. */
  readonly body: unknown;

  /** @param init - Status, parsed error body, headers, raw body and request id. */
  constructor(init: APIErrorInit) {
    // The API's message verbatim; the status is in `status`.
    super(
      init.error?.message ??
        init.message ??
        (init.status === undefined
          ? 'The request failed.'
          : `The server answered ${init.status} with no message.`),
    );
    this.status = init.status;
    this.type = init.error?.type ?? null;
    this.code = init.error?.code ?? null;
    this.param = init.error?.param ?? null;
    this.requestId = init.requestId ?? null;
    this.headers = init.headers ?? new Headers();
    this.body = init.body;
  }

  /**
   * What `JSON.stringify(error)` writes: the error's fields and its headers as a plain object with
   * secrets redacted; not the body.
   *
   * @returns `{ name, message, status, type, code, param, requestId, headers }`.
   */
  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      type: this.type,
      code: this.code,
      param: this.param,
      requestId: this.requestId,
      headers: redactHeaders(this.headers),
    };
  }
}

/** HTTP 400: the request was malformed or a parameter was rejected by the server. */
export class BadRequestError extends APIError {
  static override readonly brand: string = 'BadRequestError';
}
/** HTTP 401, or any error of type `authentication_error`: the API key is missing or invalid. */
export class AuthenticationError extends APIError {
  static override readonly brand: string = 'AuthenticationError';
}
/** HTTP 403: the key may not perform this request. */
export class PermissionDeniedError extends APIError {
  static override readonly brand: string = 'PermissionDeniedError';
}
/** HTTP 404: the resource does not exist in this organization and environment. */
export class NotFoundError extends APIError {
  static override readonly brand: string = 'NotFoundError';
}
/** HTTP 409: the resource's state does not allow the change (for example approving a settled payout). */
export class ConflictError extends APIError {
  static override readonly brand: string = 'ConflictError';
}
/** HTTP 422: the request was well-formed but semantically invalid. */
export class UnprocessableEntityError extends APIError {
  static override readonly brand: string = 'UnprocessableEntityError';
}
/** HTTP 429: too many requests. */
export class RateLimitError extends APIError {
  static override readonly brand: string = 'RateLimitError';
  /** Seconds the server asked to wait (`Retry-After`, seconds or HTTP date); `null` if not sent. */
  readonly retryAfter: number | null;

  /** @param init - As for {@link APIError}; `retryAfter` is read from `headers`. */
  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfter = parseRetryAfterSeconds(init.headers?.get('retry-after') ?? null);
  }
}
/** HTTP 500 or above: the server failed. Retried automatically for 500, 502, 503 and 504. */
export class InternalServerError extends APIError {
  static override readonly brand: string = 'InternalServerError';
}

/** The request could not reach the server, or the connection broke before a full response. */
export class APIConnectionError extends ChainbillError {
  static override readonly brand: string = 'APIConnectionError';
}
/** An attempt took longer than `timeout` ms (headers and body), on every try. */
export class APIConnectionTimeoutError extends APIConnectionError {
  static override readonly brand: string = 'APIConnectionTimeoutError';
}
/** The caller's `signal` aborted the request. Never retried. */
export class APIUserAbortError extends ChainbillError {
  static override readonly brand: string = 'APIUserAbortError';
}

/** A response body that does not fit the spec's shape (or is not JSON). Keeps the raw body. */
export class ResponseValidationError extends ChainbillError {
  static override readonly brand: string = 'ResponseValidationError';
  /** What did not fit, with paths into the body. */
  readonly issues: readonly ValidationIssue[];
  /** The raw body: parsed JSON when it was JSON, else the text. */
  readonly body: unknown;
  /** HTTP status of the response. */
  readonly status: number;
  /** Request id from the response headers, if sent; redacted like any server text. */
  readonly requestId: string | null;

  /**
   * @param message - What was wrong, in a sentence.
   * @param init - Issues, raw body, status and request id.
   */
  constructor(
    message: string,
    init: { issues: readonly ValidationIssue[]; body: unknown; status: number; requestId: string | null },
  ) {
    super(message);
    this.issues = init.issues;
    this.body = init.body;
    this.status = init.status;
    this.requestId = init.requestId;
  }

  /**
   * What `JSON.stringify(error)` writes; not the body.
   *
   * @returns `{ name, message, status, requestId, issues }`.
   */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, requestId: this.requestId, issues: this.issues };
  }
}

/** A parameter that breaks the spec's rules; thrown before anything is sent. */
export class RequestValidationError extends ChainbillError {
  static override readonly brand: string = 'RequestValidationError';
  /** The offending parameter (wire name, dotted for nested fields), or `id` for a path id. */
  readonly param: string;
  /** Every issue found, not only the first. */
  readonly issues: readonly ValidationIssue[];

  /**
   * @param param - The offending parameter.
   * @param issues - Every issue found; the first one names `param`.
   */
  constructor(param: string, issues: readonly ValidationIssue[]) {
    const first = issues[0]?.message ?? 'is invalid';
    super(`Invalid parameter \`${param}\`: ${first}`);
    this.param = param;
    this.issues = issues;
  }

  /**
   * What `JSON.stringify(error)` writes.
   *
   * @returns `{ name, message, param, issues }`.
   */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), param: this.param, issues: this.issues };
  }
}

/** A client option that cannot work (a non-https base URL, use in a browser, …). */
export class ConfigurationError extends ChainbillError {
  static override readonly brand: string = 'ConfigurationError';
}
