import * as z from 'zod/mini';
import type { Chain, Token } from '../core/types.js';
import type { Operation } from '../internal/operation.js';
import {
  amountParam,
  chainParam,
  cursorParam,
  dateTimeParam,
  lazy,
  limitParam,
  maxString,
  tokenParam,
} from '../internal/schemas.js';
import { paramsFor } from '../internal/tie.js';
import {
  type PayoutReferenceType,
  type PayoutStatus,
  payoutReferenceTypes,
  payoutStatuses,
  payoutUpdateStatuses,
} from './intent.js';
import { moneyCheck, moneyChecks } from './money-checks.js';

// The params of the payout methods and their schemas; the operations and the class are in
// payouts.ts, the model in payout-intent.ts.

/** Parameters of {@link Payouts.create} (spec: POST /payouts). */
export interface PayoutCreateParams {
  /** Blockchain address to send to, one of `chain` (its form and checksum are checked: docs/money.md). */
  recipient_address: string;
  /** Network of the transfer. */
  chain: Chain;
  /** Stablecoin to send: one the chain has (base has USDC only). */
  token: Token;
  /** Amount in token units (not atomic units), at least 0.01, at most 6 decimals. */
  amount: number;
  /**
   * Currency code, for example `USD`: a non-empty string, sent as given and kept on the payout
   * (docs/money.md, "Currency"). The amount is in token units whatever it says.
   */
  currency: string;
  /** Free text, at most 512 characters. */
  description?: string | null | undefined;
  /** Type of the referenced entity. */
  reference_type?: PayoutReferenceType | undefined;
  /** Identifier of the referenced entity. */
  reference_id?: string | null | undefined;
  /** When the payout is due: a `Date` or an ISO 8601 string. */
  due_date?: Date | string | null | undefined;
}

/** Parameters of {@link Payouts.list} (spec: GET /payouts). */
export interface PayoutListParams {
  /** Only payouts in this state. */
  status?: PayoutStatus | undefined;
  /** Only payouts due before this time: a `Date` or an ISO 8601 string. */
  due_date_before?: Date | string | undefined;
  /** Only payouts due after this time: a `Date` or an ISO 8601 string. */
  due_date_after?: Date | string | undefined;
  /** Page size, 1 to 100; the API's default is 25. */
  limit?: number | undefined;
  /** The `next_cursor` of the previous page, as received. */
  cursor?: string | undefined;
}

/** Parameters of {@link Payouts.update} (spec: PATCH /payouts/{id}). */
export interface PayoutUpdateParams {
  /** `approved` or `canceled`; only a `draft` payout accepts either (else 409 `ConflictError`). */
  status?: (typeof payoutUpdateStatuses)[number] | undefined;
  /** Free text, at most 512 characters. */
  description?: string | null | undefined;
  /** When the payout is due: a `Date` or an ISO 8601 string. */
  due_date?: Date | string | null | undefined;
}

const requiredString = /*@__PURE__*/ lazy(() => z.string().check(z.minLength(1)));
// A payout's free text, at most 512 characters (spec: Limits), on create and update alike.
const description = () => z.optional(z.nullable(maxString(512)));

const createFields = () =>
  z.strictObject({
    recipient_address: requiredString(),
    chain: chainParam(),
    token: tokenParam(),
    amount: amountParam(),
    currency: requiredString(),
    description: description(),
    reference_type: z.optional(z.enum(payoutReferenceTypes)),
    reference_id: z.optional(z.nullable(z.string())),
    due_date: z.optional(z.nullable(dateTimeParam())),
  });

/**
 * The params schema of `create`: the fields, then the money checks (money-checks.ts),
 * each issue tagged with its rule for `payouts.preview`. The operation's, so the fake refuses what
 * the client refuses.
 *
 * @internal
 */
export const payoutCreateSchema: NonNullable<Operation<PayoutCreateParams>['params']> = /*@__PURE__*/ lazy(
  () => paramsFor<PayoutCreateParams>()(createFields().check(moneyCheck(moneyChecks(true)))),
);
/**
 * The params schema of `create` for a client with `checkAddresses: false`: every other check
 * stays (the fake keeps this one on).
 *
 * @internal
 */
export const payoutCreateSchemaUnchecked: NonNullable<Operation<PayoutCreateParams>['params']> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<PayoutCreateParams>()(createFields().check(moneyCheck(moneyChecks(false)))),
  );
/**
 * The fields of `create` alone: `payouts.preview` reads the body of params that only a money check
 * refused.
 *
 * @internal
 */
export const payoutCreateFields: NonNullable<Operation<PayoutCreateParams>['params']> = /*@__PURE__*/ lazy(
  () => paramsFor<PayoutCreateParams>()(createFields()),
);

/**
 * The params schema of `list`.
 *
 * @internal
 */
export const payoutListSchema: NonNullable<Operation<PayoutListParams>['params']> = /*@__PURE__*/ lazy(() =>
  paramsFor<PayoutListParams>()(
    z.strictObject({
      status: z.optional(z.enum(payoutStatuses)),
      due_date_before: z.optional(dateTimeParam()),
      due_date_after: z.optional(dateTimeParam()),
      limit: z.optional(limitParam()),
      cursor: z.optional(cursorParam()),
    }),
  ),
);

/**
 * The params schema of `update`, and of `approve` and `cancel`.
 *
 * @internal
 */
export const payoutUpdateSchema: NonNullable<Operation<PayoutUpdateParams>['params']> = /*@__PURE__*/ lazy(
  () =>
    paramsFor<PayoutUpdateParams>()(
      z.strictObject({
        status: z.optional(z.enum(payoutUpdateStatuses)),
        description: description(),
        due_date: z.optional(z.nullable(dateTimeParam())),
      }),
    ),
);
