/**
 * `revenueEvents.consume` (docs/postgres.md) on every store: memory, PGlite in process, and the
 * PostgreSQL server when CHAINBILL_TEST_DATABASE_URL is set. Events come from the fake's ledger;
 * effects written through `tx` land in a table of the test's, and are counted there. Real timers
 * with short intervals: the database's I/O does not run on fake timers. Nothing asserts how long
 * anything took; the tests wait for what they count.
 */
import {
  type Chainbill,
  type ChainbillStore,
  LeaseLostError,
  memoryStore,
  RequestValidationError,
  type RevenueEvent,
  type RevenueEventConsumeOptions,
} from 'chainbill';
import { postgresStore, type Queryable } from 'chainbill/postgres';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { failure, fakeClient } from '../helpers.js';
import { type Engine, useEngines } from './engines.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A store and a way to count each event's effects, as each engine writes them. */
interface Bench {
  readonly name: string;
  store(db?: Queryable): ChainbillStore<Queryable | null>;
  /** The handler's effect: a row through `tx` on PostgreSQL, an entry in memory. */
  effect(tx: Queryable | null, consumer: string, event: RevenueEvent): Promise<void>;
  /** How many times each event's effect was written, by id. */
  effects(consumer: string): Promise<Map<string, number>>;
  failed(consumer: string): Promise<Record<string, unknown>[]>;
  engine?: Engine;
}

function memoryBench(): Bench {
  const store = memoryStore();
  const written: [string, string][] = [];
  return {
    name: 'memory',
    store: () => store,
    effect: async (_tx, consumer, event) => {
      written.push([consumer, event.id]);
    },
    effects: async (consumer) => count(written.filter(([c]) => c === consumer).map(([, id]) => id)),
    failed: async () => [],
  };
}

function postgresBench(engine: Engine): Bench {
  beforeAll(async () => {
    await postgresStore(engine.db()).migrate();
    await engine.query('CREATE TABLE effects (consumer text NOT NULL, event_id text NOT NULL)');
  });
  return {
    name: engine.name,
    engine,
    store: (db) => postgresStore(db ?? engine.db()),
    effect: async (tx, consumer, event) => {
      if (tx === null) throw new Error('a PostgreSQL store gives a transaction');
      await tx.query('INSERT INTO effects (consumer, event_id) VALUES ($1, $2)', [consumer, event.id]);
    },
    effects: async (consumer) =>
      count(
        (await engine.query('SELECT event_id FROM effects WHERE consumer = $1', [consumer])).map((r) =>
          String(r['event_id']),
        ),
      ),
    failed: (consumer) =>
      engine.query(
        'SELECT event_id, event_type, error, attempts FROM chainbill_failed_events WHERE name = $1',
        [consumer],
      ),
  };
}

