/**
 * The checks on what a payout sends, as schema pieces (docs/money.md): a payout is
 * irreversible, so an amount the token cannot carry and an address the chain cannot take are
 * refused before sending. The payout operation's params schema reads them, so the fake refuses
 * the same.
 */
import * as z from 'zod/mini';
import { recipientAddressProblem, tokenAmountProblem } from '../core/address.js';
import type { Chain } from '../core/types.js';
import { amountParam, lazy } from './schemas.js';

/**
 * A token amount (`amount` of a payout): at least 0.01, and no more decimals than the token has (6
 * for USDT and USDC): on chain it exists in whole atomic units. Nothing is rounded for the caller.
 */
export const tokenAmountParam: () => z.ZodMiniType<number, number> = /*@__PURE__*/ lazy(() =>
  amountParam().check(
    z.superRefine((amount: number, context) => {
      const problem = tokenAmountProblem(amount);
      if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: amount });
    }),
  ),
);

/**
 * The recipient address of a payout must be one of its chain, not the zero address, not the
 * token's own contract (`param: 'recipient_address'`). Runs once the fields are checked, so the
 * address is checked against a known chain only.
 *
 * @returns A check for the params object.
 */
export function recipientAddressCheck(): z.core.$ZodCheck<{ chain: Chain; recipient_address: string }> {
  return z.superRefine((params, context) => {
    const problem = recipientAddressProblem(params.chain, params.recipient_address);
    if (problem !== null)
      context.issues.push({ code: 'custom', path: ['recipient_address'], message: problem, input: params });
  });
}
