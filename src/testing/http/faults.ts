import { MAX_DELAY_MS } from './delays.js';
import { FakeApiError } from './errors.js';

/** Which requests a fault applies to; a request matches when every given field does. */
export interface FakeFaultMatch {
  /** HTTP method, for example `POST`; any when absent. */
  method?: string;
  /** A route template of the API, under `/v1`, for example `/payouts/{id}`; any when absent. */
  route?: string;
}

/**
 * What happens to a matching request (docs/testing.md, Fault injection):
 * - `{ status, code?, message?, retryAfter? }`: the API's error body with that status, nothing
 *   applied (`503`; `429` with `retryAfter` seconds sends `Retry-After`);
 * - `{ delay }`: the answer comes `delay` ms late (at most 2^31 − 1 ms; on the process's timers,
 *   so fake timers control it), otherwise normal; the delay ends early, with nothing applied, when
 *   the request's signal aborts (a client timeout, a closed connection) or the fake is reset;
 * - `'reset'`: the connection is reset before anything is applied (`fetch` rejects with a
 *   `TypeError` as undici's does; `listen()` destroys the socket; msw gives a network error);
 * - `'commit-then-drop'`: the request is applied (and its `Idempotency-Key` remembered), then the
 *   response is lost as with `'reset'`.
 */
export type FakeFault =
  | {
      /** HTTP status, 400 to 599. */
      status: number;
      /** Error `code`; default by status (`service_unavailable`, `rate_limited`, …). */
      code?: string;
      /** Error `message`; a default names the injected fault. */
      message?: string;
      /** Seconds for a `Retry-After` header. */
      retryAfter?: number;
    }
  | {
      /** Milliseconds before the answer, from 0 to 2^31 − 1 (a timer's range). */
      delay: number;
    }
  | 'reset'
  | 'commit-then-drop';

/** A fault still waiting for its requests (`fake.faults.pending`). */
export interface FakePendingFault {
  /** Which requests it applies to. */
  match: FakeFaultMatch;
  /** What happens to them. */
  fault: FakeFault;
  /** How many more matching requests it applies to (`Infinity` for all). */
  remaining: number;
}

/** Injected failures (`fake.faults`): the network and the service misbehaving on purpose. */
export interface FakeFaults {
  /**
   * Makes the next `times` requests that match fail with `fault`. Faults apply in the order they
   * were added; each request takes at most one.
   *
   * @param match - `{ method?, route? }`; `route` a template such as `/payouts/{id}`.
   * @param fault - A status, a delay, `'reset'` or `'commit-then-drop'` ({@link FakeFault}).
   * @param options - `times`: how many requests (a positive integer or `Infinity`), default 1.
   * @throws {TypeError} Naming the bad field: an unknown route or method, a status outside
   *   400–599, a delay below 0 or above 2^31 − 1 ms, `times` below 1.
   * @example
   * ```ts
   * fake.faults.next({ method: 'POST', route: '/payouts' }, 'commit-then-drop');
   * fake.faults.next({ route: '/payouts/{id}' }, { status: 429, retryAfter: 2 }, { times: 2 });
   * ```
   */
  next(match: FakeFaultMatch, fault: FakeFault, options?: { times?: number }): void;
  /** The faults still waiting, in order. */
  readonly pending: readonly FakePendingFault[];
  /** Drops every waiting fault. */
  clear(): void;
}

