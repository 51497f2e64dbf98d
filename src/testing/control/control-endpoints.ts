import type { Chain } from '../../core/types.js';
import { blockMs, blockTime, heightAt } from '../clock/chain.js';
import type { ClockMode, FakeDuration } from '../clock/clock.js';
import type { FakeChainbill } from '../fake.js';
import { FakeApiError, invalid, oneLine } from '../http/errors.js';
import type { FakeFault, FakeFaultMatch, FakePendingFault } from '../http/faults.js';
import { applySeedFile, knownOrganizations } from '../seed/seed-file.js';
import type { History } from '../state/history.js';
import { internalsOf } from '../state/slot.js';
import { recordPage, recordsOf } from './control-records.js';
import { requestDetail } from './control-requests.js';
import { snapshotEndpoints } from './control-snapshot.js';
import { type Call, type ControlEndpoint, Created, onlyKeys } from './endpoint.js';

/** The control API (docs/fake-server.md: Control API). */
export const controlEndpoints: readonly ControlEndpoint[] = [
  { method: 'GET', path: '/_fake/', handle: info },
  { method: 'POST', path: '/_fake/seed', handle: ({ fake, body }) => new Created(applySeedFile(fake, body)) },
  { method: 'POST', path: '/_fake/simulate/{name}', handle: simulate },
  { method: 'GET', path: '/_fake/clock', handle: ({ fake }) => clockOf(fake) },
  { method: 'POST', path: '/_fake/clock', handle: moveClock },
  { method: 'GET', path: '/_fake/faults', handle: ({ fake }) => ({ pending: pendingOf(fake) }) },
  { method: 'POST', path: '/_fake/faults', handle: addFault },
  {
    method: 'DELETE',
    path: '/_fake/faults',
    handle: ({ fake }) => {
      fake.faults.clear();
      return { pending: [] };
    },
  },
  {
    method: 'GET',
    path: '/_fake/requests',
    query: true,
    handle: (call) => since(call, 'requests', internalsOf(call.fake).state.requests),
  },
  {
    method: 'GET',
    path: '/_fake/requests/{sequence}',
    handle: ({ fake, params }) => requestDetail(fake, params['sequence'] ?? ''),
  },
  {
    method: 'GET',
    path: '/_fake/events',
    query: true,
    handle: (call) => since(call, 'events', internalsOf(call.fake).state.events),
  },
  {
    method: 'GET',
    path: '/_fake/records',
    query: true,
    handle: ({ fake, incoming }) => recordsOf(fake, incoming.url.searchParams),
  },
  {
    method: 'GET',
    path: '/_fake/records/{resource}',
    query: true,
    handle: ({ fake, incoming, params }) =>
      recordPage(fake, params['resource'] ?? '', incoming.url.searchParams),
  },
  { method: 'POST', path: '/_fake/reset', handle: reset },
  ...snapshotEndpoints,
];

/** One chain's blocks at the fake's time: the inspector's "+1 block" moves the clock to the next. */
interface ChainClock {
  chain: Chain;
  blockMs: number;
  height: number;
  nextBlockAt: string;
}

/**
 * The fake's time, how it moves (it stands still, runs on from a moved time, or is real time),
 * and each chain's last block and when the next is mined.
 */
function clockOf(fake: FakeChainbill): { now: string; mode: ClockMode; chains: ChainClock[] } {
  const ms = fake.clock.now().getTime();
  const chains = (Object.keys(blockMs) as Chain[]).map((chain) => {
    const height = heightAt(chain, ms);
    return {
      chain,
      blockMs: blockMs[chain],
      height,
      nextBlockAt: new Date(blockTime(chain, height + 1)).toISOString(),
    };
  });
  return { now: new Date(ms).toISOString(), mode: internalsOf(fake).state.clock.mode(), chains };
}

function info({ fake, incoming }: Call): unknown {
  const origin = incoming.url.origin;
  return {
    baseUrl: `${origin}${new URL(fake.baseUrl).pathname.replace(/\/+$/, '')}`,
    controlUrl: `${origin}/_fake/`,
    apiKey: fake.apiKey,
    liveApiKey: fake.liveApiKey,
    organizations: knownOrganizations(fake),
    endpoints: controlEndpoints.map(({ method, path }) => `${method} ${path}`),
  };
}

