import type { Incoming } from './body.js';
import type { FakeDuration } from './clock.js';
import { FakeApiError, oneLine } from './errors.js';
import type { FakeChainbill } from './fake.js';
import type { FakeFault, FakeFaultMatch, FakePendingFault } from './faults.js';
import { applySeedFile, knownOrganizations } from './seed-file.js';
import type { Fields } from './validate.js';

/** How a fake's control API behaves beyond the fake itself (set by `chainbill-fake`). */
export interface ControlOptions {
  /** A seed file (parsed JSON) applied again after each `POST /_fake/reset`: the one the server started with. */
  startupSeed?: unknown;
}

/** One request to the control API, parsed. */
export interface Call {
  /** The fake it drives. */
  fake: FakeChainbill;
  /** The request. */
  incoming: Incoming;
  /** The path's segment after `/_fake/simulate/`, decoded. */
  name: string;
  /** The JSON body (`{}` when none), for POST. */
  body: Fields;
  /** The server's control options. */
  options: ControlOptions;
}

/** Answers one control request: the JSON body of a 200, or {@link Created} for a 201. */
export type Handler = (call: Call) => unknown;

/** The control API (docs/fake-server.md: Control API): path under `/_fake/` → method → handler. */
export const endpoints: Record<string, Record<string, Handler>> = {
  '': { GET: info },
  seed: { POST: ({ fake, body }) => created(applySeedFile(fake, body)) },
  'simulate/*': { POST: simulate },
  clock: { GET: ({ fake }) => ({ now: fake.clock.now().toISOString() }), POST: moveClock },
  faults: {
    GET: ({ fake }) => ({ pending: pendingOf(fake) }),
    POST: addFault,
    DELETE: ({ fake }) => {
      fake.faults.clear();
      return { pending: [] };
    },
  },
  requests: { GET: ({ fake, incoming }) => since(incoming, 'requests', fake.requests) },
  events: { GET: ({ fake, incoming }) => since(incoming, 'events', fake.events) },
  reset: { POST: reset },
};

/** Endpoints that read a query (`?since=`); the others refuse one. */
export const withQuery: ReadonlySet<string> = new Set(['requests', 'events']);

function info({ fake, incoming }: Call): unknown {
  const origin = incoming.url.origin;
  return {
    baseUrl: `${origin}${new URL(fake.baseUrl).pathname.replace(/\/+$/, '')}`,
    controlUrl: `${origin}/_fake/`,
    apiKey: fake.apiKey,
    liveApiKey: fake.liveApiKey,
    organizations: knownOrganizations(fake),
    endpoints: Object.entries(endpoints).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} /_fake/${path.replace('*', '{name}')}`),
    ),
  };
}

async function simulate({ fake, name, body }: Call): Promise<unknown> {
  onlyKeys(body, ['args']);
  const args = body['args'] ?? [];
  if (!Array.isArray(args))
    throw invalid('args', 'args must be an array of the arguments, such as ["po_123"]');
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
    throw invalid('args', `${name}: ${oneLine(error)}`);
  }
}

function moveClock({ fake, body }: Call): unknown {
  onlyKeys(body, ['advance', 'set', 'realTime']);
  const given = Object.keys(body);
  if (given.length !== 1)
    throw invalid(
      'advance',
      'send one of { "advance": ms or { days, hours, minutes, seconds } }, { "set": "<ISO 8601>" }, { "realTime": true }',
    );
  try {
    if ('advance' in body) {
      // The clock refuses (RangeError) a bad duration and a move past the last valid date.
      return fake.clock.advance(body['advance'] as FakeDuration);
    }
    if ('set' in body) {
      if (typeof body['set'] !== 'string') throw new RangeError('set must be an ISO 8601 date-time string');
      return fake.clock.set(body['set']);
    }
  } catch (error) {
    if (error instanceof RangeError) throw invalid(given[0] ?? 'advance', oneLine(error));
    throw error;
  }
  if (body['realTime'] !== true) throw invalid('realTime', 'realTime must be true');
  fake.clock.useRealTime();
  return { now: fake.clock.now().toISOString() };
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
    throw invalid('times', 'times must be a whole number of at least 1, "Infinity" or null');
  try {
    fake.faults.next((body['match'] ?? {}) as FakeFaultMatch, body['fault'] as FakeFault, { times });
  } catch (error) {
    const message = oneLine(error).replace(/^faults\.next: /, '');
    throw invalid(/^(match|fault|times)\b/.exec(message)?.[1] ?? 'fault', message);
  }
  return created({ pending: pendingOf(fake) });
}

/** `remaining: Infinity` as the string `"Infinity"`: JSON has no infinity. */
function pendingOf(fake: FakeChainbill): unknown[] {
  return fake.faults.pending.map((pending: FakePendingFault) => ({
    ...pending,
    remaining: Number.isFinite(pending.remaining) ? pending.remaining : 'Infinity',
  }));
}

function since(incoming: Incoming, name: string, list: readonly unknown[]): unknown {
  const query = incoming.url.searchParams;
  for (const key of query.keys())
    if (key !== 'since') throw invalid(key, `${key} is not a query parameter: use ?since=N`);
  const raw = query.get('since') ?? '0';
  if (!/^\d{1,15}$/.test(raw))
    throw invalid('since', 'since must be a whole number of at least 0 (how many you have seen)');
  return { [name]: list.slice(Number(raw)), next: list.length };
}

function reset({ fake, body, options }: Call): unknown {
  onlyKeys(body, []);
  fake.reset();
  return {
    reset: true,
    seed: options.startupSeed === undefined ? null : applySeedFile(fake, options.startupSeed),
  };
}

/** A 201 answer. */
export class Created {
  /** @param body - The JSON body. */
  constructor(readonly body: unknown) {}
}

function created(body: unknown): Created {
  return new Created(body);
}

function onlyKeys(body: Fields, allowed: readonly string[]): void {
  for (const key of Object.keys(body))
    if (!allowed.includes(key))
      throw invalid(
        key,
        `${key} is not a field here${allowed.length > 0 ? ` (expected ${allowed.join(', ')})` : ' (send {} or no body)'}`,
      );
}

/**
 * @param param - The offending field or query parameter.
 * @param message - What is wrong, in one line.
 * @returns 400 `parameter_invalid`.
 */
export function invalid(param: string, message: string): FakeApiError {
  return new FakeApiError(400, 'invalid_request_error', 'parameter_invalid', message, param);
}
