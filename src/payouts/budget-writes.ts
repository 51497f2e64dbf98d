/**
 * The budgets of a payout write as it goes out (docs/money.md, "Budgets"): a create reserves, a
 * cancel gives back. For `payouts.cancel` and the raw calls that write payouts.
 *
 * @module
 */
import type { ChainbillCore } from '../core/chainbill-core.js';
import { payoutWriteOf } from '../internal/money-routes.js';
import type { RequestSpec } from '../internal/types.js';
import { budgetStores, clientPayoutSettings } from './client-settings.js';
import { payoutCheckSetup, withBudgets } from './create.js';

/**
 * A checked raw payout write as it goes out: a `POST /payouts` reserves its budgets as
 * `payouts.create` does, a `PATCH` that cancels gives back what the payout spent.
 *
 * @internal
 * @param core - The core it goes through.
 * @param spec - The call, checked as a payout write.
 * @returns The call to send, or a promise of it while its budgets are reserved.
 */
export function withWriteBudgets<T>(
  core: ChainbillCore,
  spec: RequestSpec<T>,
): RequestSpec<T> | Promise<RequestSpec<T>> {
  const write = payoutWriteOf(spec.method, spec.path);
  if (write?.kind === 'create') return withBudgets(core, payoutCheckSetup(core, {}), spec);
  const status = (spec.body as { status?: unknown } | undefined)?.status;
  return write?.kind === 'update' && status === 'canceled' ? withRefund(core, write.id, spec) : spec;
}

/**
 * A cancel of a payout as it goes out: once it succeeded, what the payout spent of a budget is
 * given back (docs/money.md, "Budgets"), when this core keeps budgets; a payout that reserved
 * nothing gives back nothing.
 *
 * @internal
 * @param core - The core the cancel goes through.
 * @param id - The payout's id.
 * @param spec - The call.
 * @returns The call, with what settles it when the core has a budget store.
 */
export function withRefund<T>(core: ChainbillCore, id: string, spec: RequestSpec<T>): RequestSpec<T> {
  const store = clientPayoutSettings().get(core)?.budgetStore ?? budgetStores().get(core);
  if (store === undefined) return spec;
  return {
    ...spec,
    after: async (outcome) => {
      if ('data' in outcome) await store.driver.refund(await core.stateScope(), id).catch(() => {});
    },
  };
}