async function simulate({ fake, params, body }: Call): Promise<unknown> {
  onlyKeys(body, ['args']);
  const name = params['name'] ?? '';
  const args = body['args'] ?? [];
  if (!Array.isArray(args)) throw invalid('args', 'must be an array of the arguments, such as ["po_123"]');
  const simulations = fake.simulate as unknown as Record<string, unknown>;
  const run = Object.hasOwn(simulations, name) ? simulations[name] : undefined;
  if (typeof run !== 'function')
    throw new FakeApiError(
      404,
      'invalid_request_error',
      'simulation_missing',
      `No simulation ${name}: use one of ${Object.keys(simulations).join(', ')}`,
    );
  try {
    return { result: (await run(...args)) ?? null };
  } catch (error) {
    if (error instanceof FakeApiError) throw error;
    throw invalid('args', `of ${name}: ${oneLine(error)}`);
  }
}

function moveClock({ fake, body }: Call): unknown {
  onlyKeys(body, ['advance', 'set', 'realTime', 'run']);
  const given = Object.keys(body);
  if (given.length !== 1)
    throw invalid(
      'advance',
      'is one of four fields: send exactly one of { "advance": ms or { days, hours, minutes, seconds } }, { "set": "<ISO 8601>" }, { "realTime": true }, { "run": true }',
    );
  try {
    // The clock refuses (RangeError) a bad duration or time, and a move past the last valid date.
    if ('advance' in body) return fake.clock.advance(body['advance'] as FakeDuration);
    if ('set' in body) return fake.clock.set(body['set'] as string);
  } catch (error) {
    if (error instanceof RangeError) throw invalid(given[0] ?? 'advance', `refused: ${oneLine(error)}`);
    throw error;
  }
  const mode = given[0] === 'run' ? 'run' : 'realTime';
  if (body[mode] !== true) throw invalid(mode, 'must be true');
  if (mode === 'run') fake.clock.run();
  else fake.clock.useRealTime();
  return clockOf(fake);
}

function addFault({ fake, body }: Call): unknown {
  onlyKeys(body, ['match', 'fault', 'times']);
  const times =
    body['times'] === undefined
      ? 1
      : body['times'] === null || body['times'] === 'Infinity'
        ? Number.POSITIVE_INFINITY
        : body['times'];
  if (typeof times !== 'number')
    throw invalid('times', 'must be a whole number of at least 1, "Infinity" or null');
  try {
    fake.faults.next((body['match'] ?? {}) as FakeFaultMatch, body['fault'] as FakeFault, { times });
  } catch (error) {
    // `faults.next: match.route must be …`: the field it names, and what is wrong with it.
    const message = oneLine(error).replace(/^faults\.next: /, '');
    const [, at = 'fault', param = 'fault', problem = message] =
      /^((match|fault|times)[\w.]*) (.*)$/.exec(message) ?? [];
    throw invalid(param, problem, at);
  }
  return new Created({ pending: pendingOf(fake) });
}

/** `remaining: Infinity` as the string `"Infinity"`: JSON has no infinity. */
function pendingOf(fake: FakeChainbill): unknown[] {
  return fake.faults.pending.map((pending: FakePendingFault) => ({
    ...pending,
    remaining: Number.isFinite(pending.remaining) ? pending.remaining : 'Infinity',
  }));
}

/**
 * The entries from the N-th on (`?since=N`, N the `next` of the last answer): counted among every
 * entry since the last reset, so it stays exact when the oldest are dropped past `historyLimit`;
 * `missed` says how many from the N-th on were dropped before they were read.
 */
function since({ incoming }: Call, name: string, log: History<object>): unknown {
  const query = incoming.url.searchParams;
  // Events take `object_id` too: one record's story (the inspector's link from a payout).
  const allowed = name === 'events' ? ['since', 'object_id'] : ['since'];
  for (const key of query.keys())
    if (!allowed.includes(key))
      throw invalid(key, `is not a query parameter: use ${allowed.map((k) => `?${k}=`).join(' or ')}`);
  const raw = query.get('since') ?? '0';
  if (!/^\d{1,15}$/.test(raw))
    throw invalid('since', 'must be a whole number of at least 0 (how many you have seen)');
  const { entries, missed, next } = log.since(Number(raw));
  const objectId = query.get('object_id');
  const kept =
    objectId === null
      ? entries
      : entries.filter((entry) => 'objectId' in entry && entry.objectId === objectId);
  return { [name]: kept, next, missed };
}

function reset({ fake, body, startupSeed }: Call): unknown {
  onlyKeys(body, []);
  fake.reset();
  return { reset: true, seed: startupSeed === undefined ? null : applySeedFile(fake, startupSeed) };
}
