/**
 * `revenueEvents.consume` (docs/postgres.md, "Consumers"): the change feed run by one worker at a
 * time per name, each event handled in one transaction of the store. Written once over the store's
 * operations (store/store.ts) and the feed (feed.ts): no second feed.
 *
 * @module
 */

import type { ChainbillCore } from '../core/chainbill-core.js';
import type { RequestOptions } from '../core/request-options.js';
import { callList } from '../internal/call.js';
import { describeThrown } from '../internal/hooks.js';
import { sleep } from '../internal/retry.js';
import { memoryStore } from '../store/memory.js';
import { keyScope } from '../store/scope.js';
import type { ChainbillStore, ConsumerKey, Lease, StoreDriver } from '../store/store.js';
import {
  type ConsumeSettings,
  checkConsume,
  LeaseLostError,
  type RevenueEventConsumeOptions,
  type RevenueEventConsumer,
} from './consume-options.js';
import {
  type RevenueEvent,
  type RevenueEventListParams,
  revenueEventListOperation,
  revenueEventListParams,
} from './event.js';
import { RevenueEventFeed } from './feed.js';
import { timed } from './feed-batch.js';
import { FeedPosition } from './feed-position.js';

// The store of a consumer that names none: one per core, made on first use.
const defaultStores = /*@__PURE__*/ new WeakMap<ChainbillCore, ChainbillStore<null>>();

/**
 * Consumes the revenue ledger with one worker at a time per name, across every process that
 * shares the store (docs/postgres.md): each event, in one transaction of the store, is checked
 * against the lease's fencing token, skipped if its id is recorded, handled with `tx`, recorded,
 * and the position moved. Effects written through `tx` happen exactly once; others at least once.
 *
 * @param core - The core (or `Chainbill`) whose key lists the events and names the scope.
 * @param options - `name`, `handlers` (by `event_type`, and `default`), `store` (default: the
 *   core's memory store), `from` (where a new name starts), `leaseMs` (30 000), `maxAttempts` (5),
 *   `onError` (`'stop'` or `'skip'`), and the feed's options: `event_type`, `pollIntervalMs`,
 *   `lookBackMs`, `signal`, each poll's options.
 * @returns The consumer: `done` resolves when `signal` ends it and rejects with what stopped it.
 * @throws {RequestValidationError} for a bad option, before anything is read or sent.
 * @example
 * ```ts
 * const consumer = revenueEventsConsume(core, {
 *   name: 'fulfilment', store, event_type: 'checkout_confirmed', signal,
 *   handlers: { checkout_confirmed: async (event, tx) => { await tx.query('…', [event.checkout_id]); } },
 * });
 * await consumer.done;
 * ```
 */
export function revenueEventsConsume<Tx = null>(
  core: ChainbillCore,
  options: RevenueEventConsumeOptions<Tx>,
): RevenueEventConsumer {
  const { settings, filterKey, filters, lookBackMs } = checkConsume<Tx>(options);
  let store = settings.store;
  if (store === undefined) {
    const own = defaultStores.get(core) ?? memoryStore();
    defaultStores.set(core, own);
    store = own as unknown as ChainbillStore<Tx>;
  }
  const driver = store.driver;
  const signal = settings.feed['signal'] as AbortSignal | undefined;
  const done = Promise.resolve(core.stateScope(keyScope)).then((scope) => {
    const key: ConsumerKey = { scope, name: settings.name };
    return new Run(core, driver, key, settings, { filterKey, filters, lookBackMs }, signal).loop();
  });
  return { done };
}

const backoffMs = (attempt: number, leaseMs: number) => Math.min(250 * 2 ** (attempt - 1), leaseMs / 3);

class Run<Tx> {
  readonly #holder = crypto.randomUUID();

  constructor(
    readonly core: ChainbillCore,
    readonly driver: StoreDriver<Tx>,
    readonly key: ConsumerKey,
    readonly settings: ConsumeSettings<Tx>,
    readonly feed: { filterKey: string; filters: string; lookBackMs: number },
    readonly signal: AbortSignal | undefined,
  ) {}

