import { planOperations } from '../../resources/plans.js';
import { type Route, route } from '../http/route.js';
import { plans } from '../resources/plans.js';

/** The plan endpoints (spec: GET /subscriptions/plans). The fake pages them, though the spec shows no paging. */
export const planRoutes: Route[] = [
  route(planOperations.list, ({ scope, params: { status }, page }) => ({
    status: 200,
    body: page(scope.of(plans), (plan) => status === undefined || plan.status === status),
  })),
];
