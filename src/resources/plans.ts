import * as z from 'zod/mini';
import type { ChainbillCore } from '../core/chainbill-core.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request-options.js';
import { APIResource } from '../core/resource.js';
import type { Unrecognized } from '../core/types.js';
import { callList } from '../internal/call.js';
import type { ListOperation } from '../internal/operation.js';
import type { ResourceSpec } from '../internal/resource-spec.js';
import { dateTime, lazy, openEnum, responseObject } from '../internal/schemas.js';
import { model, paramsFor } from '../internal/tie.js';

/** The plan states (spec: Plan status values). */
export const planStatuses = ['active', 'archived'] as const;
/**
 * Plan states (spec: Plan status values): `active` (available for new subscriptions) or
 * `archived` (no longer available for new subscriptions).
 */
export type PlanStatus = (typeof planStatuses)[number];

/** A subscription plan (spec: Resources, Subscription plan). Plans are created outside the API. */
export interface Plan {
  /** Identifier, prefix `plan_`. */
  id: string;
  /** Organization that owns the plan. */
  org_id: string;
  /** Name of the plan. */
  name: string;
  /** Description of the plan. */
  description: string;
  /** Price per billing period. */
  amount: number;
  /** Currency code of `amount`, for example `USD`. */
  currency: string;
  /** Number of intervals per billing period. */
  interval_count: number;
  /** Days of free trial before the first charge. */
  trial_days: number;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
  /** `active` or `archived`; the spec does not show whether plans carry it, so it may be absent. */
  status?: PlanStatus | Unrecognized;
}

/**
 * Schema of {@link Plan}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const planSchema: () => z.ZodMiniType<Plan> = /*@__PURE__*/ lazy(() =>
  model<Plan>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      name: z.string(),
      description: z.string(),
      amount: z.number(),
      currency: z.string(),
      interval_count: z.int(),
      trial_days: z.int(),
      created_at: dateTime(),
      updated_at: dateTime(),
      status: z.exactOptional(openEnum(planStatuses)),
    }),
  ),
);

/** Parameters of {@link Plans.list} (spec: GET /subscriptions/plans). */
export interface PlanListParams {
  /** Only plans in this state. */
  status?: PlanStatus | undefined;
}

// The spec lists no `cursor` or `limit` for this list: the cursor a server's `next_cursor` hands
// back is the paging's, not the caller's.
const listParams = /*@__PURE__*/ lazy(() =>
  paramsFor<PlanListParams>()(z.strictObject({ status: z.optional(z.enum(planStatuses)) })),
);

/** The `list` operation. @internal */
export const planListOperation: ListOperation<PlanListParams, Plan> = {
  method: 'GET',
  path: '/subscriptions/plans',
  params: listParams,
  response: planSchema,
  paging: 'cursor',
};

/**
 * The plan operations (spec: GET /subscriptions/plans), each written once: the client's method
 * sends it and the fake's route answers it. No paging is documented; a `next_cursor` is followed.
 *
 * @internal
 */
export const planOperations: { readonly list: ListOperation<PlanListParams, Plan> } = {
  list: planListOperation,
};

/**
 * The plans resource as data: its place on a client, its operations, its table's columns.
 *
 * @internal
 */
export const planSpec: ResourceSpec = {
  path: ['plans'],
  operations: planOperations,
  columns: ['id', 'status', 'amount', 'currency', 'name', 'interval_count', 'trial_days', 'created_at'],
};

/**
 * Lists the organization's subscription plans (spec: GET /subscriptions/plans). The spec
 * documents no paging for this list; a `next_cursor` from the server is followed all the same.
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - `status`: `active` or `archived`.
 * @param options - Per-call options, used for every page.
 * @returns The first page; iterate with `for await` for every plan.
 * @throws {RequestValidationError} on a bad filter, before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * for await (const plan of plansList(core, { status: 'active' })) {
 *   console.log(plan.id, plan.name, plan.amount, plan.currency);
 * }
 * ```
 */
export function plansList(
  core: ChainbillCore,
  params: PlanListParams = {},
  options?: RequestOptions,
): PagePromise<Plan> {
  return callList(core, planListOperation, { params }, options);
}

/** Subscription plans: list (spec: GET /subscriptions/plans). */
export class Plans extends APIResource {
  /**
   * Lists the organization's subscription plans (spec: GET /subscriptions/plans). The spec
   * documents no paging for this list; a `next_cursor` from the server is followed all the same.
   *
   * @param params - `status`: `active` or `archived`.
   * @param options - Per-call options, used for every page.
   * @returns The first page; iterate with `for await` for every plan.
   * @throws {RequestValidationError} on a bad filter, before sending.
   * @throws {AuthenticationError} on a rejected key; {@link APIError} subclasses on other errors.
   * @example
   * ```ts
   * for await (const plan of chainbill.plans.list({ status: 'active' })) {
   *   console.log(plan.id, plan.name, plan.amount, plan.currency);
   * }
   * ```
   */
  list(params: PlanListParams = {}, options?: RequestOptions): PagePromise<Plan> {
    return plansList(this._core, params, options);
  }
}
