import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

/**
 * Response bodies for the benchmark: payout intents shaped as `PayoutIntent` in
 * src/payouts/payouts.ts, every field valid for its schema, so the validated client does the
 * whole parse, not an early failure. The server serializes these once, at start-up.
 */

/** Items per page in every list measure: the spec's largest `limit`. */
export const pageSize = 100;

const statuses = ['draft', 'approved', 'pending_execution', 'executed', 'verifying', 'settled', 'failed'];
const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const hex = '0123456789abcdef';

/**
 * A deterministic string of `length` characters drawn from `alphabet`.
 *
 * @param alphabet - The characters to use.
 * @param seed - Any integer; the same seed gives the same string.
 * @param length - How many characters.
 * @returns The string.
 */
function chars(alphabet, seed, length) {
  let out = '';
  let x = (seed * 2654435761) >>> 0;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += alphabet[(x >>> 16) % alphabet.length];
  }
  return out;
}

/**
 * An ISO 8601 date-time `minutes` after 2026-01-01, the form the API sends (`…Z`, milliseconds).
 *
 * @param minutes - Minutes past the epoch of the fixtures.
 * @returns The date-time string.
 */
const at = (minutes) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();

/**
 * The `n`-th payout intent of the virtual list: timestamps follow its status (an `approved`
 * payout has `approved_at`, a `settled` one also `executed_at`, `verified_at` and a tx hash).
 * About 720 bytes of JSON (700 to 800 by status), so a page of 100 is about 72 KB.
 *
 * @param n - Position in the list, 0 or more.
 * @returns A `PayoutIntent` as JSON-ready data.
 */
export function payoutIntent(n) {
  const status = statuses[n % statuses.length];
  const step = statuses.indexOf(status);
  const created = n * 7;
  const cents = 1_000 + ((n * 7919) % 5_000_000);
  return {
    id: `po_${chars(base58, n, 24)}`,
    org_id: 'org_2xK9mQ4vTn8pLwR3',
    recipient_address: `T${chars(base58, n + 1, 33)}`,
    chain: 'tron',
    token: 'USDT',
    amount: cents / 100,
    amount_atomic: String(cents * 10_000),
    currency: 'USD',
    status,
    description: `Affiliate fees, invoice batch ${chars(base58, n + 2, 8)}`,
    reference_type: 'invoice',
    reference_id: `inv_${chars(base58, n + 3, 16)}`,
    due_date: at(created + 30 * 24 * 60),
    approved_at: step >= 1 ? at(created + 60) : null,
    approved_by: step >= 1 ? `usr_${chars(base58, n + 4, 16)}` : null,
    executed_at: step >= 3 ? at(created + 120) : null,
    expected_tx_hash: step >= 3 ? chars(hex, n + 5, 64) : null,
    verified_at: step >= 5 ? at(created + 180) : null,
    failed_at: status === 'failed' ? at(created + 150) : null,
    canceled_at: null,
    failure_reason: status === 'failed' ? 'insufficient_energy' : null,
    environment: 'sandbox',
    created_at: at(created),
    updated_at: at(created + 180),
  };
}

/**
 * The JSON text of the `data` array of page `variant`: 100 distinct payouts. The server keeps a
 * few variants and serves them in turn, so the pages of a walk are not all the same text.
 *
 * @param variant - Which set of 100 payouts, 0 or more.
 * @returns `[{…}, …]` as text.
 */
export function pageDataJson(variant) {
  const items = [];
  for (let i = 0; i < pageSize; i++) items.push(payoutIntent(variant * pageSize + i));
  return JSON.stringify(items);
}

/**
 * Valid params of `payouts.create` (spec: POST /payouts), sent as the raw client's body too.
 * A fixed string `due_date`, as both clients send the same bytes.
 */
export const createParams = Object.freeze({
  recipient_address: 'TYCC8NM8NiAasZAMov25QpG5oFZ9EPFRrx',
  chain: 'tron',
  token: 'USDT',
  amount: 250,
  currency: 'USD',
  description: 'November affiliate fees for the EMEA partner programme, batch 2041 (finance approved)',
  reference_type: 'invoice',
  reference_id: 'inv_2041',
  due_date: '2026-12-01T00:00:00.000Z',
});

/**
 * The 201 body of `POST /v1/payouts`: a new draft payout with the create params.
 *
 * @returns A `PayoutIntent` in status `draft`, as JSON text.
 */
export function createdJson() {
  const draft = payoutIntent(0);
  return JSON.stringify({
    ...draft,
    ...createParams,
    amount_atomic: '250000000',
    status: 'draft',
    failure_reason: null,
    failed_at: null,
  });
}

/**
 * Distinct valid Tron addresses (base58check of `0x41` and 20 bytes from a fixed sequence), for a
 * `payouts.create` to a recipient the SDK has not checked before: the address check remembers the
 * last answers (src/payouts/address.ts), and a bench that repeats one address measures only that.
 *
 * @param count - How many addresses.
 * @returns The addresses, all different.
 */
export function tronAddresses(count) {
  const base58check = createBase58check(sha256);
  return Array.from({ length: count }, (_, n) => {
    const bytes = new Uint8Array(21);
    bytes[0] = 0x41;
    let x = (n * 2654435761 + 1) >>> 0;
    for (let i = 1; i < 21; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      bytes[i] = x >>> 24;
    }
    return base58check.encode(bytes);
  });
}
