/**
 * The payout policy (docs/money.md, "Payout policy"): the merchant's own bounds on what any caller
 * of this client may send, checked offline on every `payouts.create` and `payouts.preview`.
 *
 * @module
 */
import { ChainbillError } from '../core/error.js';
import type { Chain, Token } from '../core/types.js';
import type { PayoutBudget } from './budget-policy.js';

/**
 * Who may be paid, by chain: a list of addresses per chain, compared by canonical form (an EVM
 * address without regard to case, a Tron address exactly); a chain the record does not name has
 * no allowed recipient. Or a function that answers `true` (allowed) or `false` (refused) for a
 * chain and the address as the caller gave it; anything else it returns, or throws, refuses the
 * payout.
 */
export type PayoutRecipients =
  | Readonly<Partial<Record<Chain, readonly string[] | undefined>>>
  | ((chain: Chain, address: string) => boolean);

/**
 * A payout policy: bounds that a payout must keep to, whoever calls `payouts.create` (your code,
 * a command line, an AI agent through an MCP server). Every rule is optional; a rule left out
 * bounds nothing. As JSON it is the same object without the function form of `recipients`
 * (docs/money.md). It is the merchant's bound on this client, not a limit the service enforces;
 * its `budgets` bound the total of many payouts.
 *
 * @example
 * ```ts
 * const policy: PayoutPolicy = {
 *   maxAmount: { USDT: '5000', USDC: 2500 },
 *   chains: ['tron', 'base'],
 *   tokens: ['USDT', 'USDC'],
 *   recipients: { tron: ['TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn'] },
 * };
 * ```
 */
export interface PayoutPolicy {
  /**
   * The largest amount of one payout, per token, in token units: a decimal string (`'5000'`,
   * `'2500.5'`) or a number, non-negative, with at most 6 decimals. Compared exactly, in atomic
   * units. A token without a maximum has none.
   */
  maxAmount?: Readonly<Partial<Record<Token, string | number | undefined>>> | undefined;
  /** The chains a payout may use; every chain when left out. */
  chains?: readonly Chain[] | undefined;
  /** The tokens a payout may send; every token when left out. */
  tokens?: readonly Token[] | undefined;
  /** Who may be paid: a list per chain, or a function; anyone with a valid address when left out. */
  recipients?: PayoutRecipients | undefined;
  /**
   * Spend budgets: what all payouts of a token together may send per UTC hour or day (and how
   * many), across every process that shares the client's `budgetStore` and `scope`
   * (docs/money.md, "Budgets"). One per token and period.
   */
  budgets?: readonly PayoutBudget[] | undefined;
}

/** The rules of a payout policy, as {@link PayoutPolicyError} and `payouts.preview` name them. */
export type PayoutPolicyRule =
  | 'policy.max_amount'
  | 'policy.chain'
  | 'policy.token'
  | 'policy.recipient'
  | 'policy.budget';

/**
 * A payout outside the client's `payoutPolicy`, refused before anything was sent. The message
 * names the rule and its limit; an address only in a shortened form (`TDT4qB…goKn`).
 *
 * @example
 * ```ts
 * try {
 *   await chainbill.payouts.create(params);
 * } catch (error) {
 *   if (error instanceof PayoutPolicyError) console.log(error.rule, error.param); // 'policy.max_amount' 'amount'
 * }
 * ```
 */
export class PayoutPolicyError extends ChainbillError {
  static override readonly brand: string = 'PayoutPolicyError';
  /** The rule the payout broke. */
  readonly rule: PayoutPolicyRule;
  /** The parameter the rule reads: `amount`, `chain`, `token` or `recipient_address`. */
  readonly param: string;

  /**
   * @param rule - The rule the payout broke.
   * @param param - The parameter the rule reads.
   * @param problem - What is wrong, with the limit: `amount 6000 USDT is over the policy maximum of 5000 USDT`.
   */
  constructor(rule: PayoutPolicyRule, param: string, problem: string) {
    super(`Payout refused by the payout policy (${rule}): ${problem}`);
    this.rule = rule;
    this.param = param;
  }

  /**
   * What `JSON.stringify(error)` writes.
   *
   * @returns `{ name, message, rule, param }`.
   */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), rule: this.rule, param: this.param };
  }
}
