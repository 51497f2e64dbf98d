import type { Wire } from '../../internal/tie.js';
import { payoutOperations } from '../../payouts/operations.js';
import type { PayoutListParams, PayoutUpdateParams } from '../../payouts/params.js';
import { conflict, notFound } from '../http/errors.js';
import { type Route, type RouteContext, route } from '../http/route.js';
import { type FakePayout, payoutLifecycle, payouts } from '../resources/payout-lifecycle.js';
import { createPayout, isoOrKeep } from '../resources/payouts.js';
import { transition } from '../state/lifecycle.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

function updatePayout(
  state: FakeState,
  scope: Scope,
  id: string,
  params: Wire<PayoutUpdateParams>,
): FakePayout {
  const payout = scope.of(payouts).get(id);
  if (!payout) throw notFound('payout intent', id);
  const { status, description } = params;
  const dueDate = isoOrKeep(params.due_date);
  if (status !== undefined && payout.status !== 'draft') {
    throw conflict(`Only a draft payout can be ${status}; ${id} is ${payout.status}.`);
  }
  if (description !== undefined) payout.description = description;
  if (dueDate !== undefined) payout.due_date = dueDate;
  payout.updated_at = state.now();
  if (status !== undefined) transition(payoutLifecycle, state, scope, payout, status);
  return payout;
}

function listPayouts({ scope, params, page }: RouteContext<Wire<PayoutListParams>>) {
  const status = params.status;
  const before = isoOrKeep(params.due_date_before);
  const after = isoOrKeep(params.due_date_after);
  return page(scope.of(payouts), (payout) => {
    if (status !== undefined && payout.status !== status) return false;
    if ((before || after) && payout.due_date === null) return false;
    if (before && payout.due_date !== null && !(payout.due_date < before)) return false;
    if (after && payout.due_date !== null && !(payout.due_date > after)) return false;
    return true;
  });
}

/** The payout endpoints (spec: Payouts). */
export const payoutRoutes: Route[] = [
  route(payoutOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createPayout(state, scope, params),
  })),
  route(payoutOperations.list, (context) => ({ status: 200, body: listPayouts(context) })),
  route(payoutOperations.update, ({ state, scope, id, params }) => ({
    status: 200,
    body: updatePayout(state, scope, id, params),
  })),
];
