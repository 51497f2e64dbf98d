/**
 * `checkPayoutPolicy`, apart from the policy's types and error (policy.ts), which the
 * checks in internal/ read: that module imports nothing back from them.
 *
 * @module
 */

import type { PayoutPolicy } from './policy.js';
import { compilePolicy } from './policy-rules.js';

/**
 * Checks a payout policy as the client does, without a client: for a policy read from a JSON file
 * (`JSON.parse` gives the plain data the policy is). A policy that cannot be checked fails here,
 * not at the first payout.
 *
 * @param policy - The policy: a plain object, as {@link PayoutPolicy} describes.
 * @returns A frozen copy, each maximum written in token units (`'5000'`): what to pass as the
 *   client's `payoutPolicy`.
 * @throws {ConfigurationError} naming the place (`payoutPolicy.maxAmount.USDT`) and what is wrong:
 *   an unknown key, chain or token; a maximum that is negative, not a number, or finer than 6
 *   decimals; an address that is not one of its chain. No message quotes a value.
 * @example
 * ```ts
 * const policy = checkPayoutPolicy(JSON.parse(readFileSync('policy.json', 'utf8')));
 * const chainbill = new Chainbill({ payoutPolicy: policy });
 * ```
 */
export function checkPayoutPolicy(policy: unknown): PayoutPolicy {
  return compilePolicy(policy).policy;
}
