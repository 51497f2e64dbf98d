import type { APIPromise } from '../core/api-promise.js';
import type { ChainbillCore } from '../core/chainbill-core.js';
import { RequestValidationError } from '../core/error.js';
import type { RequestOptions } from '../core/request-options.js';
import { encodedRequestOf } from '../internal/operation.js';
import type { RequestSpec } from '../internal/types.js';
import type { ChainbillStore } from '../store/store.js';
import { budgetChecks, budgetStoreOf, reserving } from './budget.js';
import { claimsOf } from './budget-policy.js';
import { checkPayout, type PayoutCheckSetup } from './checks.js';
import { clientPayoutSettings } from './client-settings.js';
import type { PayoutIntent } from './intent.js';
import { moneyChecks } from './money-checks.js';
import { payoutCreateOperation } from './operations.js';
import {
  type PayoutCreateParams,
  payoutCreateFields,
  payoutCreateSchema,
  payoutCreateSchemaUnchecked,
} from './params.js';
import type { PayoutPolicy } from './policy.js';
import { type CompiledPolicy, compilePolicy } from './policy-rules.js';
import type { PayoutCreateBody, PayoutPreview } from './preview.js';

/** The checks of a payout beyond its params: for `payoutsCreate` and `payoutsPreview`. */
export interface PayoutCheckOptions {
  /**
   * A payout policy for this call (docs/money.md, "Payout policy"). On a `Chainbill`, the client's
   * own `payoutPolicy` applies as well: a payout must pass both.
   */
  payoutPolicy?: PayoutPolicy | null | undefined;
  /**
   * Check `recipient_address` against `chain` (docs/money.md). On a `Chainbill`, `false` here does
   * not turn off the client's own check.
   * @default true
   */
  checkAddresses?: boolean | undefined;
  /**
   * Where the spend of the policies' `budgets` is kept (docs/money.md, "Budgets"). On a
   * `Chainbill`, the client's `budgetStore` is used instead.
   * @default the core's own memoryStore(), made on first use
   */
  budgetStore?: ChainbillStore | undefined;
}

/** Options of `payoutsCreate`: the payout checks, and the per-call options. */
export interface PayoutCreateOptions extends RequestOptions, PayoutCheckOptions {}

// The schemas and money checks for each setting of `checkAddresses`, built on first use.
const checked = /*@__PURE__*/ new Map<boolean, Omit<PayoutCheckSetup, 'policies'>>();

/**
 * What a payout sent through `core` is checked with: the client's settings (a `Chainbill`'s), then
 * the call's, which can add a policy or an address check but never lift the client's.
 *
 * @internal
 * @param core - The core the payout goes through.
 * @param options - The call's checks.
 * @returns The schemas, money checks and policies.
 * @throws {ConfigurationError} when the call's `payoutPolicy` cannot be checked.
 */
export function payoutCheckSetup(core: ChainbillCore, options: PayoutCheckOptions): PayoutCheckSetup {
  const own = clientPayoutSettings().get(core);
  const addresses =
    own === undefined
      ? options.checkAddresses !== false
      : own.checkAddresses || options.checkAddresses === true;
  let base = checked.get(addresses);
  if (base === undefined) {
    base = {
      schema: addresses ? payoutCreateSchema : payoutCreateSchemaUnchecked,
      fields: payoutCreateFields,
      checks: moneyChecks(addresses),
    };
    checked.set(addresses, base);
  }
  const policies: CompiledPolicy[] = [];
  if (own?.policy !== undefined) policies.push(own.policy);
  if (options.payoutPolicy != null) policies.push(compilePolicy(options.payoutPolicy));
  return { ...base, policies, budgetStore: own?.budgetStore ?? options.budgetStore };
}

