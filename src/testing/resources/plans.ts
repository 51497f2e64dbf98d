import { type Plan, type PlanStatus, planSchema, planSpec, planStatuses } from '../../resources/plans.js';
import { type Known, type ResourceModule, seedsFrom } from '../resource.js';
import { enumValue, type Fields, numberValue } from '../seed/validate.js';
import { type CollectionKey, collectionKey } from '../state/scope.js';

/**
 * The fake's plan record: the spec's plan fields (no `environment`: the spec's plan table has
 * none) plus `status`, which the fake always stores so the list can filter on it.
 */
export type FakePlan = Known<Plan, { status: PlanStatus }>;

/** The plans of a scope. */
export const plans: CollectionKey<FakePlan> = collectionKey('plans');

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

const planSeeds = seedsFrom<PlanSeeds>({
  plan: (state, scope, fields) => {
    const check = { ...fields } as Fields;
    enumValue(check, 'status', planStatuses, false);
    numberValue(check, 'amount', { min: 0 });
    numberValue(check, 'interval_count', { min: 1, integer: true });
    numberValue(check, 'trial_days', { min: 0, integer: true });
    const now = state.now();
    return state.insert(plans, scope, {
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
      id: state.ids.id('plan'),
      org_id: scope.org_id,
    });
  },
});

/** Plans: seeded (the API only lists them), and what subscriptions and entitlements point at. */
export const planModule: ResourceModule = {
  collection: plans,
  columns: planSpec.columns,
  seeds: planSeeds,
  seedFile: { list: 'plans', seed: 'plan', schema: planSchema },
};
