#!/usr/bin/env node
/**
 * The fake at scale, in process, on the built package (run `npm run build` first): what a request
 * and a stored record cost as the fake holds more. Prints one line per measure and the goals of
 * docs/performance.md (The fake at scale); exits 0 whatever the figures (a benchmark, not a test).
 *
 *   npm run bench:fake            (node --expose-gc scripts/bench/fake.mjs)
 *   npm run bench:fake -- --quick (smaller counts, for a look while working)
 *
 * - walk: `for await` over `payouts.list({ limit: 100 })`, the first 10 000 items, with 10 000 and
 *   with 100 000 payouts held; µs per item, and the ratio (goal ≤ 1.3);
 * - frozen clock: one `customers.list({ limit: 1 })` with the clock set, 100 and 100 000 payouts
 *   held; µs per request, and the ratio (goal within ±20 %, 0.8 to 1.2);
 * each as the median of rounds that take turns between the two fakes, in wall time and in this
 * process's CPU time (which a busy machine moves less);
 * - seed files: `applySeedFile` with 8 000, 32 000 and 150 000 customers (the last about 450 KB, under
 *   the 1 MiB cap); µs per record, and the ratio of the largest to the smallest (goal ≤ 1.5: linear);
 * - retained heap per stored customer: 40 000 `customers.create` through the client, history
 *   capped at 10 000 (the default); the heap after a full GC at 20 000 and 40 000 creates, the
 *   history full at both, so the difference is what the records keep (goal ≤ 1.5 KB), once the
 *   creates' task has ended (see settledHeap); the figure before it ended is printed beside.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Chainbill } from '../../dist/index.js';
import { applySeedFile, createFakeChainbill } from '../../dist/testing/index.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with --expose-gc (npm run bench:fake does)');
const scale = values.quick ? 0.2 : 1;
const big = Math.round(100_000 * scale);
const small = Math.round(10_000 * scale);

const clientOf = (fake) => new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch });

/** A fake holding `count` payouts of 1 to 1 000 USDT. */
function fakeWith(count) {
  const fake = createFakeChainbill();
  const started = performance.now();
  for (let i = 0; i < count; i++) fake.seed.payout({ amount: (i % 1000) + 1 });
  return { fake, seedUs: ((performance.now() - started) * 1000) / Math.max(1, count) };
}

/** This process's CPU time (user and system), µs: unlike wall time, it holds on a busy machine. */
function cpuUs() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Wall and CPU µs per unit of `work`, which does `units` of it. */
async function timed(units, work) {
  const [wall, cpu] = [performance.now(), cpuUs()];
  await work();
  return { wall: ((performance.now() - wall) * 1000) / units, cpu: (cpuUs() - cpu) / units };
}

/** µs per item of the first `items` items of a `for await` walk over `payouts.list({ limit: 100 })`. */
function walkUs(chainbill, items) {
  return timed(items, async () => {
    let n = 0;
    for await (const _ of chainbill.payouts.list({ limit: 100 })) if (++n === items) break;
  });
}

/** µs per `customers.list({ limit: 1 })`, `calls` in a row. */
function requestUs(chainbill, calls) {
  return timed(calls, async () => {
    for (let i = 0; i < calls; i++) await chainbill.customers.list({ limit: 1 });
  });
}

/**
 * The median of `rounds` rounds of `measure` on each of two fakes, taking turns (and turns at
 * going first), so that load on the machine falls on both alike.
 */
async function interleaved(a, b, rounds, measure) {
  const [timesA, timesB] = [[], []];
  await measure(a);
  await measure(b); // warm-up, not counted
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      timesA.push(await measure(a));
      timesB.push(await measure(b));
    } else {
      timesB.push(await measure(b));
      timesA.push(await measure(a));
    }
  }
  const median = (times, key) => times.map((t) => t[key]).sort((x, y) => x - y)[Math.floor(times.length / 2)];
  return ['wall', 'cpu'].map((key) => [median(timesA, key), median(timesB, key)]);
}

/**
 * Heap in use once the task has ended and collections have run: `fake.fetch` answers within
 * microtasks, and what undici keeps per `Request` (its signal's controller behind a `WeakRef`, a
 * finalizer) is freed only after the task that made it ends.
 */
