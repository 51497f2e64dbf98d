import type { Wire } from '../../internal/tie.js';
import type {
  EntitlementCreateParams,
  EntitlementUpdateParams,
  EntitlementValueType,
} from '../../resources/entitlements/model.js';
import { entitlementOperations } from '../../resources/entitlements/operations.js';
import { FakeApiError, notFound } from '../http/errors.js';
import { type Route, route } from '../http/route.js';
import { entitlements, type FakeEntitlement } from '../resources/entitlements.js';
import { plans } from '../resources/plans.js';
import type { Scope } from '../state/scope.js';
import type { FakeState } from '../state/state.js';

type Values = Pick<FakeEntitlement, 'value_type' | `value_${EntitlementValueType}`>;

/** The value fields a request sets, as its params schema reads them; absent ones are `undefined`. */
type RequestValues = { [K in keyof Values]?: Values[K] | undefined };

const entitlementsOf = (scope: Scope) => scope.of(entitlements);

/** The plan must exist in the caller's scope: 404 `resource_missing` naming `plan_id`. */
function requirePlan(scope: Scope, planId: string): void {
  if (!scope.of(plans).get(planId)) {
    throw new FakeApiError(
      404,
      'invalid_request_error',
      'resource_missing',
      `No such plan: ${planId}`,
      'plan_id',
    );
  }
}

/**
 * The values stored for a type: the matching field must hold a value (400 naming it), and the
 * others are stored as `null` (spec: "the value field matching value_type is the one used").
 */
function resolveValues(type: EntitlementValueType, values: RequestValues, current?: Values): Values {
  const field = `value_${type}` as const;
  const value = values[field] === undefined ? current?.[field] : values[field];
  if (value === undefined || value === null) {
    throw new FakeApiError(
      400,
      'invalid_request_error',
      'parameter_missing',
      `${field} is required when value_type is ${type}`,
      field,
    );
  }
  return { value_type: type, value_boolean: null, value_numeric: null, value_string: null, [field]: value };
}

function createEntitlement(
  state: FakeState,
  scope: Scope,
  params: Wire<EntitlementCreateParams>,
): FakeEntitlement {
  const { plan_id: planId, feature_key: featureKey } = params;
  const values = resolveValues(params.value_type, params);
  requirePlan(scope, planId);
  const taken = entitlementsOf(scope)
    .all()
    .some((e) => e.plan_id === planId && e.feature_key === featureKey);
  if (taken) {
    throw new FakeApiError(
      409,
      'invalid_request_error',
      'invalid_state',
      `Plan ${planId} already has an entitlement for feature_key ${featureKey}.`,
      'feature_key',
    );
  }
  const now = state.now();
  return state.insert(entitlements, scope, {
    id: state.ids.id('entitlement'),
    org_id: scope.org_id,
    plan_id: planId,
    feature_key: featureKey,
    ...values,
    environment: scope.environment,
    created_at: now,
    updated_at: now,
  });
}

function updateEntitlement(
  state: FakeState,
  scope: Scope,
  id: string,
  values: Wire<EntitlementUpdateParams>,
): FakeEntitlement {
  const entitlement = entitlementsOf(scope).get(id);
  if (!entitlement) throw notFound('entitlement', id);
  const resolved = resolveValues(values.value_type ?? entitlement.value_type, values, entitlement);
  return Object.assign(entitlement, resolved, { updated_at: state.now() });
}

function deleteEntitlement(scope: Scope, id: string): { id: string; deleted: true } {
  if (!entitlementsOf(scope).delete(id)) throw notFound('entitlement', id);
  return { id, deleted: true };
}

/** The entitlement endpoints (spec: Entitlements). */
export const entitlementRoutes: Route[] = [
  route(entitlementOperations.create, ({ state, scope, params }) => ({
    status: 201,
    body: createEntitlement(state, scope, params),
  })),
  // The spec shows no paging for this list; the fake pages it all the same.
  route(entitlementOperations.list, ({ scope, params: { plan_id: planId }, page }) => {
    requirePlan(scope, planId);
    return { status: 200, body: page(entitlementsOf(scope), (e) => e.plan_id === planId) };
  }),
  route(entitlementOperations.update, ({ state, scope, id, params }) => ({
    status: 200,
    body: updateEntitlement(state, scope, id, params),
  })),
  route(entitlementOperations.delete, ({ scope, id }) => ({
    status: 200,
    body: deleteEntitlement(scope, id),
  })),
];
