/**
 * The checks on what a payout sends (docs/money.md): a payout is irreversible, so an amount the
 * token cannot carry, a token its chain does not have and an address the chain cannot take are
 * refused before sending. Each is data, written once: the payout operation's params schema runs
 * them (so the fake refuses the same), and `payouts.preview` names each by its rule.
 */
import * as z from 'zod/mini';
import type { Chain, Token } from '../core/types.js';
import { chainTokenProblem, recipientAddressProblem, tokenAmountProblem } from './address.js';

/** A rule of the money checks, as `payouts.preview` names it. */
export type MoneyRule = 'amount' | 'token' | 'address';

/** The fields a money check reads, once the params schema has checked their types. */
export interface MoneyFields {
  recipient_address: string;
  chain: Chain;
  token: Token;
  amount: number;
}

/** One money check: its rule, the parameter it blames, and why a payout fails it (or `null`). */
export interface MoneyCheck {
  readonly rule: MoneyRule;
  readonly param: keyof MoneyFields;
  readonly problem: (fields: MoneyFields) => string | null;
}

/** No more decimals than the token has (6 for USDT and USDC); nothing is rounded for the caller. */
const amountCheck: MoneyCheck = {
  rule: 'amount',
  param: 'amount',
  problem: (p) => tokenAmountProblem(p.amount),
};
/** A token the chain has (base: USDC only). */
const tokenCheck: MoneyCheck = {
  rule: 'token',
  param: 'token',
  problem: (p) => chainTokenProblem(p.chain, p.token),
};
/** An address of the chain, not the zero address, not a token's own contract. */
const addressCheck: MoneyCheck = {
  rule: 'address',
  param: 'recipient_address',
  problem: (p) => recipientAddressProblem(p.chain, p.recipient_address),
};

/**
 * The money checks of a payout, in the order they report.
 *
 * @param checkAddresses - The client option: `false` leaves the address check out.
 * @returns The checks.
 */
export function moneyChecks(checkAddresses: boolean): readonly MoneyCheck[] {
  return checkAddresses ? [amountCheck, tokenCheck, addressCheck] : [amountCheck, tokenCheck];
}

/**
 * The rule a schema issue comes from, when a money check raised it; `undefined` for the params
 * schema's own issues (a type, a limit, an unknown key).
 *
 * @param issue - A zod issue of the payout params schema.
 * @returns `amount`, `token`, `address` or `undefined`.
 */
export function moneyRuleOf(issue: z.core.$ZodIssue): MoneyRule | undefined {
  if (issue.code !== 'custom') return undefined;
  const rule: unknown = issue.params?.['rule'];
  return rule === 'amount' || rule === 'token' || rule === 'address' ? rule : undefined;
}

/**
 * The money checks as one check of the params schema: each problem is an issue at its parameter,
 * tagged with its rule. zod runs it once the fields have their types, so the checks read a known
 * chain and token.
 *
 * @param checks - The checks, from {@link moneyChecks}.
 * @returns A check for the params object.
 */
export function moneyCheck(checks: readonly MoneyCheck[]): z.core.$ZodCheck<MoneyFields> {
  return z.superRefine((params, context) => {
    for (const check of checks) {
      const problem = check.problem(params);
      if (problem === null) continue;
      context.issues.push({
        code: 'custom',
        path: [check.param],
        message: problem,
        input: params,
        params: { rule: check.rule },
      });
    }
  });
}
