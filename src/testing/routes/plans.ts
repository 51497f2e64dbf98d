import { type Plan, planOperations, planStatuses } from '../../resources/plans.js';
import type { FakePlan } from '../records.js';
import { type Route, route } from '../route.js';
import type { Scope } from '../scope.js';
import { type FakeState, newId } from '../state.js';
import { enumValue, type Fields, numberValue } from '../validate.js';

const plansOf = (scope: Scope) => scope.plans;

/** The plan endpoints (spec: GET /subscriptions/plans). The fake pages them, though the spec shows no paging. */
export const planRoutes: Route[] = [
  route(planOperations.list, ({ scope, params: { status }, page }) => ({
    status: 200,
    body: page(plansOf(scope), (plan) => status === undefined || plan.status === status),
  })),
];

/** Creates plans directly (`fake.seed`): the spec shows no way to create them through the API. */
export interface PlanSeeds {
  /**
   * Adds a plan to the key's organization (default: the fake's sandbox key). Defaults: name
   * `Pro`, empty description, 10 USD, `interval_count` 1, no trial, status `active`.
   *
   * @param fields - Fields to set; the rest take the defaults above.
   * @param options - `apiKey`: whose organization and environment get it (default `fake.apiKey`).
   * @returns The stored plan, in its wire shape.
   */
  plan(fields?: Partial<Plan>, options?: { apiKey?: string }): Plan;
}

/** @returns The plan seeds bound to the fake's state; `scopeOf` gives the scope of a key. */
export function planSeeds(state: FakeState, scopeOf: (apiKey?: string) => Scope): PlanSeeds {
  return {
    plan: (fields = {}, options = {}) => {
      const scope = scopeOf(options.apiKey);
      const check = { ...fields } as Fields;
      enumValue(check, 'status', planStatuses, false);
      numberValue(check, 'amount', { min: 0 });
      numberValue(check, 'interval_count', { min: 1, integer: true });
      numberValue(check, 'trial_days', { min: 0, integer: true });
      const now = state.now();
      return plansOf(scope).insert({
        name: 'Pro',
        description: '',
        amount: 10,
        currency: 'USD',
        interval_count: 1,
        trial_days: 0,
        status: 'active',
        created_at: now,
        updated_at: now,
        ...(fields as Partial<FakePlan>),
        id: newId('plan'),
        org_id: scope.org_id,
      });
    },
  };
}
