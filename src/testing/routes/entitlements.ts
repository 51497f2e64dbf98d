import {
  type Entitlement,
  type EntitlementValueType,
  entitlementValueTypes,
} from '../../resources/entitlements.js';
import { FakeApiError, notFound } from '../errors.js';
import type { Route } from '../router.js';
import { type FakeState, newId, type Scope } from '../state.js';
import {
  booleanValue,
  enumValue,
  type Fields,
  numberValue,
  onlyFields,
  optionalString,
  requiredString,
} from '../validate.js';
import type { FakePlan } from './plans.js';

const valueFieldNames = ['value_boolean', 'value_numeric', 'value_string'] as const;

/** The fake's entitlement record: the wire shape, with `value_type` known. */
export type FakeEntitlement = Entitlement & { value_type: EntitlementValueType };

type Values = Pick<FakeEntitlement, 'value_type' | (typeof valueFieldNames)[number]>;

const entitlementsOf = (scope: Scope) => scope.collection<FakeEntitlement>('entitlements');

/** The plan must exist in the caller's scope: 404 `resource_missing` naming `plan_id`. */
function requirePlan(scope: Scope, planId: string): void {
  if (!scope.collection<FakePlan>('plans').get(planId)) {
    throw new FakeApiError(
      404,
      'invalid_request_error',
      'resource_missing',
      `No such plan: ${planId}`,
      'plan_id',
    );
  }
}

/** The value fields a request sets, type-checked; absent ones stay `undefined`. */
function readValues(body: Fields): Partial<Values> {
  const values: Partial<Values> = {};
  const type = enumValue(body, 'value_type', entitlementValueTypes, false);
  const bool = body['value_boolean'] === null ? null : booleanValue(body, 'value_boolean');
  const numeric = numberValue(body, 'value_numeric', { nullable: true });
  const text = optionalString(body, 'value_string', { nullable: true });
  if (type !== undefined) values.value_type = type;
  if (bool !== undefined) values.value_boolean = bool;
  if (numeric !== undefined) values.value_numeric = numeric;
  if (text !== undefined) values.value_string = text;
  return values;
}

/**
 * The values stored for a type: the matching field must hold a value (400 naming it), and the
 * others are stored as `null` (spec: "the value field matching value_type is the one used").
 */
function resolveValues(type: EntitlementValueType, values: Partial<Values>, current?: Values): Values {
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

function createEntitlement(state: FakeState, scope: Scope, body: Fields): FakeEntitlement {
  onlyFields(body, ['plan_id', 'feature_key', 'value_type', ...valueFieldNames]);
  const planId = requiredString(body, 'plan_id');
  const featureKey = requiredString(body, 'feature_key', 256);
  const type = enumValue(body, 'value_type', entitlementValueTypes, true) as EntitlementValueType;
  const values = resolveValues(type, readValues(body));
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
  return entitlementsOf(scope).insert({
    id: newId('ent_'),
    org_id: scope.org_id,
    plan_id: planId,
    feature_key: featureKey,
    ...values,
    environment: scope.environment,
    created_at: now,
    updated_at: now,
  });
}

function updateEntitlement(state: FakeState, scope: Scope, id: string, body: Fields): FakeEntitlement {
  onlyFields(body, ['value_type', ...valueFieldNames]);
  const entitlement = entitlementsOf(scope).get(id);
  if (!entitlement) throw notFound('entitlement', id);
  const values = readValues(body);
  const resolved = resolveValues(values.value_type ?? entitlement.value_type, values, entitlement);
  return Object.assign(entitlement, resolved, { updated_at: state.now() });
}

function listEntitlements(scope: Scope, query: Fields) {
  onlyFields(query, ['plan_id', 'cursor']);
  const planId = requiredString(query, 'plan_id');
  requirePlan(scope, planId);
  return entitlementsOf(scope).page(query, (e) => e.plan_id === planId);
}

function deleteEntitlement(scope: Scope, id: string): { id: string; deleted: true } {
  if (!entitlementsOf(scope).delete(id)) throw notFound('entitlement', id);
  return { id, deleted: true };
}

/** The entitlement endpoints (spec: Entitlements). */
export const entitlementRoutes: Route[] = [
  {
    method: 'POST',
    path: '/subscriptions/entitlements',
    handle: ({ state, scope, body }) => ({ status: 201, body: createEntitlement(state, scope, body) }),
  },
  {
    method: 'GET',
    path: '/subscriptions/entitlements',
    handle: ({ scope, query }) => ({ status: 200, body: listEntitlements(scope, query) }),
  },
  {
    method: 'PATCH',
    path: '/subscriptions/entitlements/{id}',
    handle: ({ state, scope, params, body }) => ({
      status: 200,
      body: updateEntitlement(state, scope, params['id'] ?? '', body),
    }),
  },
  {
    method: 'DELETE',
    path: '/subscriptions/entitlements/{id}',
    handle: ({ scope, params }) => ({ status: 200, body: deleteEntitlement(scope, params['id'] ?? '') }),
  },
];
