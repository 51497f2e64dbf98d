/**
 * `chainbill/core`: {@link ChainbillCore} (the key, the base URL, the transport with its retries,
 * timeouts, hooks and redaction, and raw calls) and the errors, with no resource. Pair it with the
 * functions of `chainbill/funcs`, one per operation, so an app ships only what it calls
 * (docs/performance.md, "Pay for what you call").
 *
 * @module chainbill/core
 */
export type { QueryValue, RawGetOptions, RawListOptions, RawRequestOptions } from './api-client.js';
export { APIClient } from './api-client.js';
export type { WithResponse } from './api-promise.js';
export { APIPromise } from './api-promise.js';
export { ChainbillCore } from './chainbill-core.js';
export type { CoreOptions } from './core-options.js';
export type { APIErrorBody, APIErrorInit, ValidationIssue } from './error.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ChainbillError,
  ConfigurationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  UnprocessableEntityError,
} from './error.js';
export type { Hook, HookInfo, Hooks } from './hooks.js';
export type { Logger, LogLevel } from './logger.js';
export { fromAtomicUnits, toAtomicUnits, tokenDecimals } from './money.js';
export type { PaginationKind } from './pagination.js';
export { Page, PagePromise } from './pagination.js';
export { path } from './path.js';
export type { RequestOptions } from './request-options.js';
export type {
  Chain,
  DeletedObject,
  Environment,
  Fetch,
  HeadersLike,
  Metadata,
  Token,
  Unrecognized,
} from './types.js';
