import * as z from 'zod/mini';
import type { Chain, Environment, Token, Unrecognized } from '../core/types.js';
import {
  atomicAmount,
  chainField,
  dateTime,
  environmentField,
  lazy,
  nullableTime,
  openEnum,
  responseObject,
  tokenField,
} from '../internal/schemas.js';
import { model } from '../internal/tie.js';

// What a payout intent is: its states, its fields and the schema that checks them. The params,
// operations and class are in payouts.ts.

/** Payout states, in lifecycle order (spec: States and transitions, Payout intent). */
export const payoutStatuses = [
  'draft',
  'approved',
  'pending_execution',
  'executed',
  'verifying',
  'settled',
  'failed',
  'canceled',
] as const;
/**
 * Payout states (spec: States and transitions, Payout intent). `draft` → `approved` or `canceled`
 * by the API; then `pending_execution` → `executed` → `verifying` → `settled`, or `failed`.
 */
export type PayoutStatus = (typeof payoutStatuses)[number];

/** The states `PATCH /payouts/{id}` can move a `draft` payout to (spec: PATCH /payouts/{id}). */
export const payoutUpdateStatuses: readonly ['approved', 'canceled'] = [
  'approved',
  'canceled',
] as const satisfies readonly PayoutStatus[];

/** What a payout can pay for (spec: Payout intent `reference_type`). */
export const payoutReferenceTypes = ['checkout', 'subscription', 'invoice', 'manual'] as const;
/** What a payout pays for (spec: Payout intent `reference_type`). */
export type PayoutReferenceType = (typeof payoutReferenceTypes)[number];

/** An outgoing on-chain transfer with an approval lifecycle (spec: Resources, Payout intent). */
export interface PayoutIntent {
  /** Identifier, prefix `po_`. */
  id: string;
  /** Organization that owns the payout. */
  org_id: string;
  /** Blockchain address to send to. */
  recipient_address: string;
  /** Network of the transfer. */
  chain: Chain | Unrecognized;
  /** Stablecoin sent. */
  token: Token | Unrecognized;
  /** Payout amount in token units (USDT/USDC ≈ USD), a double; see `amount_atomic` for the exact value. */
  amount: number;
  /**
   * Amount in the token's smallest unit (6 decimals), a string of digits only (`/^\d+$/`); `null`
   * when the amount has more decimals than the token.
   */
  amount_atomic: string | null;
  /** Currency code, for example `USD`. */
  currency: string;
  /** Where the payout is in its lifecycle. */
  status: PayoutStatus | Unrecognized;
  /** Free text, up to 512 characters. */
  description: string | null;
  /** Type of the referenced entity. Not always present in responses. */
  reference_type?: PayoutReferenceType | Unrecognized | null;
  /** Identifier of the referenced entity. */
  reference_id: string | null;
  /** When the payout is due (ISO 8601). */
  due_date: string | null;
  /** When the payout was approved (ISO 8601). */
  approved_at: string | null;
  /** User who approved the payout. */
  approved_by: string | null;
  /** When the transaction was submitted on-chain (ISO 8601). */
  executed_at: string | null;
  /** Expected on-chain transaction hash. */
  expected_tx_hash: string | null;
  /** When the on-chain settlement was verified (ISO 8601). */
  verified_at: string | null;
  /** When the payout failed (ISO 8601). */
  failed_at: string | null;
  /** When the payout was canceled (ISO 8601). */
  canceled_at: string | null;
  /** Why the payout failed. */
  failure_reason: string | null;
  /** `live` or `sandbox`, from the key that created it. */
  environment: Environment | Unrecognized;
  /** Creation time (ISO 8601). */
  created_at: string;
  /** Last update time (ISO 8601). */
  updated_at: string;
}

const nullableString = /*@__PURE__*/ lazy(() => z.nullable(z.string()));

/**
 * Schema of {@link PayoutIntent}, built on first use; unknown fields are kept.
 *
 * @internal It names zod types, which the published declarations leave out (docs/packaging.md).
 */
export const payoutIntentSchema: () => z.ZodMiniType<PayoutIntent> = /*@__PURE__*/ lazy(() =>
  model<PayoutIntent>()(
    responseObject({
      id: z.string(),
      org_id: z.string(),
      recipient_address: z.string(),
      chain: chainField(),
      token: tokenField(),
      amount: z.number(),
      amount_atomic: z.nullable(atomicAmount()),
      currency: z.string(),
      status: openEnum(payoutStatuses),
      description: nullableString(),
      reference_type: z.exactOptional(z.nullable(openEnum(payoutReferenceTypes))),
      reference_id: nullableString(),
      due_date: nullableTime(),
      approved_at: nullableTime(),
      approved_by: nullableString(),
      executed_at: nullableTime(),
      expected_tx_hash: nullableString(),
      verified_at: nullableTime(),
      failed_at: nullableTime(),
      canceled_at: nullableTime(),
      failure_reason: nullableString(),
      environment: environmentField(),
      created_at: dateTime(),
      updated_at: dateTime(),
    }),
  ),
);
