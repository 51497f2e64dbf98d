import * as z from 'zod/mini';
import type { PayoutPolicyRule } from '../core/payout-policy.js';
import type { Chain, Token } from '../core/types.js';
import { moneyCheck, moneyChecks } from '../internal/money-checks.js';
import { amountParam, chainParam, dateTimeParam, lazy, maxString, tokenParam } from '../internal/schemas.js';
import { paramsFor } from '../internal/tie.js';
import { type PayoutReferenceType, payoutReferenceTypes } from './payout-intent.js';

// What a payout sends, and what `payouts.preview` answers about it (docs/money.md, "Preview"): the
// create params and their schema; the checks run in internal/payout-checks.ts, the methods are
// in payouts.ts.

/** Parameters of {@link Payouts.create} (spec: POST /payouts). */
export interface PayoutCreateParams {
  /** Blockchain address to send to. */
  recipient_address: string;
  /** Network of the transfer. */
  chain: Chain;
  /** Stablecoin to send: one the chain has (base has USDC only). */
  token: Token;
  /** Amount in token units, at least 0.01. */
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

const requiredString = /*@__PURE__*/ lazy(() => z.string().check(z.minLength(1)));

/**
 * A payout's free text, at most 512 characters (spec: Limits), on create and update alike.
 *
 * @internal
 */
export const payoutDescription = (): z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniType<string, string>>> =>
  z.optional(z.nullable(maxString(512)));

const createFields = () =>
  z.strictObject({
    recipient_address: requiredString(),
    chain: chainParam(),
    token: tokenParam(),
    amount: amountParam(),
    currency: requiredString(),
    description: payoutDescription(),
    reference_type: z.optional(z.enum(payoutReferenceTypes)),
    reference_id: z.optional(z.nullable(z.string())),
    due_date: z.optional(z.nullable(dateTimeParam())),
  });

/**
 * The create params schema: the fields, then the money checks (internal/money-checks.ts), each
 * issue tagged with its rule. The operation's, so the fake refuses what the client refuses.
 *
 * @internal
 */
export const createPayoutParams: () => z.ZodMiniType<PayoutCreateBody, PayoutCreateParams> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<PayoutCreateParams>()(createFields().check(moneyCheck(moneyChecks(true)))),
  );

/**
 * The client's `checkAddresses: false`: every other check stays (the fake keeps this one on).
 *
 * @internal
 */
export const createPayoutParamsUnchecked: () => z.ZodMiniType<PayoutCreateBody, PayoutCreateParams> =
  /*@__PURE__*/ lazy(() =>
    paramsFor<PayoutCreateParams>()(createFields().check(moneyCheck(moneyChecks(false)))),
  );

/**
 * The fields alone: the body of params that only a money check refused, for the preview.
 *
 * @internal
 */
export const createPayoutFields: () => z.ZodMiniType<PayoutCreateBody, PayoutCreateParams> =
  /*@__PURE__*/ lazy(() => paramsFor<PayoutCreateParams>()(createFields()));

/**
 * A check of a payout, as `payouts.preview` reports it and `payouts.create` runs it:
 *
 * - `params`: the params schema (required fields, types, enums, limits, unknown keys);
 * - `amount`: no more decimals than the token has (6);
 * - `token`: a token the chain has (base: USDC only);
 * - `address`: an address of the chain, not the zero address, not a token's contract (left out
 *   with `checkAddresses: false`);
 * - `policy.chain`, `policy.token`, `policy.max_amount`, `policy.recipient`: the client's
 *   `payoutPolicy`, each only when the policy sets it.
 */
export type PayoutCheckRule = 'params' | 'amount' | 'token' | 'address' | PayoutPolicyRule;

/** One check of a payout and its outcome. */
export interface PayoutCheck {
  /** Which check. */
  rule: PayoutCheckRule;
  /** Whether the payout passed it. */
  ok: boolean;
  /** Why it failed: the message of the error `payouts.create` throws for it. Only when `ok` is false. */
  message?: string | undefined;
}

/** The body `payouts.create` sends (POST /payouts): the params as checked, the address exactly as given. */
export interface PayoutCreateBody extends Omit<PayoutCreateParams, 'due_date'> {
  /** When the payout is due, ISO 8601. */
  due_date?: string | null | undefined;
}

/** What `payouts.preview` answers: every check `payouts.create` would run, and what it would send. */
export interface PayoutPreview {
  /** `true` exactly when `payouts.create` with these params would send the request. */
  ok: boolean;
  /**
   * Each check that ran, in order. When `params` fails, the checks that read the params (the
   * money checks and the policy) cannot run and are not listed.
   */
  checks: PayoutCheck[];
  /** The body `payouts.create` would send (once every check passes); `null` when `params` fails. */
  request: PayoutCreateBody | null;
  /** The amount in atomic units (`'125500000'`); `null` when it is not a whole number of them. */
  amountAtomic: string | null;
}
