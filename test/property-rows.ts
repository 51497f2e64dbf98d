/**
 * One row per SDK method for `property.test.ts`: how to call it, its parameters (valid and invalid
 * values of each, from the spec's limits) and the request the spec says it sends. The method,
 * path, id prefix and the list of parameters (with which are required) come from each method's
 * operation, so they are never restated here; the values are in `property-values.ts`, one table by
 * parameter name.
 */
import type { Chainbill } from 'chainbill';
import fc from 'fast-check';
import { type CatalogEntry, catalog } from '../src/catalog/catalog.js';
import { idPrefixes } from '../src/internal/ids.js';
import type { Operation } from '../src/internal/operation.js';
import { payoutSettlementOperations } from '../src/payouts/settlements.js';
import { revenueEventOperations } from '../src/revenue-events/event.js';
import { feedOwnedParams } from '../src/revenue-events/feed-options.js';
import { addressOf } from '../src/testing/state/addresses.js';
import {
  account,
  byMethod,
  byName,
  dateTime,
  type Field,
  idOf,
  maxText,
  oneOf,
  payoutDescription,
  requiredText,
  text,
  token,
  tokenAmount,
  valueFields,
} from './property-values.js';

export type { Field } from './property-values.js';

/** One SDK method. */
export interface Row {
  name: string;
  http: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path under `/v1` for a path id (ignored by methods without one). */
  path: (id: string) => string;
  /** The path id's prefix, for methods that take one. */
  idPrefix?: string;
  fields: Record<string, Field>;
  /** Valid parameter sets, when fields depend on each other; default: built from `fields`. */
  params?: fc.Arbitrary<Record<string, unknown>>;
  /** Fields the method adds itself (`approve` → `status: 'approved'`, the first `offset`). */
  fixed?: Record<string, unknown>;
  /** What it sends when that is not its params and `fixed` (a wait polls a list by the id). */
  sends?: (id: string) => Record<string, unknown>;
  call: (client: Chainbill, id: string, params: never) => PromiseLike<unknown>;
}

/** A field of a params schema, as much of zod's own description of it as these rows read. */
interface FieldSchema {
  _zod: { optin?: string; def: { innerType?: FieldSchema; entries?: Record<string, string> } };
}

/** The fields of an operation's params schema, by wire name. */
function shapeOf(operation: Operation): Record<string, FieldSchema> {
  const def = operation.params?.()._zod.def as { shape?: Record<string, FieldSchema> } | undefined;
  return def?.shape ?? {};
}

/** The values of a parameter: literal above, or, for an enum nobody listed, its own options. */
function valuesOf(name: string, param: string, field: FieldSchema): Field {
  const listed = byMethod[name]?.[param] ?? byName[param];
  if (listed !== undefined) return listed;
  const entries = (field._zod.def.innerType ?? field)._zod.def.entries;
  if (entries !== undefined) return oneOf(Object.values(entries));
  throw new Error(
    `property rows: no values for \`${param}\` of ${name}: add them to byName in property-values.ts`,
  );
}

/**
 * A row for a method: method, path and id prefix from its operation; its parameters, and which
 * are required, from the operation's params schema, unless the method takes none of its own
 * (`approve`, `pause`, …: `fixed` says what it sends).
 */
function row(
  name: string,
  operation: Operation,
  call: Row['call'],
  extra: Pick<Row, 'fixed'> & { ownParams?: false } = {},
): Row {
  const fields: Record<string, Field> = {};
  if (extra.ownParams !== false) {
    for (const [param, field] of Object.entries(shapeOf(operation)))
      fields[param] = { ...valuesOf(name, param, field), required: field._zod.optin !== 'optional' };
  }
  const params = paramSets[name];
  return {
    name,
    http: operation.method,
    path: (id) => operation.path.replace('{id}', id),
    ...(operation.id === undefined ? {} : { idPrefix: idPrefixes[operation.id] }),
    fields,
    ...(params === undefined ? {} : { params }),
    ...(extra.fixed === undefined ? {} : { fixed: extra.fixed }),
    call,
  };
}

/** Valid parameter sets where fields depend on each other (the value field `value_type` names). */
const paramSets: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  // A recipient address is one of its chain: chain and address are drawn together.
  'payouts.create': fc
    .record(
      {
        chain: fc.constantFrom('tron', 'arbitrum', 'base'),
        account,
        token: token.valid,
        amount: tokenAmount.valid,
        currency: requiredText.valid,
        description: payoutDescription.valid,
        reference_type: oneOf(['checkout', 'subscription', 'invoice', 'manual']).valid,
        reference_id: fc.oneof(text(), fc.constant(null)),
        due_date: dateTime(true).valid,
      },
      { requiredKeys: ['chain', 'account', 'token', 'amount', 'currency'] },
    )
    .map(({ account: bytes, chain: on, ...rest }) => ({
      ...rest,
      chain: on,
      // Base has USDC only (docs/money.md): a USDT drawn for it becomes USDC.
      ...(on === 'base' ? { token: 'USDC' } : {}),
      recipient_address: addressOf(on as 'tron' | 'arbitrum' | 'base', bytes as Uint8Array),
    })),
  'entitlements.create': fc
    .record({
      plan_id: idOf('plan_'),
      feature_key: text().filter((s) => s.length > 0),
      value_type: fc.constantFrom('boolean', 'numeric', 'string'),
    })
    .chain((base) =>
      fc
        .record({ value: (valueFields[`value_${base.value_type}`] as Field).valid.filter((v) => v !== null) })
        .map(({ value }) => ({ ...base, [`value_${base.value_type}`]: value })),
    ),
  'entitlements.update': fc.record(
    Object.fromEntries(Object.entries(valueFields).map(([k, f]) => [k, f.valid])),
    { requiredKeys: [] },
  ),
  'paymentMethods.update': fc.record(
    {
      display_name: maxText(256, true).valid,
      required_confirmations: fc.integer({ min: 1, max: 1000 }),
      min_amount_usd: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(null)),
      max_amount_usd: fc.oneof(fc.double({ min: 1e6, max: 1e9, noNaN: true }), fc.constant(null)),
      is_default: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
};