async function settledHeap() {
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return process.memoryUsage().heapUsed;
}

/** Bytes retained per stored customer: the heap's growth over the second half of the creates. */
async function heapPerCustomer(creates) {
  const fake = createFakeChainbill();
  const chainbill = clientOf(fake);
  const create = async (from, to) => {
    for (let i = from; i < to; i++) await chainbill.customers.create({ email: `c${i}@example.com` });
  };
  const empty = await settledHeap();
  await create(0, creates / 2);
  const half = await settledHeap();
  await create(creates / 2, creates);
  gc(); // in the same task as the creates: undici's objects of each request are still held
  gc();
  const unsettled = process.memoryUsage().heapUsed;
  const full = await settledHeap();
  const per = (bytes) => bytes / (creates / 2);
  return {
    perCustomer: per(full - half),
    unsettled: per(unsettled - half),
    overall: (full - empty) / creates,
    fake,
  };
}

/** µs per record to apply a seed file of `count` empty customers to a new fake, in wall and CPU time. */
function seedFileUs(count) {
  const customers = Array.from({ length: count }, () => ({}));
  const file = { organizations: [{ id: 'org_bench', sandbox: { customers } }] };
  const fake = createFakeChainbill();
  return timed(count, () => applySeedFile(fake, file));
}

const ratioLine = (name, [[wallA, wallB], [cpuA, cpuB]], goal) =>
  console.log(
    `${name}: ${wallA.toFixed(1)} → ${wallB.toFixed(1)} µs, ×${(wallB / wallA).toFixed(2)}; ` +
      `CPU ${cpuA.toFixed(1)} → ${cpuB.toFixed(1)} µs, ×${(cpuB / cpuA).toFixed(2)} (goal ${goal})`,
  );

const smallFake = fakeWith(small);
const bigFake = fakeWith(big);
console.log(
  `seeding: ${smallFake.seedUs.toFixed(1)} µs per payout (${small} held), ${bigFake.seedUs.toFixed(1)} µs (${big})`,
);
const walk = await interleaved(clientOf(smallFake.fake), clientOf(bigFake.fake), 5, (chainbill) =>
  walkUs(chainbill, small),
);
ratioLine(`walk, µs per item of the first ${small}, ${small} vs ${big} payouts held`, walk, '≤ ×1.3');

const few = fakeWith(100).fake;
for (const fake of [few, bigFake.fake]) {
  fake.clock.set('2026-01-01T00:00:00Z');
  await clientOf(fake).customers.create({ email: 'ada@example.com' });
}
const frozen = await interleaved(clientOf(few), clientOf(bigFake.fake), 9, (chainbill) =>
  requestUs(chainbill, 200),
);
ratioLine(`frozen clock, µs per customers.list, 100 vs ${big} payouts held`, frozen, '×0.8 to ×1.2');

const seedSizes = [8_000, 32_000, 150_000].map((count) => Math.round(count * scale));
await seedFileUs(seedSizes[0]); // warm-up, not counted
const seedFiles = [];
for (const count of seedSizes) seedFiles.push(await seedFileUs(count));
const [fewest, most] = [seedFiles[0], seedFiles[seedFiles.length - 1]];
console.log(
  `seed file, µs per customer with ${seedSizes.join(' / ')}: ` +
    `${seedFiles.map((t) => t.wall.toFixed(1)).join(' / ')} (CPU ${seedFiles.map((t) => t.cpu.toFixed(1)).join(' / ')}), ` +
    `×${(most.wall / fewest.wall).toFixed(2)} (CPU ×${(most.cpu / fewest.cpu).toFixed(2)}) (goal ≤ ×1.5: linear)`,
);

smallFake.fake.reset();
bigFake.fake.reset();
const creates = Math.round(40_000 * scale);
const heap = await heapPerCustomer(creates);
console.log(
  `retained heap per stored customer: ${(heap.perCustomer / 1024).toFixed(2)} KB over the last ${creates / 2} of ` +
    `${creates} creates, the history full (goal ≤ 1.5 KB); ${(heap.overall / 1024).toFixed(2)} KB per create ` +
    `over all of them, the history of 10 000 requests and keys included (${heap.fake.requests.length} kept); ` +
    `${(heap.unsettled / 1024).toFixed(2)} KB before the creates' task ended`,
);
