/**
 * What the fake stores, one type per collection (a leaf module, importing only
 * the SDK's public types, so the state, the routes and the lifecycles can all name them). Each is
 * the resource's wire shape with its enums known, plus what the fake keeps beside it.
 */

import type { Chain, Environment, Token } from '../core/types.js';
import type { Checkout, CheckoutStatus } from '../resources/checkouts.js';
import type { Customer } from '../resources/customers.js';
import type { Entitlement, EntitlementValueType } from '../resources/entitlements.js';
import type { PaymentLink } from '../resources/payment-links.js';
import type { PaymentMethod, PaymentMethodStatus } from '../resources/payment-methods.js';
import type { PayoutIntent, PayoutStatus } from '../resources/payout-intent.js';
import type { PayoutSettlement } from '../resources/payout-settlements.js';
import type { Plan, PlanStatus } from '../resources/plans.js';
import type { RevenueEventType } from '../resources/revenue-events.js';
import type { Subscription, SubscriptionStatus } from '../resources/subscriptions.js';

/** `T` with the fields of `K` narrowed to what the fake knows (the open enums of a wire shape closed). */
type Known<T, K extends Partial<Record<keyof T, unknown>>> = Omit<T, keyof K> & K;

/** The fake's payout record: the wire shape, with `chain`, `token` and `status` known. */
export type FakePayout = Known<PayoutIntent, { chain: Chain; token: Token; status: PayoutStatus }>;

/** The fake's settlement record: the wire shape, always with `chain` (the fake's choice). */
export type FakeSettlement = Known<PayoutSettlement, { chain: Chain }>;

/**
 * The fake's checkout record: the list item's wire shape, plus `id` (equal to `checkout_id`, the
 * collection's key; left out of list answers), with `chain`, `token` and `status` known.
 */
export type FakeCheckout = Known<
  Checkout,
  {
    chain: Chain;
    token: Token;
    status: CheckoutStatus;
    tx_hash: string | null;
    confirmations: number;
    detected_at: string | null;
    confirmed_at: string | null;
  }
> & { id: string };

/** The fake's customer record: the wire shape (spec: Customer). */
export type FakeCustomer = Known<Customer, { environment: Environment }>;

/**
 * The fake's plan record: the spec's plan fields (no `environment`: the spec's plan table has
 * none) plus `status`, which the fake always stores so the list can filter on it.
 */
export type FakePlan = Known<Plan, { status: PlanStatus }>;

/** The fake's payment method record: the wire shape, with `chain`, `token` and `status` known. */
export type FakePaymentMethod = Known<
  PaymentMethod,
  { chain: Chain; token: Token; status: PaymentMethodStatus }
>;

/** The fake's subscription record: the wire shape, `customer` and `plan` embedded by reference. */
export type FakeSubscription = Known<
  Subscription,
  { status: SubscriptionStatus; customer: FakeCustomer; plan: FakePlan }
>;

/** The fake's entitlement record: the wire shape, with `value_type` known. */
export type FakeEntitlement = Known<Entitlement, { value_type: EntitlementValueType }>;

/** Where a payment link is: the fake's own state (the spec shows none); never sent. */
export type PaymentLinkStatus = 'active' | 'expired';

/** The fake's payment link record: the wire shape, and its `status`, which answers leave out. */
export type FakePaymentLink = PaymentLink & { status: PaymentLinkStatus };

/** Revenue event kinds (spec: Revenue event, list filter `event_type`): the SDK's {@link RevenueEventType}. */
export type FakeRevenueEventType = RevenueEventType;

/**
 * A revenue event as the fake stores and serves it: the spec's fields, plus `event_type` (the
 * fake's choice: the spec does not show whether events carry it) and `null` for the ids that do
 * not apply to the event.
 */
export interface FakeRevenueEvent {
  /** Identifier, prefix `rev_`. */
  id: string;
  /** Organization the event belongs to. */
  org_id: string;
  /** What happened, for example `checkout_confirmed` or `subscription_charged`. */
  event_type: FakeRevenueEventType;
  /** Amount in token units (≈ USD). */
  amount: number;
  /** Currency code, for example `USD`. */
  currency: string;
  /** The checkout that produced the event, or `null`. */
  checkout_id: string | null;
  /** The subscription that produced the event, or `null`. */
  subscription_id: string | null;
  /** The paying customer, or `null`. */
  customer_id: string | null;
  /** The renewal that produced the event, or `null`. */
  renewal_id: string | null;
  /** The adjustment that produced the event, or `null`. */
  adjustment_id: string | null;
  /** On-chain transaction hash, or `null` when nothing moved on chain. */
  tx_hash: string | null;
  /** Free text, or `null`. */
  description: string | null;
  /** When the event happened (ISO 8601, the fake clock's time). */
  occurred_at: string;
  /** When the event was recorded (ISO 8601). */
  created_at: string;
}

/**
 * The fake's webhook endpoint record. The spec shows no fields for it; these are the fake's
 * choice: id (prefix `we_`), organization, URL, environment and creation time.
 */
export interface FakeWebhookEndpoint {
  /** Identifier, prefix `we_`. */
  id: string;
  /** Organization that owns the endpoint. */
  org_id: string;
  /** Where events would be delivered. */
  url: string;
  /** `live` or `sandbox`, from the key it was seeded with. */
  environment: Environment;
  /** Creation time (ISO 8601). */
  created_at: string;
}

/** `live` or `sandbox`: the SDK's {@link Environment}, the environment of a fake's key and records. */
export type FakeEnvironment = Environment;
