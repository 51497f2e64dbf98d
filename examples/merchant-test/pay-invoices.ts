/**
 * A merchant's own code under test: pays approved invoices out as stablecoin payouts.
 * Safe to run twice: each call's `Idempotency-Key` is derived from the invoice, so a retry of the
 * whole job after a crash gets the first answers back instead of paying twice.
 */
import { type Chain, type Chainbill, RequestValidationError, type Token } from 'chainbill';

/** An invoice from the merchant's own database. */
export interface Invoice {
  id: string;
  wallet: string;
  chain: Chain;
  token: Token;
  amount: number;
}

/** What a run did. */
export interface PayoutRun {
  /** Payout ids, approved, one per paid invoice. */
  approved: string[];
  /** Invoices the API refused before anything was sent, with the reason. */
  rejected: { invoiceId: string; reason: string }[];
}

/**
 * Creates and approves one payout per invoice.
 *
 * @param chainbill - The client.
 * @param invoices - The invoices to pay.
 * @returns The approved payouts and the rejected invoices.
 */
export async function payInvoices(chainbill: Chainbill, invoices: readonly Invoice[]): Promise<PayoutRun> {
  const run: PayoutRun = { approved: [], rejected: [] };
  for (const invoice of invoices) {
    try {
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
      const approved = await chainbill.payouts.approve(draft.id, {
        idempotencyKey: `payout-approve-${invoice.id}`,
      });
      run.approved.push(approved.id);
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      run.rejected.push({ invoiceId: invoice.id, reason: `${error.param}: ${error.issues[0]?.message}` });
    }
  }
  return run;
}
