/**
 * Every id prefix, written once (spec: Identifier prefixes), for the path-id checks, the params
 * schemas and the fake's ids. The spec names the first nine; the rest are the fake's choice for
 * ids the spec shows without a prefix.
 */
export const idPrefixes = {
  paymentMethod: 'pm_',
  payout: 'po_',
  subscription: 'sub_',
  customer: 'cus_',
  plan: 'plan_',
  entitlement: 'ent_',
  paymentLink: 'pl_',
  checkout: 'co_',
  webhookEndpoint: 'we_',
  payoutSettlement: 'ps_',
  revenueEvent: 'rev_',
  renewal: 'ren_',
  wallet: 'wal_',
} as const;

/** A kind of id: `payout` for `po_…`, `plan` for `plan_…`, … . */
export type IdKind = keyof typeof idPrefixes;
