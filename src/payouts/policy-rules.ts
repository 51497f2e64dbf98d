/**
 * A payout policy, checked once where it is given and then applied to each payout (docs/money.md,
 * "Payout policy"). It fails closed: a policy that cannot be checked is refused when the client is
 * made, and a recipients function that throws or does not answer `true` refuses the payout.
 */

import { ConfigurationError } from '../core/error.js';
import { fromAtomicUnits, toAtomicUnits } from '../core/money.js';
import { type Chain, chains, type Token, tokens } from '../core/types.js';
import { describeThrown } from '../internal/hooks.js';
import { quotedKey, readList, readRecord, refuseProxy } from '../internal/plain-data.js';
import { recipientAddressProblem, shortAddress } from './address.js';
import { type CompiledBudget, readBudgets } from './budget-policy.js';
import type { MoneyFields } from './money-checks.js';
import type { PayoutPolicy, PayoutPolicyRule, PayoutRecipients } from './policy.js';

type Predicate = (chain: Chain, address: string) => boolean;

/** A policy ready to apply: maxima in atomic units, recipients in canonical form. */
export interface CompiledPolicy {
  /** The policy as checked: a frozen copy, maxima in token units (what `withOptions` copies). */
  readonly policy: PayoutPolicy;
  /** Each token's maximum, in atomic units; a token without one is not here. */
  readonly maxAtomic: ReadonlyMap<Token, bigint>;
  /** The chains allowed; `undefined`: every chain. */
  readonly chains: readonly Chain[] | undefined;
  /** The tokens allowed; `undefined`: every token. */
  readonly tokens: readonly Token[] | undefined;
  /** The allowed recipients of each chain in canonical form, or the caller's function. */
  readonly recipients: ReadonlyMap<Chain, ReadonlySet<string>> | Predicate | undefined;
  /** The spend budgets, maxima in atomic units; none when the policy sets none. */
  readonly budgets: readonly CompiledBudget[];
}

/** One rule applied to one payout: the parameter it reads and what is wrong, or `null`. */
export interface PolicyFinding {
  readonly rule: PayoutPolicyRule;
  readonly param: keyof MoneyFields;
  readonly problem: string | null;
}

const keys = ['maxAmount', 'chains', 'tokens', 'recipients', 'budgets'];

/**
 * Checks a payout policy and makes it ready to apply.
 *
 * @param value - The caller's policy: plain data, or a function for `recipients`.
 * @returns The compiled policy.
 * @throws {ConfigurationError} naming the place and what is wrong, never quoting a value.
 */
export function compilePolicy(value: unknown): CompiledPolicy {
  // A policy this module made (the copy a client keeps) is not checked again by `withOptions`.
  const known = typeof value === 'object' && value !== null ? compiled.get(value) : undefined;
  if (known !== undefined) return known;
  const result = compileNew(value);
  compiled.set(result.policy, result);
  return result;
}

// Each checked copy, with what it compiled to; weak, so a dropped client's policy goes with it.
const compiled = /*@__PURE__*/ new WeakMap<object, CompiledPolicy>();

