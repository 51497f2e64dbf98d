export type { ClientOptions } from './client.js';
export { Chainbill } from './client.js';
export type { WithResponse } from './core/api-promise.js';
export { APIPromise } from './core/api-promise.js';
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
export type { Logger, LogLevel } from './core/logger.js';
export { fromAtomicUnits, toAtomicUnits, tokenDecimals } from './core/money.js';
export type { ListQuery, PageFetcher, PaginationKind } from './core/pagination.js';
export { Page, PagePromise } from './core/pagination.js';
export type { RequestOptions } from './core/request-options.js';
export type { Chain, Environment, Metadata, Token, Unrecognized } from './core/types.js';
export type { Fetch } from './internal/transport.js';
export type { PayoutSettlement, PayoutSettlementListParams } from './resources/payout-settlements.js';
export { PayoutSettlements } from './resources/payout-settlements.js';
export type {
  PayoutCreateParams,
  PayoutIntent,
  PayoutListParams,
  PayoutReferenceType,
  PayoutStatus,
  PayoutUpdateParams,
} from './resources/payouts.js';
export { Payouts } from './resources/payouts.js';
export { VERSION } from './version.js';
