import type { Wire } from '../../internal/tie.js';
import { type PayoutSettlementListParams, payoutSettlementOperations } from '../../payouts/settlements.js';
import { type Route, type RouteContext, route } from '../http/route.js';
import { payoutSettlements } from '../resources/payout-settlements.js';

function listSettlements({ scope, params, page }: RouteContext<Wire<PayoutSettlementListParams>>) {
  const { payout_intent_id: payoutId, chain } = params;
  return page(
    scope.of(payoutSettlements),
    (record) =>
      (payoutId === undefined || record.payout_intent_id === payoutId) &&
      (chain === undefined || record.chain === chain),
  );
}

/** The payout settlement endpoint (spec: Payouts, `GET /payouts/settlements`). */
export const payoutSettlementRoutes: Route[] = [
  route(payoutSettlementOperations.list, (context) => ({ status: 200, body: listSettlements(context) })),
];