function compileNew(value: unknown): CompiledPolicy {
  const fields = readRecord(value, 'payoutPolicy', keys);
  for (const key of fields.keys()) {
    if (!keys.includes(key)) {
      throw new ConfigurationError(
        `payoutPolicy has an unknown key ${quotedKey(key)}: it takes ${keys.join(', ')}.`,
      );
    }
  }
  const maxAtomic = readMaxima(fields.get('maxAmount'));
  const allowedChains = readEnum(fields.get('chains'), 'payoutPolicy.chains', chains);
  const allowedTokens = readEnum(fields.get('tokens'), 'payoutPolicy.tokens', tokens);
  const [recipients, recipientsCopy] = readRecipients(fields.get('recipients'));
  const budgetsGiven = fields.get('budgets');
  const [budgets, budgetsCopy] = budgetsGiven === undefined ? [[], undefined] : readBudgets(budgetsGiven);
  // A recipients function cannot be cloned: then each part that is data is checked alone, and the
  // policy itself only by its reads agreeing.
  if (typeof fields.get('recipients') !== 'function') refuseProxy(value, 'payoutPolicy');
  else for (const key of keys) if (key !== 'recipients') refuseProxy(fields.get(key), `payoutPolicy.${key}`);
  const policy: PayoutPolicy = {};
  if (maxAtomic !== undefined) {
    const maxima: Partial<Record<Token, string>> = {};
    for (const [token, atomic] of maxAtomic) maxima[token] = fromAtomicUnits(atomic, token);
    policy.maxAmount = Object.freeze(maxima);
  }
  if (allowedChains !== undefined) policy.chains = Object.freeze([...allowedChains]);
  if (allowedTokens !== undefined) policy.tokens = Object.freeze([...allowedTokens]);
  if (recipientsCopy !== undefined) policy.recipients = recipientsCopy;
  if (budgetsCopy !== undefined) policy.budgets = budgetsCopy;
  return {
    policy: Object.freeze(policy),
    maxAtomic: maxAtomic ?? new Map(),
    chains: allowedChains,
    tokens: allowedTokens,
    recipients,
    budgets,
  };
}

function readMaxima(value: unknown): Map<Token, bigint> | undefined {
  if (value === undefined) return undefined;
  const maxima = new Map<Token, bigint>();
  for (const [key, amount] of readRecord(value, 'payoutPolicy.maxAmount', tokens)) {
    const token = known(key, tokens, 'payoutPolicy.maxAmount', 'token');
    maxima.set(token, maximum(amount, `payoutPolicy.maxAmount.${token}`, token));
  }
  return maxima;
}

/** A maximum in atomic units, converted as `toAtomicUnits` converts an amount: never rounded. */
function maximum(amount: unknown, where: string, token: Token): bigint {
  if (typeof amount !== 'string' && typeof amount !== 'number') {
    throw new ConfigurationError(`${where} must be a decimal string or a number of token units.`);
  }
  try {
    return BigInt(toAtomicUnits(amount, token));
  } catch {
    throw new ConfigurationError(
      `${where} must be a non-negative decimal of token units with at most 6 decimals, such as '5000' or 2500.5` +
        (typeof amount === 'number'
          ? ' (a float such as 0.1 + 0.2 is 0.30000000000000004: write a string).'
          : '.'),
    );
  }
}

/** The key as one of `names`, or a `ConfigurationError` saying which names `where` takes. */
function known<T extends string>(key: string, names: readonly T[], where: string, what: string): T {
  const found = names.find((name) => name === key);
  if (found !== undefined) return found;
  throw new ConfigurationError(
    `${where} has ${quotedKey(key)}, which is not a ${what}: it takes ${names.join(', ')}.`,
  );
}

function readEnum<T extends string>(value: unknown, where: string, names: readonly T[]): T[] | undefined {
  if (value === undefined) return undefined;
  return readList(value, where).map((item, i) => {
    const found = names.find((name) => name === item);
    if (found === undefined)
      throw new ConfigurationError(`${where}[${i}] must be one of ${names.join(', ')}.`);
    return found;
  });
}

type Recipients = CompiledPolicy['recipients'];

function readRecipients(value: unknown): [Recipients, PayoutRecipients | undefined] {
  if (value === undefined) return [undefined, undefined];
  if (typeof value === 'function') return [value as Predicate, value as Predicate];
  const sets = new Map<Chain, Set<string>>();
  const copy: Partial<Record<Chain, readonly string[]>> = {};
  for (const [key, list] of readRecord(value, 'payoutPolicy.recipients', chains)) {
    const chain = known(key, chains, 'payoutPolicy.recipients', 'chain');
    const addresses = readList(list, `payoutPolicy.recipients.${chain}`).map((address, i) => {
      const where = `payoutPolicy.recipients.${chain}[${i}]`;
      if (typeof address !== 'string') throw new ConfigurationError(`${where} must be a string.`);
      const problem = recipientAddressProblem(chain, address);
      if (problem !== null) throw new ConfigurationError(`${where} ${problem}.`);
      return address;
    });
    sets.set(chain, new Set(addresses.map((address) => canonical(chain, address))));
    copy[chain] = Object.freeze(addresses);
  }
  return [sets, Object.freeze(copy)];
}

