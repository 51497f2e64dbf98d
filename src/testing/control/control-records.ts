import type { FakeChainbill } from '../fake.js';
import { invalid } from '../http/errors.js';
import { modules } from '../router.js';
import { internalsOf } from '../state/slot.js';

/** How many records of each resource `GET /_fake/records` gives when `?limit=` is not sent. */
const defaultLimit = 100;
/** The most it gives of each resource, so one answer stays small whatever the fake holds. */
const maxLimit = 1000;

/** The newest records of one resource in one organization and environment. */
export interface ResourceRecords {
  /** How many the fake holds. */
  total: number;
  /** The newest `limit` of them, newest first, as the fake stores them. */
  data: unknown[];
}

/** What the fake holds in one organization and environment. */
export interface ScopeRecords {
  org_id: string;
  environment: string;
  /** By resource, in snake case as in a seed file (`payment_methods`), every resource listed. */
  resources: Record<string, ResourceRecords>;
}

/**
 * Every record the fake holds, by organization and environment, then by resource
 * (`GET /_fake/records`, docs/fake-server.md): the newest `limit` of each (default 100, at most
 * 1000). What the clock has made due by now happens first, as before an API request, so a record
 * reads as the next request would see it.
 *
 * @param fake - The fake.
 * @param query - The request's query: `limit` only.
 * @returns `{ limit, scopes }`.
 * @throws {FakeApiError} 400 for another query parameter or a `limit` outside 1 to 1000.
 */
export function recordsOf(
  fake: FakeChainbill,
  query: URLSearchParams,
): { limit: number; scopes: ScopeRecords[] } {
  for (const key of query.keys())
    if (key !== 'limit') throw invalid(key, 'is not a query parameter: use ?limit=N');
  const raw = query.get('limit') ?? String(defaultLimit);
  const limit = Number(raw);
  if (!/^\d{1,4}$/.test(raw) || limit < 1 || limit > maxLimit)
    throw invalid('limit', `must be a whole number from 1 to ${maxLimit}`);
  const { state } = internalsOf(fake);
  state.events.as('clock', () => state.clock.catchUp());
  const scopes = [...state.scopes()].map((scope) => ({
    org_id: scope.org_id,
    environment: scope.environment,
    resources: Object.fromEntries(
      modules.map(({ collection }) => {
        const all: readonly unknown[] = scope.peek(collection)?.all() ?? [];
        return [snakeCase(collection.name), { total: all.length, data: all.slice(-limit).reverse() }];
      }),
    ),
  }));
  return { limit, scopes };
}

/** `paymentMethods` → `payment_methods`: the wire's and the seed file's names. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
