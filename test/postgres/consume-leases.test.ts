/**
 * Leases and fencing of `revenueEvents.consume` (docs/postgres.md) in one process: a worker cut off
 * from the database and the API (its renewals fail, its poll hangs) past `leaseMs` loses its lease
 * to another, which finishes the backlog; when it comes back, its first commit is refused inside
 * the transaction, it writes nothing and stops with LeaseLostError. On the server, the same with
 * the worker stalled inside its transaction: the session's idle timeout ends it, so the other is
 * not held up. (Processes stopped with SIGSTOP and killed with SIGKILL: test/fleet/.)
 */
import { type Chainbill, LeaseLostError, type RevenueEvent } from 'chainbill';
import { postgresStore, type Queryable } from 'chainbill/postgres';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { failure, fakeClient } from '../helpers.js';
import { type Engine, useEngines } from './engines.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A client of `db` whose renewals of a lease fail while `cut` is set, as across a partition. */
function partitioned(db: Queryable): { db: Queryable; cut: (on: boolean) => void } {
  let cut = false;
  return {
    db: {
      query: (text, values) =>
        cut && /SET expires_at = clock_timestamp/.test(text)
          ? Promise.reject(new Error('connection refused'))
          : db.query(text, values),
    },
    cut: (on) => {
      cut = on;
    },
  };
}

/** A gate: `wait()` holds until `open()`. */
function gate(): { wait: () => Promise<void>; open: () => void; closed: () => boolean } {
  let open: () => void = () => {};
  let isOpen = false;
  const opened = new Promise<void>((resolve) => {
    open = () => {
      isOpen = true;
      resolve();
    };
  });
  return { wait: () => opened, open, closed: () => !isOpen };
}

describe.each(useEngines())('consume: leases and fencing on $name', (engine: Engine) => {
  beforeAll(async () => {
    await postgresStore(engine.db()).migrate();
    await engine.query('CREATE TABLE effects (worker text NOT NULL, event_id text NOT NULL)');
  });
  const effects = async () =>
    (await engine.query('SELECT worker, event_id FROM effects ORDER BY event_id')).map(
      (r) => `${r['worker']} ${r['event_id']}`,
    );
  const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

  const worker = (
    client: Chainbill,
    label: string,
    db: Queryable,
    name: string,
    from: Date,
    inside?: (event: RevenueEvent) => Promise<void>,
  ) => {
    const stop = new AbortController();
    const { done } = client.revenueEvents.consume<Queryable>({
      name,
      store: postgresStore(db),
      from,
      leaseMs: 1_000,
      pollIntervalMs: 20,
      signal: stop.signal,
      handlers: {
        default: async (event, tx) => {
          await tx.query('INSERT INTO effects (worker, event_id) VALUES ($1, $2)', [label, event.id]);
          await inside?.(event);
        },
      },
    });
    return { done, stop: () => stop.abort() };
  };

  it('a worker cut off past its lease is taken over; when it comes back it writes nothing and stops', async () => {
    const { fake } = fakeClient();
    const base = Date.now() - 120_000;
    const first = Array.from({ length: 3 }, (_, i) => fake.seed.revenueEvent({ occurred_at: iso(base + i) }));
    // Worker a's API calls hang while `hung` is closed, and its renewals fail while cut.
    let hung = gate();
    hung.open();
    const fetchA: typeof fetch = async (input, init) => {
      await hung.wait();
      return fake.fetch(input, init);
    };
    const { client: clientA } = fakeClient();
    const a = partitioned(engine.db());
    const cutOff = clientA.withOptions({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fetchA });
    const { client: clientB } = fakeClient();
    const onFake = clientB.withOptions({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    const workerA = worker(cutOff, 'a', a.db, 'leases-1', new Date(base));
    await waitFor(async () => expect(await effects()).toHaveLength(3));
    hung = gate();
    a.cut(true);
    const backlog = Array.from({ length: 3 }, (_, i) =>
      fake.seed.revenueEvent({ occurred_at: iso(base + 10 + i) }),
    );
    const workerB = worker(onFake, 'b', engine.db(), 'leases-1', new Date(base));
    await waitFor(async () => expect((await effects()).filter((e) => e.startsWith('b'))).toHaveLength(3));
    // b stops and frees the lease; an event comes that nobody handled. a, back, must not take it:
    // its token is no longer the lease's.
    workerB.stop();
    await workerB.done;
    const position = await engine.query("SELECT position FROM chainbill_consumers WHERE name = 'leases-1'");
    const late = fake.seed.revenueEvent({ occurred_at: iso(base + 20) });
    a.cut(false);
    hung.open();
    const error = await failure(workerA.done);
    expect(error).toBeInstanceOf(LeaseLostError);
    expect(await effects()).toEqual(
      [...first.map((e) => `a ${e.id}`), ...backlog.map((e) => `b ${e.id}`)].sort((x, y) =>
        x.slice(2) < y.slice(2) ? -1 : 1,
      ),
    );
    expect(await engine.query("SELECT position FROM chainbill_consumers WHERE name = 'leases-1'")).toEqual(
      position,
    );
    // The next worker takes the late event, once.
    const workerC = worker(onFake, 'c', engine.db(), 'leases-1', new Date(base));
    await waitFor(async () => expect(await effects()).toContain(`c ${late.id}`));
    workerC.stop();
    await workerC.done;
    await engine.query('DELETE FROM effects');
  });

  it.runIf(engine.pool !== undefined)(
    'a worker stalled inside its transaction holds no lock past its lease: the other finishes, it stops',
    async () => {
      const { fake, client } = fakeClient();
      const base = Date.now() - 120_000;
      const events = Array.from({ length: 4 }, (_, i) =>
        fake.seed.revenueEvent({ occurred_at: iso(base + i) }),
      );
      const stalled = gate();
      const inTransaction = gate();
      const a = partitioned(engine.pool?.(2) ?? engine.db());
      const workerA = worker(client, 'a', a.db, 'leases-2', new Date(base), async (event) => {
        if (event.id !== events[1]?.id) return;
        a.cut(true);
        inTransaction.open();
        await stalled.wait();
      });
      await inTransaction.wait();
      const workerB = worker(client, 'b', engine.pool?.(2) ?? engine.db(), 'leases-2', new Date(base));
      await waitFor(async () => expect((await effects()).filter((e) => e.startsWith('b'))).toHaveLength(3));
      a.cut(false);
      stalled.open();
      expect(await failure(workerA.done)).toBeInstanceOf(LeaseLostError);
      workerB.stop();
      await workerB.done;
      expect(await effects()).toEqual(
        [`a ${events[0]?.id}`, ...events.slice(1).map((e) => `b ${e.id}`)].sort((x, y) =>
          x.slice(2) < y.slice(2) ? -1 : 1,
        ),
      );
    },
  );
});