  /** Competes for the lease until the signal ends the consumer; holds it while it has it. */
  async loop(): Promise<void> {
    const { leaseMs, feed } = this.settings;
    const poll = Math.min(Number(feed['pollIntervalMs'] ?? 5_000), leaseMs / 2);
    while (!this.signal?.aborted) {
      const lease = await this.driver.acquire(this.key, this.#holder, leaseMs);
      if (lease !== null) {
        await this.hold(lease);
        continue;
      }
      try {
        await sleep(poll, this.signal);
      } catch {
        return;
      }
    }
  }

  /** Handles events under one lease until the signal or an error ends it. */
  async hold(lease: Lease): Promise<void> {
    const { token } = lease;
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    this.signal?.addEventListener('abort', onAbort, { once: true });
    const position = lease.position ?? null;
    const feed = this.#feed(position, stop.signal);
    // Where it starts is known once the feed began: for a name new from 'now', after one request.
    const mark = { floor: Number.NaN, at: Number.NaN };
    let lost = false;
    const heartbeat = setInterval(() => {
      this.driver.renew(this.key, token, this.settings.leaseMs).then(
        (held) => {
          if (held) return Number.isNaN(mark.floor) ? undefined : this.driver.prune(this.key, mark.floor);
          lost = true;
          stop.abort();
        },
        () => {}, // a failed renewal is tried again; a lost lease shows at the next commit
      );
    }, this.settings.leaseMs / 3);
    try {
      const { checkpoint, floor, at } = await feed.begin();
      mark.floor = floor;
      mark.at = at;
      if (position === null && !(await this.driver.savePosition(this.key, token, checkpoint))) lost = true;
      if (!lost) {
        for await (const event of feed) {
          const { ms } = timed(event);
          if (ms > mark.at) mark.at = ms;
          mark.floor = Math.max(mark.floor, mark.at - this.feed.lookBackMs);
          const at = new FeedPosition(mark.floor);
          at.at = mark.at;
          await this.#handle(token, event, ms, at.encode(this.feed.filters), stop.signal);
        }
      }
    } catch (error) {
      if (error instanceof LeaseLostError) lost = true;
      // The signal ends a backoff's wait with its reason: that is the end asked for, no failure.
      else if (!(this.signal?.aborted && (error === this.signal.reason || error === stop.signal.reason))) {
        // A store error may be the session a stalled worker lost with its lease: which one, the
        // lease says.
        if (!(await this.driver.renew(this.key, token, this.settings.leaseMs).catch(() => true))) lost = true;
        else throw error;
      }
    } finally {
      clearInterval(heartbeat);
      this.signal?.removeEventListener('abort', onAbort);
      // Stopping, for whatever reason but a lost lease: another worker may take over at once.
      if (!lost) await this.driver.release(this.key, token).catch(() => {});
    }
    if (lost) throw new LeaseLostError(this.key.name);
  }

  #feed(position: string | null, signal: AbortSignal): RevenueEventFeed {
    const core = this.core;
    const list = (params: RevenueEventListParams, options: RequestOptions) =>
      callList(core, revenueEventListOperation, { params }, options);
    const from = position ?? this.settings.from;
    return new RevenueEventFeed(list, revenueEventListParams(), { ...this.settings.feed, from, signal });
  }

  /** One event: its tries, each a commit, then `onError`. */
  async #handle(token: number, event: RevenueEvent, ms: number, position: string, signal: AbortSignal) {
    const { leaseMs, maxAttempts, onError, handlers } = this.settings;
    const type = typeof event.event_type === 'string' ? event.event_type : '';
    const handler = handlers[type] ?? handlers['default'];
    const commit = { key: this.key, token, leaseMs, event: { id: event.id, occurredMs: ms }, position };
    for (let attempt = 1; ; attempt++) {
      let failure: unknown;
      try {
        const outcome = await this.driver.commit(commit, async (tx) => {
          await handler?.(event, tx);
        });
        if (outcome === 'lost') throw new LeaseLostError(this.key.name);
        return;
      } catch (error) {
        if (error instanceof LeaseLostError) throw error;
        failure = error;
      }
      if (!(await this.driver.renew(this.key, token, leaseMs).catch(() => true)))
        throw new LeaseLostError(this.key.name);
      if (attempt >= maxAttempts) {
        if (onError === 'stop') throw failure;
        const record = {
          eventType: type === '' ? null : type,
          event: JSON.stringify(event),
          error: describeThrown(failure),
          attempts: attempt,
        };
        if ((await this.driver.fail(commit, record)) === 'lost') throw new LeaseLostError(this.key.name);
        return;
      }
      await sleep(backoffMs(attempt, leaseMs), signal);
    }
  }
}
