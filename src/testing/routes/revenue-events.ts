import type { Wire } from '../../internal/tie.js';
import { type RevenueEventListParams, revenueEventOperations } from '../../revenue-events/event.js';
import { type Route, type RouteContext, route } from '../http/route.js';
import { revenueEvents } from '../resources/revenue-events.js';

function listEvents({ scope, params, page }: RouteContext<Wire<RevenueEventListParams>>) {
  const { event_type: eventType, date_from: from, date_to: to } = params;
  const fromMs = from ? Date.parse(from) : Number.NEGATIVE_INFINITY;
  const toMs = to ? Date.parse(to) : Number.POSITIVE_INFINITY;
  return page(scope.of(revenueEvents), (event) => {
    const at = Date.parse(event.occurred_at);
    return (eventType === undefined || event.event_type === eventType) && at >= fromMs && at <= toMs;
  });
}

/** The revenue ledger endpoint (spec: Revenue). */
export const revenueEventRoutes: Route[] = [
  route(revenueEventOperations.list, (context) => ({ status: 200, body: listEvents(context) })),
];
