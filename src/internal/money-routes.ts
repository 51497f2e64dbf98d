/**
 * Which raw calls write money (docs/raw-calls.md, "Payouts through raw calls"): the one place that
 * tells a payout write among raw calls apart, read by every core before a raw write is sent. Its
 * checks (src/payouts/raw-writes.ts) load only for such a call.
 *
 * @module
 */
import type { RequestSpec } from './types.js';

/** A raw call recognised as a payout write: what it does, and the payout's id for an update. */
export type PayoutWrite =
  | { readonly kind: 'create' }
  | { readonly kind: 'update'; readonly id: string }
  | { readonly kind: 'unknown' };

// Servers read one path many ways: percent-encoded letters, any case (Unicode folding included:
// `ſ` is `S`), compatibility forms (`ｐ`), doubled or trailing slashes, a format suffix (Rails,
// Spring: `/payouts.json`), trailing dots and spaces (IIS). The match covers them all.
const payouts = /^payouts(\..*)?$/;

function fold(segment: string): string {
  return decodeURIComponent(segment).normalize('NFKC').toUpperCase().toLowerCase().trim();
}

/**
 * Tells whether a raw call writes payouts. Any write whose path names `payouts` is one: `POST …/
 * payouts` creates, `PATCH …/payouts/{id}` updates; any other (`DELETE /payouts/{id}`, `POST
 * /payouts/{id}/approve`) cannot be checked, so it is `unknown`, and refused.
 *
 * @param method - The HTTP method.
 * @param path - The raw path, as checked by the raw-call rules (its escapes decode).
 * @returns What the call writes, or `undefined` when it writes no payout.
 */
export function payoutWriteOf(method: RequestSpec<unknown>['method'], path: string): PayoutWrite | undefined {
  if (method === 'GET') return undefined;
  const segments = path.split('/').filter((segment) => fold(segment) !== '');
  const at = segments.findIndex((segment) => payouts.test(fold(segment)));
  if (at === -1) return undefined;
  const rest = segments.length - 1 - at;
  if (method === 'POST' && rest === 0) return { kind: 'create' };
  const id = segments[at + 1];
  if (method === 'PATCH' && rest === 1 && id !== undefined)
    return { kind: 'update', id: decodeURIComponent(id) };
  return { kind: 'unknown' };
}
