/** `chainbill payouts create` for 12.5 USDT to a real Tron address, without `--yes`. */
export const payoutCreateArgs: readonly string[] = [
  'payouts',
  'create',
  '--recipient-address',
  'TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc',
  '--chain',
  'tron',
  '--token',
  'USDT',
  '--amount',
  '12.5',
  '--currency',
  'USD',
];
