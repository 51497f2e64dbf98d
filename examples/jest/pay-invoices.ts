/**
 * A merchant's own code under test: pays invoices out as approved stablecoin payouts, each call
 * with an `Idempotency-Key` derived from the invoice, so a rerun of the job pays nothing twice.
 */
import type { Chain, Chainbill, Token } from 'chainbill';

export interface Invoice {
  id: string;
  wallet: string;
  chain: Chain;
  token: Token;
  amount: number;
}

/** Creates and approves one payout per invoice; returns the approved payout ids. */
export async function payInvoices(chainbill: Chainbill, invoices: readonly Invoice[]): Promise<string[]> {
  const approved: string[] = [];
  for (const invoice of invoices) {
    const draft = await chainbill.payouts.create(
      {
        recipient_address: invoice.wallet,
        chain: invoice.chain,
        token: invoice.token,
        amount: invoice.amount,
        currency: 'USD',
        reference_type: 'invoice',
        reference_id: invoice.id,
      },
      { idempotencyKey: `payout-create-${invoice.id}` },
    );
    const payout = await chainbill.payouts.approve(draft.id, {
      idempotencyKey: `payout-approve-${invoice.id}`,
    });
    approved.push(payout.id);
  }
  return approved;
}