/** A fault as it acts on one request. */
export type FaultAction =
  | { kind: 'status'; error: FakeApiError; retryAfter?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset' }
  | { kind: 'commit-then-drop' };

interface Armed extends FakePendingFault {
  method: string | undefined;
  pattern: RegExp | undefined;
}

const methods = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

const defaultCodes: Record<number, [type: string, code: string]> = {
  429: ['rate_limit_error', 'rate_limited'],
  500: ['api_error', 'internal_error'],
  502: ['api_error', 'bad_gateway'],
  503: ['api_error', 'service_unavailable'],
  504: ['api_error', 'gateway_timeout'],
};

/** The fault queue of one fake; `routes` are the API's route templates, to refuse a typo. */
export class FaultQueue implements FakeFaults {
  readonly #armed: Armed[] = [];
  readonly #routes: ReadonlySet<string>;

  /** @param routes - The route templates the fake serves. */
  constructor(routes: Iterable<string>) {
    this.#routes = new Set(routes);
  }

  get pending(): readonly FakePendingFault[] {
    return this.#armed.map(({ match, fault, remaining }) => ({ match, fault, remaining }));
  }

  next(match: FakeFaultMatch, fault: FakeFault, options: { times?: number } = {}): void {
    const times = options.times ?? 1;
    if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1)))
      throw new TypeError(
        `faults.next: times must be a whole number of at least 1 or Infinity, got ${times}`,
      );
    const { method, pattern } = this.#checkMatch(match);
    checkFault(fault);
    this.#armed.push({ match: { ...match }, fault, remaining: times, method, pattern });
  }

  clear(): void {
    this.#armed.length = 0;
  }

  /**
   * Takes the first waiting fault that matches a request, if any.
   *
   * @param method - The request's method.
   * @param path - Its path under the base path.
   */
  take(method: string, path: string): FaultAction | undefined {
    const index = this.#armed.findIndex(
      (armed) =>
        (armed.method === undefined || armed.method === method) &&
        (armed.pattern === undefined || armed.pattern.test(path)),
    );
    const armed = this.#armed[index];
    if (armed === undefined) return undefined;
    armed.remaining -= 1;
    if (armed.remaining <= 0) this.#armed.splice(index, 1);
    return actionOf(armed.fault);
  }

  #checkMatch(match: FakeFaultMatch): Pick<Armed, 'method' | 'pattern'> {
    if (typeof match !== 'object' || match === null)
      throw new TypeError(
        'faults.next: match must be an object such as { method: "POST", route: "/payouts" }',
      );
    for (const key of Object.keys(match))
      if (key !== 'method' && key !== 'route')
        throw new TypeError(`faults.next: match has an unknown field "${key}": use method and route`);
    const { method, route } = match;
    if (method !== undefined && !methods.includes(method))
      throw new TypeError(
        `faults.next: match.method must be one of ${methods.join(', ')}, got ${JSON.stringify(method)}`,
      );
    if (route !== undefined && !this.#routes.has(route))
      throw new TypeError(
        `faults.next: match.route ${JSON.stringify(route)} is not a route of the API: use a template such as /payouts/{id}`,
      );
    const source = route?.replace(/\{\w+\}/g, '[^/]+');
    return { method, pattern: source === undefined ? undefined : new RegExp(`^${source}$`) };
  }
}

function checkFault(fault: FakeFault): void {
  if (fault === 'reset' || fault === 'commit-then-drop') return;
  const shape = 'a fault is { status }, { delay }, "reset" or "commit-then-drop"';
  if (typeof fault !== 'object' || fault === null)
    throw new TypeError(`faults.next: ${shape}, got ${JSON.stringify(fault)}`);
  const allowed = 'status' in fault ? ['status', 'code', 'message', 'retryAfter'] : ['delay'];
  for (const key of Object.keys(fault))
    if (!allowed.includes(key))
      throw new TypeError(`faults.next: fault has an unknown field "${key}": ${shape}`);
  if ('status' in fault) {
    const { status, code, message, retryAfter } = fault;
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new TypeError(`faults.next: fault.status must be a whole number from 400 to 599, got ${status}`);
    if (code !== undefined && (typeof code !== 'string' || code === ''))
      throw new TypeError('faults.next: fault.code must be a non-empty string');
    if (message !== undefined && typeof message !== 'string')
      throw new TypeError('faults.next: fault.message must be a string');
    if (retryAfter !== undefined && !(Number.isFinite(retryAfter) && retryAfter >= 0))
      throw new TypeError(`faults.next: fault.retryAfter must be seconds, at least 0, got ${retryAfter}`);
    return;
  }
  if ('delay' in fault) {
    // A timer holds at most 2^31 − 1 ms; Node fires a longer one after 1 ms, with a warning.
    if (!(Number.isFinite(fault.delay) && fault.delay >= 0 && fault.delay <= MAX_DELAY_MS))
      throw new TypeError(
        `faults.next: fault.delay must be milliseconds, at least 0, at most ${MAX_DELAY_MS} (2^31 - 1, the range of a timer), got ${fault.delay}`,
      );
    return;
  }
  throw new TypeError(`faults.next: ${shape}`);
}

function actionOf(fault: FakeFault): FaultAction {
  if (fault === 'reset') return { kind: 'reset' };
  if (fault === 'commit-then-drop') return { kind: 'commit-then-drop' };
  if ('delay' in fault) return { kind: 'delay', ms: fault.delay };
  const [type, code] = defaultCodes[fault.status] ?? [
    fault.status < 500 ? 'invalid_request_error' : 'api_error',
    'injected_fault',
  ];
  const error = new FakeApiError(
    fault.status,
    type,
    fault.code ?? code,
    fault.message ?? `Injected fault: the fake answered ${fault.status} (fake.faults).`,
  );
  return fault.retryAfter === undefined
    ? { kind: 'status', error }
    : { kind: 'status', error, retryAfter: fault.retryAfter };
}
