/**
 * Payouts, one feature in one folder: the resource and its settlement records, the params and the
 * model, the money checks a payout passes before it is sent (address, amount, token, the payout
 * policy), `preview` and the settlement wait.
 */
export { isValidAddress } from './address.js';
export type { BudgetPeriod, PayoutBudget } from './budget-policy.js';
export type { PayoutCheckOptions, PayoutCreateOptions } from './create.js';
export type * from './intent.js';
export type * from './params.js';
export type * from './payouts.js';
export { Payouts } from './payouts.js';
export type { PayoutPolicy, PayoutPolicyRule, PayoutRecipients } from './policy.js';
export { PayoutPolicyError } from './policy.js';
export { checkPayoutPolicy } from './policy-check.js';
export type * from './preview.js';
export type * from './settlements.js';
export { PayoutSettlements } from './settlements.js';
export type { WaitForSettlementOptions } from './wait-options.js';
export { WaitTimeoutError } from './wait-options.js';
