/**
 * The revenue ledger's event (spec: Resources, Revenue event), the list's params, the change
 * feed's options, and the ledger's operations: the model of `revenueEvents`, apart from its class
 * (revenue-events.ts) so that the feed's modules read these types without importing it back.
 *
 * @module
 */

import * as z from 'zod/mini';
import type { RequestOptions } from '../core/request-options.js';
import type { Unrecognized } from '../core/types.js';
import type { ListOperation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import {
  cursorParam,
  dateTime,
  dateTimeParam,
  lazy,
  limitParam,
  maybe,
  openEnum,
  responseObject,
} from '../internal/schemas.js';
import { model, paramsFor, type Wire } from '../internal/tie.js';

/** The kinds of revenue event (spec: Revenue event, list filter `event_type`). */
export const revenueEventTypes = [
  'checkout_confirmed',
  'subscription_charged',
  'refund',
  'adjustment_credit',
  'adjustment_debit',
  'chargeback',
] as const;
/** Kinds of revenue event (spec: Revenue event, list filter `event_type`). */
export type RevenueEventType = (typeof revenueEventTypes)[number];

/**
 * A money-affecting entry of the revenue ledger (spec: Resources, Revenue event). An event carries
 * only the ids that apply to it: a confirmed checkout has `checkout_id` and `tx_hash`, a
 * subscription charge has `subscription_id`, `customer_id` and `renewal_id`; the others may be
 * `null` or absent.
 */
export interface RevenueEvent {
  /** Identifier of the event. */
  id: string;
  /** Organization that owns the event. */
  org_id: string;
  /** Kind of event; the spec does not show whether events carry it, so it may be absent. */
  event_type?: RevenueEventType | Unrecognized;
  /** Amount of the event (a number, in `currency`). */
  amount: number;
  /** Currency code, for example `USD`. */
  currency: string;
  /** The checkout behind the event, prefix `co_`. */
  checkout_id?: string | null;
  /** The subscription charged, prefix `sub_`. */
  subscription_id?: string | null;
  /** The customer concerned, prefix `cus_`. */
  customer_id?: string | null;
  /** The subscription renewal charged. */
  renewal_id?: string | null;
  /** The manual adjustment behind the event. */
  adjustment_id?: string | null;
  /** On-chain transaction hash, when money moved on-chain. */
  tx_hash?: string | null;
  /** Free text describing the event. */
  description?: string | null;
  /** When the event happened (ISO 8601). */
  occurred_at: string;
  /** When the event was recorded (ISO 8601). */
  created_at: string;
}

const optionalString = /*@__PURE__*/ lazy(() => maybe(z.string()));

/**
 * Schema of {@link RevenueEvent}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const revenueEventSchema: () => z.ZodMiniType<RevenueEvent> = /*@__PURE__*/ lazy(() =>
  model<RevenueEvent>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      event_type: z.exactOptional(openEnum(revenueEventTypes)),
      amount: z.number(),
      currency: z.string(),
      checkout_id: optionalString(),
      subscription_id: optionalString(),
      customer_id: optionalString(),
      renewal_id: optionalString(),
      adjustment_id: optionalString(),
      tx_hash: optionalString(),
      description: optionalString(),
      occurred_at: dateTime(),
      created_at: dateTime(),
    }),
  ),
);

/** Parameters of `revenueEvents.list` (spec: GET /revenue/events). */
export interface RevenueEventListParams {
  /** Only events of this kind. */
  event_type?: RevenueEventType | undefined;
  /** Only events that occurred at or after this time: a `Date` or an ISO 8601 string. */
  date_from?: Date | string | undefined;
  /** Only events that occurred at or before this time: a `Date` or an ISO 8601 string. */
  date_to?: Date | string | undefined;
  /** Page size, 1 to 100; the API's default is 25. */
  limit?: number | undefined;
  /** The `next_cursor` of the previous page, as received. */
  cursor?: string | undefined;
}

/**
 * Options of `revenueEvents.watch` (docs/feed.md): the list's filters, where the feed
 * starts, how often it polls and how far back each poll looks, and the options of each poll (an
 * ordinary call: retries, hooks, spans). `date_from`, `date_to`, `cursor` and `limit` are the
 * feed's own on each poll, so they are refused here.
 */
export interface RevenueEventWatchOptions
  extends Omit<RevenueEventListParams, 'date_from' | 'date_to' | 'cursor' | 'limit'>,
    RequestOptions {
  /**
   * Where the feed starts: `'now'` (events that occur from now on, by this machine's clock), a
   * `Date` (events that occurred at or after it: a replay), or a checkpoint string
   * (`feed.checkpoint`: resume after the last event handled). A checkpoint of a feed with other
   * filters, of a newer format or damaged is refused with `ConfigurationError`.
   * @default 'now'
   */
  from?: 'now' | Date | (string & {}) | undefined;
  /**
   * Milliseconds between two polls once the feed is caught up, 1 to 2 147 483 647.
   * @default 5_000
   */
  pollIntervalMs?: number | undefined;
  /**
   * How far back, in ms, each poll reads behind the latest event yielded, so that an event
   * recorded late (with an earlier `occurred_at`) is still seen; one recorded later than this is
   * missed. A whole number, 0 to 2 147 483 647. Choose it from the service's lag.
   * @default 60_000
   */
  lookBackMs?: number | undefined;
  /** Ends the feed: the loop finishes without an error, and nothing is polled after. */
  signal?: AbortSignal | undefined;
}

/**
 * Schema of {@link RevenueEventListParams}, built on first use; the feed checks its filters with it.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const revenueEventListParams: () => z.ZodMiniType<
  Wire<RevenueEventListParams>,
  RevenueEventListParams
> = /*@__PURE__*/ lazy(() =>
  paramsFor<RevenueEventListParams>()(
    z.strictObject({
      event_type: z.optional(z.enum(revenueEventTypes)),
      date_from: z.optional(dateTimeParam()),
      date_to: z.optional(dateTimeParam()),
      limit: z.optional(limitParam()),
      cursor: z.optional(cursorParam()),
    }),
  ),
);

/** The `list` operation. @internal */
export const revenueEventListOperation: ListOperation<RevenueEventListParams, RevenueEvent> = {
  method: 'GET',
  path: '/revenue/events',
  params: revenueEventListParams,
  response: revenueEventSchema,
  paging: 'cursor',
};

/**
 * The revenue ledger's operations (spec: Revenue), each written once: the client's method sends it
 * and the fake's route answers it.
 *
 * @internal
 */
export const revenueEventOperations: { readonly list: ListOperation<RevenueEventListParams, RevenueEvent> } =
  { list: revenueEventListOperation };

/**
 * The revenue events resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const revenueEventSpec: ResourceSpec = {
  path: ['revenueEvents'],
  operations: revenueEventOperations,
  columns: [
    'id',
    'event_type',
    'amount',
    'currency',
    'checkout_id',
    'subscription_id',
    'customer_id',
    'tx_hash',
    'occurred_at',
    'created_at',
  ],
};
