import type { Token } from '../core/types.js';
import type { PayoutCreateParams } from './params.js';
import type { PayoutPolicyRule } from './policy.js';

// What `payouts.preview` answers (docs/money.md, "Preview"). Types only: the checks run in
// checks.ts, the method is in payouts.ts.

/**
 * A check of a payout, as `payouts.preview` reports it and `payouts.create` runs it:
 *
 * - `params`: the params schema (required fields, types, enums, limits, unknown keys);
 * - `amount`: no more decimals than the token has (6);
 * - `token`: a token the chain has (base: USDC only);
 * - `address`: an address of the chain, not the zero address, not a token's contract (left out
 *   with `checkAddresses: false`);
 * - `policy.chain`, `policy.token`, `policy.max_amount`, `policy.recipient`: the client's
 *   `payoutPolicy`, each only when the policy sets it;
 * - `policy.budget`: each spend budget of the payout's token, with its state (`budget`).
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
  /** For `policy.budget`: the budget in its current period, as the store has it. */
  budget?: PayoutBudgetCheck | undefined;
}

/**
 * A spend budget in its current period, as `payouts.preview` reports it (nothing reserved).
 * Amounts in token units.
 */
export interface PayoutBudgetCheck {
  /** The token the budget counts. */
  token: Token;
  /** Its period: a UTC hour or day. */
  period: 'hour' | 'day';
  /** When the current period started (ISO 8601, UTC). */
  periodStart: string;
  /** The budget's maximum per period. */
  maxAmount: string;
  /** What payouts created in the period took. */
  spent: string;
  /** What payouts being created (or whose outcome is unknown) hold. */
  reserved: string;
  /** What is left: the maximum less spent and reserved, never below 0. */
  left: string;
  /** Payouts created or reserved in the period. */
  count: number;
  /** The most payouts per period; `null`: no bound. */
  maxCount: number | null;
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
