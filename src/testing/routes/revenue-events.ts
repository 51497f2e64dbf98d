import type { Wire } from '../../internal/tie.js';
import {
  type RevenueEventListParams,
  revenueEventOperations,
  revenueEventTypes,
} from '../../resources/revenue-event.js';
import { recordRevenueEvent } from '../ledger.js';
import type { FakeRevenueEvent } from '../records.js';
import { type Route, type RouteContext, route } from '../route.js';
import type { Scope } from '../scope.js';
import type { FakeState } from '../state.js';
import { dateTimeValue, enumValue } from '../validate.js';

function listEvents({ scope, params, page }: RouteContext<Wire<RevenueEventListParams>>) {
  const { event_type: eventType, date_from: from, date_to: to } = params;
  const fromMs = from ? Date.parse(from) : Number.NEGATIVE_INFINITY;
  const toMs = to ? Date.parse(to) : Number.POSITIVE_INFINITY;
  return page(scope.revenueEvents, (event) => {
    const at = Date.parse(event.occurred_at);
    return (eventType === undefined || event.event_type === eventType) && at >= fromMs && at <= toMs;
  });
}

/** The revenue ledger endpoint (spec: Revenue). */
export const revenueEventRoutes: Route[] = [
  route(revenueEventOperations.list, (context) => ({ status: 200, body: listEvents(context) })),
];

/** Adds entries to the revenue ledger directly (`fake.seed`), for tests. */
export interface RevenueEventSeeds {
  /**
   * Appends an event to the ledger of the key's organization (default: the fake's sandbox key).
   * Defaults: `event_type` `adjustment_credit`, `amount` 10, `currency` `USD`, `occurred_at` and
   * `created_at` the fake clock's now, every id `null`. Events list in the order they are added,
   * newest first, whatever their `occurred_at`.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored event.
   * @throws {FakeApiError} 400 on an unknown `event_type` or a malformed `occurred_at`.
   */
  revenueEvent(fields?: Partial<FakeRevenueEvent>, options?: { apiKey?: string }): FakeRevenueEvent;
}

/** @returns The revenue event seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function revenueEventSeeds(state: FakeState, scopeOf: (apiKey?: string) => Scope): RevenueEventSeeds {
  return {
    revenueEvent: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      const eventType = enumValue(fields, 'event_type', revenueEventTypes, false) ?? 'adjustment_credit';
      const occurredAt = dateTimeValue(fields, 'occurred_at') ?? state.now();
      const { id: _id, org_id: _org, ...rest } = fields;
      return recordRevenueEvent(scope, state.now(), {
        amount: 10,
        currency: 'USD',
        ...rest,
        event_type: eventType,
        occurred_at: occurredAt,
      });
    },
  };
}
