declare const unrecognized: unique symbol;

/**
 * A value of a response enum that this version of the SDK does not know yet.
 * Response enums are open: `PayoutStatus` is the spec's literals `| Unrecognized`, so a
 * state the API adds later parses instead of failing; compare against the known literals and treat
 * anything else as unknown.
 */
export type Unrecognized = string & {
  /** Type-level brand only: no such property exists at run time. */
  readonly [unrecognized]: true;
};

/** The blockchain networks, in the spec's order (spec: `chain` enum). */
export const chains = ['tron', 'arbitrum', 'base'] as const;
/** Blockchain networks (spec: `chain` enum). */
export type Chain = (typeof chains)[number];
/** The stablecoins, in the spec's order (spec: `token` enum). */
export const tokens = ['USDT', 'USDC'] as const;
/** Stablecoins (spec: `token` enum). Both have 6 decimals. */
export type Token = (typeof tokens)[number];
/** The environments a key can belong to. */
export const environments = ['live', 'sandbox'] as const;
/** The environment a key and its resources belong to: `sk_live_` → `live`, `sk_test_` → `sandbox`. */
export type Environment = (typeof environments)[number];

/** Arbitrary key-value data attached to a resource (customers, checkouts). */
export type Metadata = Record<string, unknown>;

/**
 * What a `delete` resolves to: the id that was deleted and `deleted: true`,
 * for any 2xx answer, with or without a body. Used by `entitlements.delete` and
 * `webhookEndpoints.delete`.
 */
export interface DeletedObject {
  /** The id of the deleted resource, as passed to `delete`. */
  id: string;
  /** Always `true`: a failed delete rejects instead. */
  deleted: true;
}

/**
 * Headers as `fetch` takes them (`HeadersInit`): a record of names to values, a `Headers`, or an
 * array of `[name, value]` pairs. Names are case-insensitive; values must be Latin-1 without line
 * breaks, as `Headers` requires.
 */
export type HeadersLike = Record<string, string> | Headers | readonly (readonly [string, string])[];

/**
 * A `fetch`-compatible function: the client's `fetch` option (the fake API's `fetch`, a custom
 * agent, a test double). It receives a `Request` whose `redirect` is `'manual'`.
 */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
