import type { FakeChainbill } from '../fake.js';
import { FakeApiError, invalid } from '../http/errors.js';
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
  /** How many of them hold each status (none for a resource without one). */
  statuses: Record<string, number>;
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
): { limit: number; columns: Record<string, readonly string[]>; scopes: ScopeRecords[] } {
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
        const all = (scope.peek(collection)?.all() ?? []) as readonly Record<string, unknown>[];
        const data = all.slice(-limit).reverse();
        return [snakeCase(collection.name), { total: all.length, statuses: statusesOf(all), data }];
      }),
    ),
  }));
  const columns = Object.fromEntries(
    modules.map((module) => [snakeCase(module.collection.name), module.columns]),
  );
  return { limit, columns, scopes };
}

/** One page of one resource's records in one organization and environment, as the inspector pages them. */
export interface RecordPage {
  resource: string;
  org_id: string;
  environment: string;
  /** The fields a table shows, most important first. */
  columns: readonly string[];
  /** How many records the resource holds there. */
  total: number;
  /** How many of them match `q` and `status`. */
  matched: number;
  offset: number;
  limit: number;
  /** How many records hold each status, among all of them (for a filter's choices). */
  statuses: Record<string, number>;
  /** The matching records from `offset`, newest first. */
  data: unknown[];
}

/**
 * One resource's records in one organization and environment, newest first, a page at a time
 * (`GET /_fake/records/{resource}`): `q` keeps those whose JSON holds it (an id, an email, a
 * hash; any case), `status` those in that status, `offset` and `limit` (1 to 1000, default 50)
 * choose the page, so every record can be read however many there are.
 *
 * @throws {FakeApiError} 404 for a resource the fake does not hold; 400 for a bad query parameter.
 */
export function recordPage(fake: FakeChainbill, resource: string, query: URLSearchParams): RecordPage {
  const module = modules.find(({ collection }) => snakeCase(collection.name) === resource);
  if (module === undefined)
    throw new FakeApiError(
      404,
      'invalid_request_error',
      'resource_missing',
      `No resource ${resource}: use one of ${modules.map(({ collection }) => snakeCase(collection.name)).join(', ')}`,
    );
  const allowed = ['org_id', 'environment', 'q', 'status', 'offset', 'limit'];
  for (const key of query.keys())
    if (!allowed.includes(key)) throw invalid(key, `is not a query parameter: use ${allowed.join(', ')}`);
  const org_id = query.get('org_id') ?? '';
  const environment = query.get('environment') ?? 'sandbox';
  if (environment !== 'sandbox' && environment !== 'live')
    throw invalid('environment', 'must be sandbox or live');
  const offset = whole(query, 'offset', 0, 1e9);
  const limit = whole(query, 'limit', 50, maxLimit);
  const { state } = internalsOf(fake);
  state.events.as('clock', () => state.clock.catchUp());
  const scope = [...state.scopes()].find(
    (found) => found.org_id === org_id && found.environment === environment,
  );
  const all = (scope?.peek(module.collection)?.all() ?? []) as readonly Record<string, unknown>[];
  const statuses = statusesOf(all);
  const status = query.get('status');
  const text = (query.get('q') ?? '').trim().toLowerCase();
  const matching = all.filter(
    (record) =>
      (status === null || status === '' || record['status'] === status) &&
      (text === '' || JSON.stringify(record).toLowerCase().includes(text)),
  );
  const data = matching
    .slice(0, Math.max(0, matching.length - offset))
    .slice(-limit)
    .reverse();
  return {
    resource,
    org_id,
    environment,
    columns: module.columns,
    total: all.length,
    matched: matching.length,
    offset,
    limit,
    statuses,
    data,
  };
}

/** How many records hold each status. */
function statusesOf(records: readonly Record<string, unknown>[]): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const { status } of records)
    if (typeof status === 'string') statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}

/** A whole query parameter from 0 (or 1, for a limit) to `max`, or its default. */
function whole(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  const least = name === 'limit' ? 1 : 0;
  if (!/^\d{1,10}$/.test(raw) || value < least || value > max)
    throw invalid(name, `must be a whole number from ${least} to ${max}`);
  return value;
}

/** `paymentMethods` → `payment_methods`: the wire's and the seed file's names. */
function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
