/**
 * `revenueEvents.consume` (docs/postgres.md, "Consumers"): the change feed run by one worker at a
 * time per name, each event handled in one transaction of the store. Written once over the store's
 * operations (store/store.ts) and the feed (feed.ts): no second feed.
 *
 * @module
 */
import type { APIClient } from '../core/api-client.js';
import type { RequestOptions } from '../core/request-options.js';
import { describeThrown } from '../internal/hooks.js';
import { listRequestOf } from '../internal/operation.js';
import { sleep } from '../internal/retry.js';
import type { ChainbillStore, ConsumerKey, Lease, StoreDriver } from '../store/store.js';
import {
  type ConsumeSettings,
  consumeSettings,
  LeaseLostError,
  type RevenueEventConsumeOptions,
  type RevenueEventConsumer,
} from './consume-options.js';
import {
  type RevenueEvent,
  type RevenueEventListParams,
  revenueEventListParams,
  revenueEventOperations,
} from './event.js';
import { RevenueEventFeed } from './feed.js';
import { timed } from './feed-batch.js';
import { feedSettings } from './feed-options.js';
import { FeedPosition } from './feed-position.js';

/** What a consumer needs of a client: its list calls, its scope and its own memory store. */
export interface ConsumeClient extends Pick<APIClient, 'requestList'> {
  /** @internal The scope of positions, leases and budgets: the `scope` option or the key's fingerprint. */
  readonly stateScope: string;
  /** @internal The store used when none is given: the client's memory store. */
  readonly defaultStore: ChainbillStore<null>;
}

/**
 * Starts a consumer of the revenue ledger: see {@link RevenueEventConsumeOptions}.
 *
 * @param client - The client (or core) whose key lists the events and names the scope.
 * @param options - Name, store, handlers and the feed's options.
 * @returns The consumer; `done` settles when it stops.
 * @throws {RequestValidationError} for a bad option, before anything is read or sent.
 */
export function revenueEventsConsume<Tx = null>(
  client: ConsumeClient,
  options: RevenueEventConsumeOptions<Tx>,
): RevenueEventConsumer {
  const settings = consumeSettings<Tx>(options);
  const store = settings.store ?? (client.defaultStore as unknown as ChainbillStore<Tx>);
  // The feed's options checked now, as `watch` checks them: a typo fails here, not in `done`.
  const { filterKey, lookBackMs } = feedSettings(
    { ...settings.feed, from: settings.from },
    revenueEventListParams(),
  );
  const key: ConsumerKey = { scope: client.stateScope, name: settings.name };
  const signal = settings.feed['signal'] as AbortSignal | undefined;
  const run = new Run(client, store.driver, key, settings, { filterKey, lookBackMs }, signal);
  return { done: run.loop() };
}

const backoffMs = (attempt: number, leaseMs: number) => Math.min(250 * 2 ** (attempt - 1), leaseMs / 3);

class Run<Tx> {
  readonly #holder = crypto.randomUUID();

  constructor(
    readonly client: ConsumeClient,
    readonly driver: StoreDriver<Tx>,
    readonly key: ConsumerKey,
    readonly settings: ConsumeSettings<Tx>,
    readonly feed: { filterKey: string; lookBackMs: number },
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
    const start = FeedPosition.decode(feed.checkpoint, this.feed.filterKey, this.feed.lookBackMs);
    const mark = { floor: start.floor, at: start.at };
    let lost = false;
    const heartbeat = setInterval(() => {
      this.driver.renew(this.key, token, this.settings.leaseMs).then(
        (held) => {
          if (held) return this.driver.prune(this.key, mark.floor);
          lost = true;
          stop.abort();
        },
        () => {}, // a failed renewal is tried again; a lost lease shows at the next commit
      );
    }, this.settings.leaseMs / 3);
    try {
      if (position === null && !(await this.driver.savePosition(this.key, token, feed.checkpoint)))
        lost = true;
      if (!lost) {
        for await (const event of feed) {
          const { ms } = timed(event);
          if (ms > mark.at) mark.at = ms;
          mark.floor = Math.max(mark.floor, mark.at - this.feed.lookBackMs);
          const at = new FeedPosition(mark.floor);
          at.at = mark.at;
          await this.#handle(token, event, ms, at.encode(this.feed.filterKey), stop.signal);
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
    const client = this.client;
    const list = (params: RevenueEventListParams, options: RequestOptions) =>
      client.requestList('cursor', () => listRequestOf(revenueEventOperations.list, { params }), options);
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