/** Calls an entry's method on a client with the arguments it takes: the path id, the params. */
function caller(entry: CatalogEntry): Row['call'] {
  return (client, id, params) => {
    const target = entry.resource.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], client);
    const args = [...(entry.idPrefix === undefined ? [] : [id]), ...(entry.takesParams ? [params] : [])];
    return (target as Record<string, (...a: unknown[]) => PromiseLike<unknown>>)[entry.method]?.(
      ...args,
    ) as PromiseLike<unknown>;
  };
}

// Ahead of the clock: a feed behind the present would read a slice of time (a `date_to`) first.
const feedStart = new Date('2099-01-01T00:00:00.000Z');

/**
 * Runs a consumer until its feed's first poll is answered: as {@link watchOnce}, with a name of
 * its own (a new position in the client's memory store) and a handler for every event.
 */
function consumeOnce(client: Chainbill, _id: string, params: never): PromiseLike<unknown> {
  const stop = new AbortController();
  const options =
    typeof params === 'object' && params !== null && !Array.isArray(params)
      ? {
          ...(params as object),
          name: `property-${crypto.randomUUID()}`,
          handlers: { default: () => {} },
          from: feedStart,
          signal: stop.signal,
          hooks: { afterResponse: [() => stop.abort()] },
        }
      : params;
  return (async () => client.revenueEvents.consume(options).done)();
}

/**
 * Reads a revenue event feed until its first poll is answered: the options a row passes (a
 * non-object or an array as they are, to be refused), a start, and a signal a hook aborts.
 */
function watchOnce(client: Chainbill, _id: string, params: never): PromiseLike<unknown> {
  const stop = new AbortController();
  const options =
    typeof params === 'object' && params !== null && !Array.isArray(params)
      ? {
          ...(params as object),
          from: feedStart,
          signal: stop.signal,
          hooks: { afterResponse: [() => stop.abort()] },
        }
      : params;
  return (async () => {
    for await (const _ of client.revenueEvents.watch(options)) {
      // Events of the first poll: the abort ends the feed after them.
    }
  })();
}

/**
 * Every SDK method: a row per catalog entry (so a new operation or action in a resource's table
 * gets its row without a line of its own), and the wait and the feed, which are no operation.
 */
export const rows: Row[] = [
  ...catalog.map((entry) =>
    row(entry.name, entry.operation, caller(entry), {
      ...(entry.takesParams ? {} : { ownParams: false }),
      ...(entry.fixed ? { fixed: entry.fixed } : entry.paging === 'offset' ? { fixed: { offset: 0 } } : {}),
    }),
  ),
  // A wait is polls of the settlement list: its options are no params, and it sends the id. The
  // row makes one poll, whatever the clock: its signal aborts once that poll is answered.
  {
    ...row(
      'payouts.waitForSettlement',
      payoutSettlementOperations.list,
      (c, id) => {
        const stop = new AbortController();
        const hooks = { afterResponse: [() => stop.abort()] };
        return c.payouts.waitForSettlement(id, { signal: stop.signal, hooks });
      },
      { ownParams: false },
    ),
    idPrefix: 'po_',
    sends: (id) => ({ payout_intent_id: id, limit: 100 }),
  },
  // A feed polls the list: its options are the list's filters, and each poll adds its own
  // date_from (the start) and limit. The call ends the feed once its first poll is answered.
  {
    ...row('revenueEvents.watch', revenueEventOperations.list, watchOnce, {
      fixed: { date_from: feedStart.toISOString(), limit: 100 },
    }),
    fields: Object.fromEntries(
      Object.entries(row('revenueEvents.list', revenueEventOperations.list, watchOnce).fields).filter(
        ([param]) => !feedOwnedParams.includes(param),
      ),
    ),
  },
  // A consumer runs a feed: the same row, through `consume`.
  {
    ...row('revenueEvents.consume', revenueEventOperations.list, consumeOnce, {
      fixed: { date_from: feedStart.toISOString(), limit: 100 },
    }),
    fields: Object.fromEntries(
      Object.entries(row('revenueEvents.list', revenueEventOperations.list, consumeOnce).fields).filter(
        ([param]) => !feedOwnedParams.includes(param),
      ),
    ),
  },
];

/** Valid parameter sets of a row. */
export function validParams(row: Row): fc.Arbitrary<Record<string, unknown>> {
  if (row.params) return row.params;
  const names = Object.keys(row.fields);
  return fc.record(Object.fromEntries(names.map((n) => [n, (row.fields[n] as Field).valid])), {
    requiredKeys: names.filter((n) => row.fields[n]?.required),
  });
}

/** A valid path id for a row. */
export function validId(row: Row): fc.Arbitrary<string> {
  return row.idPrefix ? idOf(row.idPrefix) : fc.constant('');
}