/** The form two addresses of a chain are compared in: EVM hex without regard to case. */
function canonical(chain: Chain, address: string): string {
  return chain === 'tron' ? address : address.toLowerCase();
}

/**
 * Applies each rule the policy sets to one payout, in order: chain, token, maximum, recipient.
 *
 * @param policy - The compiled policy.
 * @param payout - The payout's fields, checked by the params schema.
 * @returns One finding per rule the policy sets.
 */
export function applyPolicy(policy: CompiledPolicy, payout: MoneyFields): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  const { chain, token } = payout;
  if (policy.chains !== undefined) {
    const problem = policy.chains.includes(chain)
      ? null
      : `chain ${chain} is not ${allowed(policy.chains, 'chain')}`;
    findings.push({ rule: 'policy.chain', param: 'chain', problem });
  }
  if (policy.tokens !== undefined) {
    const problem = policy.tokens.includes(token)
      ? null
      : `token ${token} is not ${allowed(policy.tokens, 'token')}`;
    findings.push({ rule: 'policy.token', param: 'token', problem });
  }
  const max = policy.maxAtomic.get(token);
  if (max !== undefined)
    findings.push({ rule: 'policy.max_amount', param: 'amount', problem: overMax(payout, max) });
  if (policy.recipients !== undefined) {
    findings.push({
      rule: 'policy.recipient',
      param: 'recipient_address',
      problem: recipientProblem(policy.recipients, payout),
    });
  }
  return findings;
}

function allowed(list: readonly string[], what: string): string {
  return list.length === 0
    ? `allowed: the policy allows no ${what}`
    : `one of the policy's ${what}s (${list.join(', ')})`;
}

function overMax({ amount, token }: MoneyFields, max: bigint): string | null {
  const limit = `the policy maximum of ${fromAtomicUnits(max, token)} ${token}`;
  let atomic: bigint;
  try {
    atomic = BigInt(toAtomicUnits(amount, token));
  } catch {
    return `amount ${amount} ${token} cannot be compared with ${limit}: it is not a whole number of atomic units`;
  }
  return atomic > max ? `amount ${fromAtomicUnits(atomic, token)} ${token} is over ${limit}` : null;
}

function recipientProblem(
  recipients: Predicate | ReadonlyMap<Chain, ReadonlySet<string>>,
  payout: MoneyFields,
): string | null {
  const { chain, recipient_address: address } = payout;
  const who = `recipient ${shortAddress(address)} on ${chain}`;
  if (typeof recipients !== 'function') {
    const list = recipients.get(chain);
    if (list === undefined || list.size === 0)
      return `${who} is not allowed: the policy lists no recipient on ${chain}`;
    const count = `${list.size} recipient${list.size === 1 ? '' : 's'}`;
    return list.has(canonical(chain, address))
      ? null
      : `${who} is not one of the policy's ${count} on ${chain}`;
  }
  let answer: unknown;
  try {
    answer = recipients(chain, address);
  } catch (thrown) {
    return `the policy's recipients function threw ${describeThrown(thrown)}: the payout is refused (a policy fails closed)`;
  }
  if (answer === true) return null;
  if (answer === false) return `${who} is refused by the policy's recipients function`;
  return `the policy's recipients function returned ${describeAnswer(answer)}, not true or false: the payout is refused (a policy fails closed)`;
}

/** Describes what a recipients function returned, without running its code. */
function describeAnswer(answer: unknown): string {
  try {
    // The intrinsic `then` takes only a genuine promise (a thenable or a Proxy throws at once);
    // handled here, an async function's rejection is not left unhandled.
    Promise.prototype.then.call(answer, undefined, () => {});
    return 'a promise (it must answer at once)';
  } catch {
    return describeThrown(answer);
  }
}
