/**
 * The one list of checks a payout goes through (docs/money.md, "Preview"): `payouts.create` runs it
 * and sends only when every check passes, `payouts.preview` runs it and reports, so the two cannot
 * disagree. In order: the params schema with the money checks (`params`, then `amount`, `token`,
 * `address`), then each rule the client's payout policy sets.
 */
import type * as z from 'zod/mini';
import type { ChainbillError } from '../core/error.js';
import { RequestValidationError } from '../core/error.js';
import { toAtomicUnits } from '../core/money.js';
import { ownMessages, paramOf, toIssues } from '../internal/issues.js';
import type { ChainbillStore } from '../store/store.js';
import { type MoneyCheck, moneyRuleOf } from './money-checks.js';
import type { PayoutCreateParams } from './params.js';
import { PayoutPolicyError } from './policy.js';
import { applyPolicy, type CompiledPolicy } from './policy-rules.js';
import type { PayoutCheck, PayoutCreateBody, PayoutPreview } from './preview.js';

type CreateSchema = z.ZodMiniType<PayoutCreateBody, PayoutCreateParams>;

/** What a payout is checked with: the schemas and money checks, and the payout policies. */
export interface PayoutCheckSetup {
  /** The create operation's params schema: the fields and the money checks. */
  readonly schema: () => CreateSchema;
  /** The fields alone: the params as sent, read when only a money check failed. */
  readonly fields: () => CreateSchema;
  /** The money checks that `schema` runs, in its order. */
  readonly checks: readonly MoneyCheck[];
  /** The payout policies that apply: the client's, and one given to the call; each must pass. */
  readonly policies: readonly CompiledPolicy[];
  /** Where the policies' budgets are kept: the client's or the call's store, if given. */
  readonly budgetStore?: ChainbillStore | undefined;
}

/** The checks' outcome: the preview, and the error `create` throws when a check failed. */
export interface PayoutOutcome {
  readonly preview: PayoutPreview;
  /** The first failure as `create` reports it; `undefined` when the request may be sent. */
  readonly error: ChainbillError | undefined;
}

/**
 * Runs every check of a payout; sends nothing.
 *
 * @param params - What the caller passed to `create` or `preview`; `undefined` counts as `{}`.
 * @param setup - The client's schemas, money checks and policy.
 * @returns The preview and, when a check failed, the error `create` throws: a
 *   `RequestValidationError` (as the params schema alone would give it) before a `PayoutPolicyError`.
 */
export function checkPayout(params: unknown, setup: PayoutCheckSetup): PayoutOutcome {
  const input = params === undefined ? {} : params;
  const parsed = safeParse(setup.schema(), input);
  if (parsed === undefined) {
    const error = new RequestValidationError('params', [
      { path: [], code: 'custom', message: 'cannot be read: reading it threw (a getter or a Proxy)' },
    ]);
    return outcome([{ rule: 'params', ok: false, message: error.message }], null, error);
  }
  const checks: PayoutCheck[] = [];
  let error: ChainbillError | undefined;
  let body: PayoutCreateBody | undefined;
  if (parsed.success) {
    body = parsed.data;
    checks.push(
      { rule: 'params', ok: true },
      ...setup.checks.map((check) => ({ rule: check.rule, ok: true })),
    );
  } else {
    const raw = parsed.error.issues;
    const issues = toIssues(raw);
    error = new RequestValidationError(paramOf(issues[0], raw[0]), issues);
    const failed = new Map<string, string>();
    raw.forEach((issue, i) => {
      const rule = moneyRuleOf(issue) ?? 'params';
      const param = paramOf(issues[i], issue);
      if (!failed.has(rule))
        failed.set(rule, `Invalid parameter \`${param}\`: ${issues[i]?.message ?? 'is invalid'}`);
    });
    const paramsFailed = failed.get('params');
    if (paramsFailed !== undefined)
      return outcome([{ rule: 'params', ok: false, message: paramsFailed }], null, error);
    checks.push({ rule: 'params', ok: true });
    for (const { rule } of setup.checks) {
      const message = failed.get(rule);
      checks.push(message === undefined ? { rule, ok: true } : { rule, ok: false, message });
    }
    const fields = safeParse(setup.fields(), input);
    body = fields?.success ? fields.data : undefined;
  }
  for (const policy of body === undefined ? [] : setup.policies) {
    for (const { rule, param, problem } of applyPolicy(policy, body as PayoutCreateBody)) {
      if (problem === null) {
        checks.push({ rule, ok: true });
        continue;
      }
      const refusal = new PayoutPolicyError(rule, param, problem);
      checks.push({ rule, ok: false, message: refusal.message });
      error ??= refusal;
    }
  }
  return outcome(checks, body ?? null, error);
}

/** The schema's answer, or `undefined` when reading the params threw (a getter, a Proxy trap). */
function safeParse(schema: CreateSchema, input: unknown): ReturnType<CreateSchema['safeParse']> | undefined {
  try {
    return schema.safeParse(input, ownMessages);
  } catch {
    return undefined; // what was thrown is the caller's: it is neither read nor kept
  }
}

function outcome(
  checks: PayoutCheck[],
  request: PayoutCreateBody | null,
  error: ChainbillError | undefined,
): PayoutOutcome {
  return { preview: { ok: error === undefined, checks, request, amountAtomic: atomicOf(request) }, error };
}

function atomicOf(request: PayoutCreateBody | null): string | null {
  if (request === null) return null;
  try {
    return toAtomicUnits(request.amount, request.token);
  } catch {
    return null; // finer than the token: the `amount` check says so
  }
}
