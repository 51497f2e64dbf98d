/**
 * Every id prefix, written once (spec: Identifier prefixes). Read by the operations (a path id is
 * checked against its prefix, then encoded), by the params schemas' id fields, and by the fake's id
 * generator. The spec's table names the first nine; the others are ids the spec shows without a
 * prefix (settlement records, revenue events, renewals, wallets), and the prefixes are the fake's
 * choice.
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
