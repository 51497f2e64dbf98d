import type { CoreOptions } from './core/core-options.js';
import type { PayoutPolicy } from './payouts/policy.js';
import type { ChainbillStore } from './store/store.js';

/**
 * Options of the `Chainbill` client (docs/quickstart.md): those of {@link CoreOptions} (key, base
 * URL, timeouts, retries, fetch, logging, hooks) and the checks every payout of the client passes.
 */
export interface ClientOptions extends CoreOptions {
  /**
   * Check each payout's `recipient_address` against its `chain` before sending (docs/money.md):
   * `payouts.create` refuses, with `RequestValidationError` (`param: 'recipient_address'`), an
   * address whose form or checksum is wrong for the chain, the zero address and the chain's USDT
   * or USDC contract. `false` turns the check off, for an address form the SDK does not know; the
   * service and the fake check all the same.
   * @default true
   */
  checkAddresses?: boolean | undefined;
  /**
   * Bounds on every payout this client sends, whoever calls it (docs/money.md, "Payout policy"):
   * a maximum per token, the chains, the tokens, the recipients. `payouts.create` refuses a payout
   * outside it with `PayoutPolicyError` before sending; `payouts.preview` reports it. A policy
   * that cannot be checked is a `ConfigurationError` here. In `withOptions`, a policy replaces
   * this one and `null` removes it. The service keeps no such policy: it is the merchant's.
   * @default no policy
   * @example { maxAmount: { USDT: '5000' }, chains: ['tron'], recipients: { tron: ['TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn'] } }
   */
  payoutPolicy?: PayoutPolicy | null | undefined;
  /**
   * Where the spend of `payoutPolicy.budgets` is kept (docs/money.md, "Budgets"), per `scope`:
   * `postgresStore(db)` from `chainbill/postgres` shares it with every process on the database.
   * Copies made by `withOptions` share it.
   * @default the client's own memoryStore(), made on first use: this process only
   */
  budgetStore?: ChainbillStore | undefined;
}
