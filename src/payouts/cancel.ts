import type { ChainbillCore } from '../core/chainbill-core.js';
import type { RequestSpec } from '../internal/types.js';
import { keyScope } from '../store/scope.js';
import { budgetStores, clientPayoutSettings } from './client-settings.js';

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
      if ('data' in outcome) await store.driver.refund(core.stateScope(keyScope), id).catch(() => {});
    },
  };
}