/**
 * Creates a payout intent in status `draft` (spec: POST /payouts), after every check
 * `payoutsPreview` reports (docs/money.md): the address against the chain (form and checksum; not
 * the zero address, not a token's contract), the amount and the token against the chain, then the
 * payout policies (the call's, and on a `Chainbill` the client's).
 *
 * @param core - The core (or `Chainbill`) to send through.
 * @param params - Recipient (an address of `chain`), chain, token (one the chain has), amount
 *   (token units, ≥ 0.01, at most 6 decimals), currency, and optional description (≤ 512 chars),
 *   reference and due date.
 * @param options - `payoutPolicy`, `checkAddresses`, and the per-call options; an
 *   `Idempotency-Key` is sent and kept across retries.
 * @returns The new payout intent.
 * @throws {RequestValidationError} on a missing or out-of-range parameter, before sending:
 *   `param: 'recipient_address'` for an address the chain cannot take, `param: 'amount'` for more
 *   than 6 decimals, `param: 'token'` for a token the chain does not have (USDT on base).
 * @throws {PayoutPolicyError} for a payout outside a payout policy, before sending.
 * @throws {ConfigurationError} when `payoutPolicy` cannot be checked, before sending.
 * @throws {AuthenticationError} on a rejected key; `APIError` subclasses on other errors.
 * @example
 * ```ts
 * const draft = await payoutsCreate(core, {
 *   recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 250, currency: 'USD',
 * }, { payoutPolicy: { maxAmount: { USDT: '5000' } } });
 * ```
 */
export function payoutsCreate(
  core: ChainbillCore,
  params: PayoutCreateParams,
  options: PayoutCreateOptions = {},
): APIPromise<PayoutIntent> {
  const { payoutPolicy, checkAddresses, budgetStore, ...request } = options;
  return core.request(() => {
    const setup = payoutCheckSetup(core, { payoutPolicy, checkAddresses, budgetStore });
    const { preview, error } = checkPayout(params, setup);
    if (error !== undefined) throw error;
    return withBudgets(core, setup, encodedRequestOf(payoutCreateOperation, undefined, preview.request));
  }, request);
}

/**
 * Runs every check `payoutsCreate` runs, and sends nothing: the params, the amount, the token, the
 * address, and each rule of the payout policies (docs/money.md, "Preview"). A failed check is
 * reported, not thrown; `ok` is `true` exactly when `payoutsCreate` would send.
 *
 * @param core - The core (or `Chainbill`) the payout would go through.
 * @param params - The params you would pass to `payoutsCreate`.
 * @param options - `payoutPolicy` and `checkAddresses`, as `payoutsCreate` takes them.
 * @returns `{ ok, checks: [{ rule, ok, message? }], request, amountAtomic }`; `request` is the
 *   body `payoutsCreate` would send.
 * @throws {RequestValidationError} only when `params` is not an object (`param: 'params'`).
 * @throws {ConfigurationError} when `payoutPolicy` cannot be checked.
 * @example
 * ```ts
 * const preview = await payoutsPreview(core, {
 *   recipient_address: 'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc', chain: 'tron', token: 'USDT', amount: 250, currency: 'USD',
 * });
 * for (const check of preview.checks) console.log(check.rule, check.ok, check.message ?? '');
 * ```
 */
export async function payoutsPreview(
  core: ChainbillCore,
  params: PayoutCreateParams,
  options: PayoutCheckOptions = {},
): Promise<PayoutPreview> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new RequestValidationError('params', [
      { path: [], code: 'invalid_type', message: 'must be an object' },
    ]);
  }
  const setup = payoutCheckSetup(core, options);
  const { preview } = checkPayout(params, setup);
  const claims = preview.request === null ? [] : claimsOf(setup.policies, preview.request, Date.now());
  if (claims.length === 0) return preview;
  const checks = await budgetChecks(core, budgetStoreOf(core, setup.budgetStore), claims);
  return {
    ...preview,
    ok: preview.ok && checks.every((check) => check.ok),
    checks: [...preview.checks, ...checks],
  };
}

/**
 * A checked `POST /payouts` as it goes out: when a budget of the policies counts the payout, its
 * claims reserved first, and settled once the API answered.
 *
 * @internal
 * @param core - The core the payout goes through.
 * @param setup - Its checks: the policies and the budget store.
 * @param spec - The call, its body checked.
 * @returns The call to send, or a promise of it while the budgets are reserved.
 * @throws {PayoutPolicyError} (through the promise) when a budget has no room for the payout.
 */
export function withBudgets<T>(
  core: ChainbillCore,
  setup: PayoutCheckSetup,
  spec: RequestSpec<T>,
): RequestSpec<T> | Promise<RequestSpec<T>> {
  const body = spec.body as PayoutCreateBody;
  const claims = claimsOf(setup.policies, body, Date.now());
  if (claims.length === 0) return spec;
  return reserving(core, budgetStoreOf(core, setup.budgetStore), spec, claims);
}
