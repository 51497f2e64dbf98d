// Entitlements (spec: Entitlements): the model and its response schema, the params and their schemas.
import * as z from 'zod/mini';
import type { Environment, Unrecognized } from '../../core/types.js';
import { idPrefixes } from '../../internal/ids.js';
import type { Operation } from '../../internal/operation.js';
import {
  dateTime,
  environmentField,
  idParam,
  lazy,
  maxString,
  openEnum,
  responseObject,
} from '../../internal/schemas.js';
import { model, paramsFor } from '../../internal/tie.js';

/** The types an entitlement's value can have (spec: Entitlement `value_type`). */
export const entitlementValueTypes = ['boolean', 'numeric', 'string'] as const;
/** How an entitlement's value is typed (spec: Entitlement `value_type`); it picks the value field used. */
export type EntitlementValueType = (typeof entitlementValueTypes)[number];

/** A feature entitlement attached to a plan (spec: Resources, Entitlement). */
export interface Entitlement {
  /** Identifier, prefix `ent_`. */
  id: string;
  /** Organization that owns the plan. */
  org_id: string;
  /** The plan the entitlement belongs to, prefix `plan_`. */
  plan_id: string;
  /** Unique key identifying the feature, up to 256 characters. */
  feature_key: string;
  /** Which of `value_boolean`, `value_numeric`, `value_string` holds the value. */
  value_type: EntitlementValueType | Unrecognized;
  /** The value when `value_type` is `boolean`. */
  value_boolean: boolean | null;
  /** The value when `value_type` is `numeric`. */
  value_numeric: number | null;
  /** The value when `value_type` is `string`. */
  value_string: string | null;
  /** `live` or `sandbox`. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
}

/**
 * Schema of {@link Entitlement}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const entitlementSchema: () => z.ZodMiniType<Entitlement> = /*@__PURE__*/ lazy(() =>
  model<Entitlement>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      plan_id: z.string(),
      feature_key: z.string(),
      value_type: openEnum(entitlementValueTypes),
      value_boolean: z.nullable(z.boolean()),
      value_numeric: z.nullable(z.number()),
      value_string: z.nullable(z.string()),
      environment: environmentField(),
      created_at: dateTime(),
      updated_at: dateTime(),
    }),
  ),
);

/** Parameters of {@link Entitlements.create} (spec: POST /subscriptions/entitlements). */
export interface EntitlementCreateParams {
  /** The plan to attach the entitlement to, prefix `plan_`. */
  plan_id: string;
  /** Unique key identifying the feature, 1 to 256 characters. */
  feature_key: string;
  /** Which value field is used; that field is required. */
  value_type: EntitlementValueType;
  /** The value, required when `value_type` is `boolean`. */
  value_boolean?: boolean | null | undefined;
  /** The value, required when `value_type` is `numeric`. */
  value_numeric?: number | null | undefined;
  /** The value, required when `value_type` is `string`. */
  value_string?: string | null | undefined;
}

/** Parameters of {@link Entitlements.list} (spec: GET /subscriptions/entitlements). */
export interface EntitlementListParams {
  /** The plan whose entitlements to list, prefix `plan_`. Required. */
  plan_id: string;
}

/** Parameters of {@link Entitlements.update} (spec: PATCH /subscriptions/entitlements/{id}). */
export interface EntitlementUpdateParams {
  /** Which value field is used from now on. */
  value_type?: EntitlementValueType | undefined;
  /** The value when `value_type` is `boolean`. */
  value_boolean?: boolean | null | undefined;
  /** The value when `value_type` is `numeric`. */
  value_numeric?: number | null | undefined;
  /** The value when `value_type` is `string`. */
  value_string?: string | null | undefined;
}

const entitlementValueFields = /*@__PURE__*/ lazy(() => ({
  value_boolean: z.optional(z.nullable(z.boolean())),
  value_numeric: z.optional(z.nullable(z.number())),
  value_string: z.optional(z.nullable(z.string())),
}));

type ValueParams = Pick<EntitlementCreateParams, 'value_type'> &
  Partial<Record<`value_${EntitlementValueType}`, unknown>>;

/** The spec: "the value field matching value_type is the one used", so it must be there. */
function matchingValue(type: EntitlementValueType) {
  const field = `value_${type}` as const;
  return z.refine<ValueParams>(
    (params) => params.value_type !== type || (params[field] !== undefined && params[field] !== null),
    { path: [field], error: `is required when value_type is ${type}` },
  );
}

/**
 * The params schema of `create`, the operation's.
 *
 * @internal
 */
export const entitlementCreateParamsSchema: NonNullable<Operation<EntitlementCreateParams>['params']> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<EntitlementCreateParams>()(
      z
        .strictObject({
          plan_id: idParam(idPrefixes.plan),
          feature_key: maxString(256).check(z.minLength(1)),
          value_type: z.enum(entitlementValueTypes),
          ...entitlementValueFields(),
        })
        .check(matchingValue('boolean'), matchingValue('numeric'), matchingValue('string')),
    ),
  );

// The spec lists no `cursor` or `limit` for this list: the cursor a server's `next_cursor` hands
// back is the paging's, not the caller's.
/**
 * The params schema of `list`, the operation's.
 *
 * @internal
 */
export const entitlementListParamsSchema: NonNullable<Operation<EntitlementListParams>['params']> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<EntitlementListParams>()(z.strictObject({ plan_id: idParam(idPrefixes.plan) })),
  );

/**
 * The params schema of `update`, the operation's.
 *
 * @internal
 */
export const entitlementUpdateParamsSchema: NonNullable<Operation<EntitlementUpdateParams>['params']> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<EntitlementUpdateParams>()(
      z.strictObject({ value_type: z.optional(z.enum(entitlementValueTypes)), ...entitlementValueFields() }),
    ),
  );
