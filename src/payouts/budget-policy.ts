/**
 * The budgets of a payout policy (docs/money.md, "Budgets"): what all payouts of a token together
 * may send per UTC hour or day, checked once where the policy is given.
 *
 * @module
 */
import { ConfigurationError } from '../core/error.js';
import { fromAtomicUnits, toAtomicUnits } from '../core/money.js';
import { type Token, tokens } from '../core/types.js';
import { quotedKey, readList, readRecord } from '../internal/plain-data.js';
import type { BudgetClaim } from '../store/store.js';

/** The periods a budget counts in: UTC hours or UTC days. */
export type BudgetPeriod = 'hour' | 'day';

/**
 * A spend budget: the sum (and, optionally, the count) of the payouts of one token created per UTC
 * period, by every caller that shares the client's budget store and scope.
 */
export interface PayoutBudget {
  /** The token it counts. */
  token: Token;
  /** The period: a UTC hour or a UTC day. */
  period: BudgetPeriod;
  /** The most all payouts of the token may send in one period, token units (`'20000'`). */
  maxAmount: string | number;
  /** The most payouts of the token in one period, a whole number; no bound when left out. */
  maxCount?: number | undefined;
}

/** A budget ready to apply: its maximum in atomic units. */
export interface CompiledBudget {
  readonly token: Token;
  readonly period: BudgetPeriod;
  readonly maxAtomic: bigint;
  readonly maxCount: number | null;
}

const keys = ['token', 'period', 'maxAmount', 'maxCount'];
const periods: readonly BudgetPeriod[] = ['hour', 'day'];

/**
 * Checks a policy's `budgets`.
 *
 * @param value - `payoutPolicy.budgets` as given.
 * @returns The budgets, compiled, and a frozen copy for the checked policy.
 * @throws {ConfigurationError} naming the place and what is wrong (an unknown key, token or
 *   period, a maximum that is not a non-negative amount of the token, a count that is not a whole
 *   number, two budgets of one token and period), never quoting a value.
 */
export function readBudgets(value: unknown): [CompiledBudget[], readonly PayoutBudget[]] {
  const compiled: CompiledBudget[] = [];
  const copies: PayoutBudget[] = [];
  readList(value, 'payoutPolicy.budgets').forEach((item, i) => {
    const where = `payoutPolicy.budgets[${i}]`;
    const fields = readRecord(item, where);
    for (const key of fields.keys())
      if (!keys.includes(key))
        throw new ConfigurationError(
          `${where} has an unknown key ${quotedKey(key)}: it takes ${keys.join(', ')}.`,
        );
    const token = tokens.find((name) => name === fields.get('token'));
    if (token === undefined)
      throw new ConfigurationError(`${where}.token must be one of ${tokens.join(', ')}.`);
    const period = periods.find((name) => name === fields.get('period'));
    if (period === undefined) throw new ConfigurationError(`${where}.period must be 'hour' or 'day'.`);
    const maxAtomic = atomic(fields.get('maxAmount'), `${where}.maxAmount`, token);
    const count = fields.get('maxCount');
    if (count !== undefined && !(Number.isSafeInteger(count) && (count as number) >= 0))
      throw new ConfigurationError(`${where}.maxCount must be a whole number, 0 or more.`);
    if (compiled.some((other) => other.token === token && other.period === period))
      throw new ConfigurationError(
        `${where} is a second ${token} budget per ${period}: give one per token and period.`,
      );
    const maxCount = count === undefined ? null : (count as number);
    compiled.push({ token, period, maxAtomic, maxCount });
    const copy: PayoutBudget = { token, period, maxAmount: fromAtomicUnits(maxAtomic, token) };
    if (maxCount !== null) copy.maxCount = maxCount;
    copies.push(Object.freeze(copy));
  });
  return [compiled, Object.freeze(copies)];
}

function atomic(amount: unknown, where: string, token: Token): bigint {
  try {
    if (typeof amount === 'string' || typeof amount === 'number') return BigInt(toAtomicUnits(amount, token));
  } catch {
    // As below.
  }
  throw new ConfigurationError(
    `${where} must be a non-negative decimal of token units with at most 6 decimals, such as '20000'.`,
  );
}

const periodMs = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * The budgets a payout counts against, in the period `now` falls in: one claim per token and
 * period, with the tightest maximum where two policies (the client's, the call's) both set one.
 *
 * @param policies - The policies that apply.
 * @param body - The payout as checked.
 * @param now - The time, ms (the client's clock: UTC periods).
 * @returns The claims, none when no policy has a budget of the payout's token.
 */
export function claimsOf(
  policies: readonly { readonly budgets: readonly CompiledBudget[] }[],
  body: { readonly token: Token; readonly amount: number },
  now: number,
): BudgetClaim[] {
  const claims = new Map<string, BudgetClaim>();
  for (const policy of policies) {
    for (const budget of policy.budgets) {
      if (budget.token !== body.token) continue;
      const key = `${budget.token} ${budget.period}`;
      const other = claims.get(key);
      const size = periodMs[budget.period];
      const maxCount =
        other?.maxCount == null ? budget.maxCount : Math.min(other.maxCount, budget.maxCount ?? Infinity);
      claims.set(key, {
        token: budget.token,
        period: budget.period,
        start: now - (now % size),
        amount: BigInt(toAtomicUnits(body.amount, body.token)),
        maxAmount:
          other === undefined || budget.maxAtomic < other.maxAmount ? budget.maxAtomic : other.maxAmount,
        maxCount,
      });
    }
  }
  return [...claims.values()];
}