function count(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

const benches: Bench[] = [memoryBench(), ...useEngines().map(postgresBench)];
let consumers = 0;

describe.each(benches)('revenueEvents.consume on $name', (bench) => {
  /** A fake with `n` events a second apart, ending a minute ago, and a client on it. */
  const ledger = (n: number, options: Parameters<typeof fakeClient>[0] = {}) => {
    const { fake, client } = fakeClient({ scope: `test-${bench.name}`, ...options });
    const base = Date.now() - 60_000 - n * 1_000;
    const events = Array.from({ length: n }, (_, i) =>
      fake.seed.revenueEvent({ occurred_at: iso(base + i * 1_000) }),
    );
    return { fake, client, base, ids: events.map((e) => e.id) };
  };
  const start = (
    client: Chainbill,
    options: Partial<RevenueEventConsumeOptions<Queryable | null>> & { name: string },
    store = bench.store(),
  ) => {
    const stop = new AbortController();
    const consumer = client.revenueEvents.consume<Queryable | null>({
      store,
      pollIntervalMs: 20,
      leaseMs: 1_000,
      handlers: { default: (event, tx) => bench.effect(tx, options.name, event) },
      signal: stop.signal,
      ...options,
    });
    return { done: consumer.done, stop: () => stop.abort() };
  };
  const newName = () => `consumer-${++consumers}`;
  const handledAll = async (name: string, ids: string[]) =>
    vi.waitFor(
      async () => {
        const effects = await bench.effects(name);
        expect(ids.filter((id) => !effects.has(id))).toEqual([]);
      },
      { timeout: 30_000, interval: 20 },
    );

  it('handles every event once, oldest first, from a Date; `signal` ends it without an error', async () => {
    const { client, base, ids } = ledger(30);
    const name = newName();
    const seen: string[] = [];
    const run = start(client, {
      name,
      from: new Date(base),
      handlers: {
        default: async (event, tx) => {
          seen.push(event.id);
          await bench.effect(tx, name, event);
        },
      },
    });
    await handledAll(name, ids);
    run.stop();
    await expect(run.done).resolves.toBeUndefined();
    expect(seen).toEqual(ids);
    expect([...(await bench.effects(name)).values()].every((n) => n === 1)).toBe(true);
  });

  it('a restart goes on from the saved position: nothing twice, even inside the look-back window', async () => {
    const { client, fake, base, ids } = ledger(10);
    const name = newName();
    const first = start(client, { name, from: new Date(base) });
    await handledAll(name, ids);
    first.stop();
    await first.done;
    const later = fake.seed.revenueEvent({ occurred_at: iso(Date.now() - 1_000) });
    // `from` is where a new name starts: this one has a position, so it is not read.
    const second = start(client, { name, from: new Date(base - 86_400_000) });
    await handledAll(name, [...ids, later.id]);
    second.stop();
    await second.done;
    const effects = await bench.effects(name);
    expect(effects.size).toBe(11);
    expect([...effects.values()].every((n) => n === 1)).toBe(true);
  });

  it('two workers on one name: one lease, each event once; the other takes over when the first stops', async () => {
    const { client, fake, base, ids } = ledger(20);
    const name = newName();
    const handledBy = new Map<string, string>();
    const worker = (label: string) =>
      start(client, {
        name,
        from: new Date(base),
        handlers: {
          default: async (event, tx) => {
            handledBy.set(event.id, label);
            await bench.effect(tx, name, event);
          },
        },
      });
    const a = worker('a');
    const b = worker('b');
    await handledAll(name, ids);
    const holder = handledBy.get(ids[0] ?? '');
    expect(new Set(handledBy.values())).toEqual(new Set([holder]));
    const [first, second] = holder === 'a' ? [a, b] : [b, a];
    first.stop();
    await first.done;
    const later = fake.seed.revenueEvent({ occurred_at: iso(Date.now() - 1_000) });
    await handledAll(name, [later.id]);
    expect(handledBy.get(later.id)).not.toBe(holder);
    second.stop();
    await second.done;
    expect([...(await bench.effects(name)).values()].every((n) => n === 1)).toBe(true);
  });

  it('a handler that throws is tried maxAttempts times, its writes rolled back, then stops the consumer before the event', async () => {
    const { client, base, ids } = ledger(3);
    const name = newName();
    let tries = 0;
    const run = start(client, {
      name,
      from: new Date(base),
      maxAttempts: 3,
      handlers: {
        default: async (event, tx) => {
          await bench.effect(tx, name, event);
          if (event.id === ids[1]) {
            tries++;
            throw new Error('fulfilment is down');
          }
        },
      },
    });
    const error = await failure(run.done);
    expect((error as Error).message).toBe('fulfilment is down');
    expect(tries).toBe(3);
    const effects = await bench.effects(name);
    if (bench.name !== 'memory') expect([...effects.keys()]).toEqual([ids[0]]);
    // The position is before the failed event: a new worker starts there, and handles it once.
    const again = start(client, { name, from: new Date(base) });
    await handledAll(name, ids);
    again.stop();
    await again.done;
    if (bench.name !== 'memory') expect((await bench.effects(name)).get(ids[1] ?? '')).toBe(1);
  });

  it("onError: 'skip' records the failed event and goes on", async () => {
    const { client, base, ids } = ledger(3);
    const name = newName();
    const run = start(client, {
      name,
      from: new Date(base),
      maxAttempts: 2,
      onError: 'skip',
      handlers: {
        default: async (event, tx) => {
          if (event.id === ids[1]) throw new Error('no such order');
          await bench.effect(tx, name, event);
        },
      },
    });
    await handledAll(name, [ids[0] ?? '', ids[2] ?? '']);
    run.stop();
    await expect(run.done).resolves.toBeUndefined();
    expect((await bench.effects(name)).has(ids[1] ?? '')).toBe(false);
    if (bench.name !== 'memory')
      expect(await bench.failed(name)).toEqual([
        {
          event_id: ids[1],
          event_type: 'adjustment_credit',
          error: expect.stringContaining('no such order'),
          attempts: 2,
        },
      ]);
  });

  it.runIf(bench.engine !== undefined)(
    'handled ids behind the look-back window are pruned: the table holds about a window of events',
    async () => {
      const { client, base, ids } = ledger(10);
      const name = newName();
      const run = start(client, { name, from: new Date(base), lookBackMs: 2_500 });
      await handledAll(name, ids);
      // Events a second apart: the last, and the two within 2.5 s before it, stay.
      const rows = () =>
        bench.engine?.query(
          'SELECT event_id FROM chainbill_processed_events WHERE name = $1 ORDER BY event_id',
          [name],
        );
      await vi.waitFor(
        async () =>
          expect(await rows()).toEqual(
            ids
              .slice(-3)
              .sort()
              .map((id) => ({ event_id: id })),
          ),
        {
          timeout: 15_000,
          interval: 20,
        },
      );
      run.stop();
      await run.done;
    },
  );

  it('an event type without a handler goes to default, or is recorded and passed when there is none', async () => {
    const { client, fake, base } = ledger(0);
    const name = newName();
    const refund = fake.seed.revenueEvent({ event_type: 'refund', occurred_at: iso(base) });
    const credit = fake.seed.revenueEvent({ event_type: 'adjustment_credit', occurred_at: iso(base + 1) });
    const last = fake.seed.revenueEvent({ event_type: 'refund', occurred_at: iso(base + 2) });
    const got: string[] = [];
    const run = start(client, {
      name,
      from: new Date(base),
      handlers: {
        refund: async (event, tx) => {
          got.push(`refund ${event.id}`);
          await bench.effect(tx, name, event);
        },
      },
    });
    await handledAll(name, [refund.id, last.id]);
    run.stop();
    await run.done;
    expect(got).toEqual([`refund ${refund.id}`, `refund ${last.id}`]);
    expect((await bench.effects(name)).has(credit.id)).toBe(false);
  });
});

describe('revenueEvents.consume: options', () => {
  it('refuses a bad option before anything is read or sent, naming it', () => {
    const { fake, client } = fakeClient();
    const handlers = { default: () => {} };
    const cases: [unknown, string][] = [
      [{ handlers }, 'name'],
      [{ name: '', handlers }, 'name'],
      [{ name: 'a', handlers: {} }, 'handlers'],
      [{ name: 'a', handlers: { refund: 'nope' } }, 'handlers.refund'],
      [{ name: 'a', handlers, leaseMs: 10 }, 'leaseMs'],
      [{ name: 'a', handlers, maxAttempts: 0 }, 'maxAttempts'],
      [{ name: 'a', handlers, onError: 'retry' }, 'onError'],
      [{ name: 'a', handlers, from: 'rf1.abc' }, 'from'],
      [{ name: 'a', handlers, store: {} }, 'store'],
      [{ name: 'a', handlers, pollIntervalMS: 5 }, 'pollIntervalMS'],
      [
        Object.defineProperty({ name: 'a', handlers }, 'leaseMs', {
          enumerable: true,
          get: () => {
            throw new Error('a getter that throws');
          },
        }),
        'leaseMs',
      ],
    ];
    for (const [options, param] of cases) {
      let error: unknown;
      try {
        client.revenueEvents.consume(options as never);
      } catch (thrown) {
        error = thrown;
      }
      expect(error, param).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).param, param).toBe(param);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('LeaseLostError is a ChainbillError that names the consumer', () => {
    const error = new LeaseLostError('fulfilment');
    expect(error.consumer).toBe('fulfilment');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'LeaseLostError',
      consumer: 'fulfilment',
    });
  });
});
