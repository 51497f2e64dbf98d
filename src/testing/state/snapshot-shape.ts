/**
 * What a decoded snapshot must hold before anything is restored from it: every part in the shape
 * the state, the clock, the faults and the id source read, so a restore either applies whole or
 * changes nothing. A problem is a `TypeError` naming where it is (`state.scopes[2].data`).
 */
import type { ClockMode } from '../clock/clock.js';
import { LAST_TIME_MS } from '../clock/time-range.js';
import type { FakePendingFault } from '../http/faults.js';
import type { IdSourceState } from './ids.js';
import type { StateData } from './state-data.js';

/** Everything a snapshot holds, decoded. */
export interface SnapshotContent {
  state: StateData;
  clock: { mode: ClockMode; now: number };
  faults: FakePendingFault[];
  ids: IdSourceState;
}

type Check = (value: unknown, at: string) => void;

const fail = (at: string, what: string): never => {
  throw new TypeError(`${at}: ${what}`);
};
const object: Check = (value, at) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(at, 'must be an object');
};
const string: Check = (value, at) => {
  if (typeof value !== 'string') fail(at, 'must be a string');
};
const count: Check = (value, at) => {
  if (!(Number.isSafeInteger(value) && (value as number) >= 0)) fail(at, 'must be a whole number');
};
const environment: Check = (value, at) => {
  if (value !== 'sandbox' && value !== 'live') fail(at, 'must be sandbox or live');
};
const listOf =
  (item: Check): Check =>
  (value, at) => {
    if (!Array.isArray(value)) return fail(at, 'must be a list');
    for (const [i, entry] of value.entries()) item(entry, `${at}[${i}]`);
  };
const tuple =
  (...items: Check[]): Check =>
  (value, at) => {
    if (!Array.isArray(value) || value.length !== items.length)
      return fail(at, `must be a list of ${items.length}`);
    for (const [i, check] of items.entries()) check(value[i], `${at}[${i}]`);
  };
const fields =
  (shape: Record<string, Check>): Check =>
  (value, at) => {
    object(value, at);
    for (const [name, check] of Object.entries(shape))
      check((value as Record<string, unknown>)[name], `${at}.${name}`);
  };
const record: Check = (value, at) => fields({ id: string })(value, at);

/** A collection's data: records with ids, their ascending sequence numbers, its cursor key. */
const collection: Check = (value, at) => {
  fields({ records: listOf(record), seqs: listOf(count), seq: count })(value, at);
  const { records, seqs, seq, secret } = value as {
    records: unknown[];
    seqs: number[];
    seq: number;
    secret: unknown;
  };
  if (
    seqs.length !== records.length ||
    seqs.some((n, i) => n > seq || (i > 0 && n <= (seqs[i - 1] as number)))
  )
    fail(`${at}.seqs`, 'must be ascending, one per record, none past seq');
  if (!(secret instanceof Uint8Array && secret.length === 32)) fail(`${at}.secret`, 'must be 32 bytes');
};

const scope: Check = (value, at) => {
  fields({ org_id: string, environment, data: object })(value, at);
  for (const [name, data] of Object.entries((value as { data: object }).data))
    collection(data, `${at}.data.${name}`);
};

const keys: Check = (value, at) => fields({ sandbox: listOf(string), live: listOf(string) })(value, at);

const state = fields({
  scopes: listOf(scope),
  keys: listOf(tuple(string, string, environment)),
  events: listOf(object),
  eventsDropped: count,
  idempotency: listOf(tuple(string, fields({ fingerprint: string, status: count }))),
  sides: listOf(
    tuple(string, (value, at) => {
      if (!(value instanceof Map || value instanceof Set)) fail(at, 'must be a Map or a Set');
    }),
  ),
  organizations: listOf(tuple(string, keys)),
});

const clock = fields({
  mode: (value, at) => {
    if (value !== 'frozen' && value !== 'running' && value !== 'realTime')
      fail(at, 'must be frozen, running or realTime');
  },
  now: (value, at) => {
    if (!(typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= LAST_TIME_MS))
      fail(at, 'must be a time in ms within the fake’s range');
  },
});

const ids = fields({
  seed: (value, at) => {
    if (value !== null) count(value, at);
  },
  counts: (value, at) => {
    object(value, at);
    for (const [stream, n] of Object.entries(value as object)) count(n, `${at}.${stream}`);
  },
});

/**
 * Checks a decoded snapshot's content.
 *
 * @returns It, typed.
 * @throws {TypeError} Naming the first part out of shape.
 */
export function checkContent(value: unknown): SnapshotContent {
  fields({ state, clock, faults: listOf(fields({ match: object })), ids })(value, 'content');
  return value as SnapshotContent;
}
