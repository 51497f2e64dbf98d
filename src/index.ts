/**
 * `chainbill`: the typed client of the Chainbill API ({@link Chainbill}), its errors, and the money
 * helpers. Start with the [quickstart](../docs/quickstart.md); every method is in the
 * [API tour](../docs/api-tour.md).
 *
 * @module chainbill
 */
export { Chainbill } from './client.js';
export type { QueryValue, RawGetOptions, RawListOptions, RawRequestOptions } from './core/api-client.js';
export { APIClient } from './core/api-client.js';
export type { WithResponse } from './core/api-promise.js';
export { APIPromise } from './core/api-promise.js';
export type { ClientOptions } from './core/client-options.js';
export type { APIErrorBody, APIErrorInit, ValidationIssue } from './core/error.js';
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
} from './core/error.js';
export type { Hook, HookInfo, Hooks } from './core/hooks.js';
export type { Logger, LogLevel } from './core/logger.js';
export { fromAtomicUnits, toAtomicUnits, tokenDecimals } from './core/money.js';
export type { PaginationKind } from './core/pagination.js';
export { Page, PagePromise } from './core/pagination.js';
export { path } from './core/path.js';
export type { RequestOptions } from './core/request-options.js';
export type {
  Chain,
  DeletedObject,
  Environment,
  Fetch,
  HeadersLike,
  Metadata,
  Token,
  Unrecognized,
} from './core/types.js';
export * from './payouts/index.js';
// Every type a resource file exports is public (its models, params, enums): a new one needs no line here.
export type * from './resources/checkouts.js';
export { Checkouts } from './resources/checkouts.js';
export type * from './resources/customers.js';
export { Customers } from './resources/customers.js';
export type * from './resources/entitlements.js';
export { Entitlements } from './resources/entitlements.js';
export type * from './resources/payment-links.js';
export { PaymentLinks } from './resources/payment-links.js';
export type * from './resources/payment-methods.js';
export { PaymentMethods } from './resources/payment-methods.js';
export type * from './resources/plans.js';
export { Plans } from './resources/plans.js';
export type * from './resources/subscriptions.js';
export { Subscriptions } from './resources/subscriptions.js';
export type * from './resources/webhook-endpoints.js';
export { WebhookEndpoints } from './resources/webhook-endpoints.js';
export * from './revenue-events/index.js';
export { memoryStore } from './store/memory.js';
export type { ChainbillStore } from './store/store.js';
export { VERSION } from './version.js';
