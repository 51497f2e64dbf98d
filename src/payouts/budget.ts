/**
 * Spend budgets at work (docs/money.md, "Budgets"): a payout's claims on the budgets of its
 * policies, reserved atomically in the store before anything is sent, then spent (created),
 * given back (a 4xx: nothing was created), or kept (the outcome is unknown: fail closed); a
 * canceled draft gives back what it spent. `payouts.create`, raw `POST /payouts` and
 * `payouts.preview` all come here.
 *
 * @module
 */

import type { ChainbillCore } from '../core/chainbill-core.js';
import { APIError } from '../core/error.js';
import { fromAtomicUnits } from '../core/money.js';
import type { Token } from '../core/types.js';
import type { RequestSpec, SpecOutcome } from '../internal/types.js';
import { fits, memoryStore } from '../store/memory.js';
import { keyScope } from '../store/scope.js';
import type { BudgetClaim, BudgetState, ChainbillStore } from '../store/store.js';
import { budgetStores } from './client-settings.js';
import { PayoutPolicyError } from './policy.js';
import type { PayoutBudgetCheck, PayoutCheck } from './preview.js';

/**
 * The store a core's budgets live in: the one given (the client's `budgetStore`, or the call's),
 * else the core's own memory store, made on first use.
 *
 * @param core - The core.
 * @param given - The store given, if any.
 * @returns The store.
 */
export function budgetStoreOf(core: ChainbillCore, given: ChainbillStore | undefined): ChainbillStore {
  if (given !== undefined) return given;
  const stores = budgetStores();
  const known = stores.get(core);
  if (known !== undefined) return known;
  const own = memoryStore();
  stores.set(core, own);
  return own;
}

/**
 * Reserves a payout's claims and gives the call to send, with what settles them once the API
 * answered.
 *
 * @param core - The core the payout goes through (its scope).
 * @param store - The budget store.
 * @param spec - The checked `POST /payouts`.
 * @param claims - The payout's claims.
 * @returns The call, with its settlement.
 * @throws {PayoutPolicyError} (`policy.budget`) when a claim does not fit: nothing was reserved.
 */
export async function reserving<T>(
  core: ChainbillCore,
  store: ChainbillStore,
  spec: RequestSpec<T>,
  claims: readonly BudgetClaim[],
): Promise<RequestSpec<T>> {
  if (claims.length === 0) return spec;
  const scope = core.stateScope(keyScope);
  const reservation = await store.driver.reserve(scope, claims);
  if (!reservation.ok) throw budgetError(reservation.claim, reservation.state);
  const after = async (outcome: SpecOutcome<T>) => {
    // A failure to write the outcome keeps the reservation: the budget stays counted.
    if ('data' in outcome) {
      const id = (outcome.data as { id?: unknown } | null)?.id;
      if (typeof id === 'string') await store.driver.spend(scope, claims, id).catch(() => {});
    } else if (isRefusal(outcome.error)) await store.driver.unreserve(scope, claims).catch(() => {});
  };
  return { ...spec, after };
}

/** The API refused the payout (4xx): nothing was created. Anything else may have created it. */
function isRefusal(error: unknown): boolean {
  return error instanceof APIError && error.status !== undefined && error.status >= 400 && error.status < 500;
}

/**
 * Each budget of a payout as `payouts.preview` reports it: spent, reserved and left in the
 * period, and whether the payout fits; nothing is reserved.
 *
 * @param core - The core (its scope).
 * @param store - The budget store.
 * @param claims - The payout's claims.
 * @returns One check per claim.
 */
export async function budgetChecks(
  core: ChainbillCore,
  store: ChainbillStore,
  claims: readonly BudgetClaim[],
): Promise<PayoutCheck[]> {
  if (claims.length === 0) return [];
  const states = await store.driver.read(core.stateScope(keyScope), claims);
  return claims.map((claim, i) => {
    const state = states[i] ?? { spent: 0n, spentCount: 0, reserved: 0n, reservedCount: 0 };
    const budget = budgetView(claim, state);
    return fits(state, claim)
      ? { rule: 'policy.budget', ok: true, budget }
      : { rule: 'policy.budget', ok: false, message: budgetError(claim, state).message, budget };
  });
}

function budgetView(claim: BudgetClaim, state: BudgetState): PayoutBudgetCheck {
  const units = (atomic: bigint) => fromAtomicUnits(atomic, claim.token as Token);
  const left = claim.maxAmount - state.spent - state.reserved;
  return {
    token: claim.token as Token,
    period: claim.period,
    periodStart: new Date(claim.start).toISOString(),
    maxAmount: units(claim.maxAmount),
    spent: units(state.spent),
    reserved: units(state.reserved),
    left: units(left > 0n ? left : 0n),
    count: state.spentCount + state.reservedCount,
    maxCount: claim.maxCount,
  };
}

function budgetError(claim: BudgetClaim, state: BudgetState): PayoutPolicyError {
  const view = budgetView(claim, state);
  const budget = `the ${view.token} budget per ${claim.period}`;
  const period = `this UTC ${claim.period} (from ${view.periodStart})`;
  const problem =
    state.spent + state.reserved + claim.amount > claim.maxAmount
      ? `amount ${fromAtomicUnits(claim.amount, view.token)} ${view.token} is over what is left of ${budget}: ` +
        `${view.left} of ${view.maxAmount} ${view.token} (${view.spent} spent, ${view.reserved} reserved ${period})`
      : `${budget} allows ${claim.maxCount} payouts, and ${view.count} are made or reserved ${period}`;
  return new PayoutPolicyError('policy.budget', 'amount', problem);
}
