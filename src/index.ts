export { Chainbill } from './client.js';
export { isValidAddress } from './core/address.js';
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
export type { WaitForSettlementOptions } from './core/wait.js';
export { WaitTimeoutError } from './core/wait.js';
export type { Checkout, CheckoutListParams, CheckoutStatus } from './resources/checkouts.js';
export { Checkouts } from './resources/checkouts.js';
export type { Customer, CustomerCreateParams, CustomerListParams } from './resources/customers.js';
export { Customers } from './resources/customers.js';
export type {
  Entitlement,
  EntitlementCreateParams,
  EntitlementListParams,
  EntitlementUpdateParams,
  EntitlementValueType,
} from './resources/entitlements.js';
export { Entitlements } from './resources/entitlements.js';
export type {
  PaymentLink,
  PaymentLinkCreateParams,
  PaymentLinkListParams,
} from './resources/payment-links.js';
export { PaymentLinks } from './resources/payment-links.js';
export type {
  PaymentMethod,
  PaymentMethodListParams,
  PaymentMethodStatus,
  PaymentMethodUpdateParams,
} from './resources/payment-methods.js';
export { PaymentMethods } from './resources/payment-methods.js';
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
export type { Plan, PlanListParams, PlanStatus } from './resources/plans.js';
export { Plans } from './resources/plans.js';
export type { RevenueEvent, RevenueEventListParams, RevenueEventType } from './resources/revenue-events.js';
export { RevenueEvents } from './resources/revenue-events.js';
export type {
  Subscription,
  SubscriptionAction,
  SubscriptionCreateParams,
  SubscriptionStatus,
  SubscriptionUpdateParams,
} from './resources/subscriptions.js';
export { Subscriptions } from './resources/subscriptions.js';
export { WebhookEndpoints } from './resources/webhook-endpoints.js';
export { VERSION } from './version.js';
