#!/usr/bin/env node
/**
 * One walk of the whole payout list, in a fresh process so that its peak RSS and heap are its
 * own, not what earlier measures left behind (run.mjs starts one per client per round):
 *
 *   node --expose-gc scripts/bench/walk.mjs --port N --client raw|ky|sdk --items 20000
 *
 * Every client loads the same modules (clients.mjs), so the baseline memory is the same, then
 * walks a few pages to warm up (not timed), then walks every item, adding up the amounts so that
 * each item is touched. `raw` and `ky` fetch page after page by cursor (clients.mjs); `sdk` is
 * `for await` over `payouts.list({ limit: 100 })`.
 * Prints one JSON line:
 * - `itemsPerSecond`: items walked ÷ seconds, from the first request to the last item;
 * - `cpuItemsPerSecond`: the same per second of this process's CPU time (user + system);
 * - `heapMB`: V8 heap in use after a full GC taken at the last item, while the walk (its iterator,
 *   page and cursor trail) is still alive: what a long walk keeps, which should not grow with N;
 * - `heapDeltaMB`: the same minus the heap after GC before the walk;
 * - `peakRssMB`: the process's peak resident set (`process.resourceUsage().maxRSS`), start-up and
 *   warm-up included.
 */
import { parseArgs } from 'node:util';
import { makeClients } from './clients.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    client: { type: 'string' },
    items: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '2000' },
  },
});
const items = Number(values.items);
const baseUrl = `http://127.0.0.1:${values.port}/v1`;
const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with --expose-gc');
const clients = makeClients(baseUrl);
const chainbill = clients.sdk.client;
const mb = (bytes) => bytes / 1024 / 1024;

/**
 * Walks the list with the SDK's async iterator, stopping after `count` items.
 *
 * @param count - Items to walk.
 * @param atEnd - Called at the last item, inside the loop.
 * @returns The sum of the amounts.
 */
async function sdkWalk(count, atEnd) {
  let n = 0;
  let sum = 0;
  for await (const payout of chainbill.payouts.list({ limit: 100 })) {
    sum += payout.amount;
    if (++n === count) {
      atEnd();
      break;
    }
  }
  return sum;
}

/**
 * Walks the list page by page with a baseline client (fetch or bare ky, and JSON.parse), sending
 * each `next_cursor` back, stopping after `count` items or at the end.
 *
 * @param list - Fetches the page after a cursor (the first page without one).
 * @returns A walk: `(count, atEnd) => sum of the amounts`.
 */
const pageWalk = (list) => async (count, atEnd) => {
  let n = 0;
  let sum = 0;
  let cursor;
  for (;;) {
    const page = await list(cursor);
    for (const payout of page.data) {
      sum += payout.amount;
      if (++n === count) {
        atEnd();
        return sum;
      }
    }
    if (!page.has_more) return sum;
    cursor = page.next_cursor;
  }
};

const walks = { sdk: sdkWalk, raw: pageWalk(clients.raw.list), ky: pageWalk(clients.ky.list) };
const walk = walks[values.client];
if (walk === undefined) throw new Error(`--client must be one of ${Object.keys(walks).join(', ')}`);
await walk(Number(values.warmup), () => {});
gc();
const heapBefore = process.memoryUsage().heapUsed;
let seconds = 0;
let cpuSeconds = 0;
let heapAtEnd = 0;
const cpu = process.cpuUsage();
const start = performance.now();
await walk(items, () => {
  seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  cpuSeconds = (used.user + used.system) / 1e6;
  gc();
  heapAtEnd = process.memoryUsage().heapUsed;
});
if (seconds === 0) throw new Error(`the list ended before ${items} items: start the server with --total`);
console.log(
  JSON.stringify({
    itemsPerSecond: items / seconds,
    cpuItemsPerSecond: items / cpuSeconds,
    heapMB: mb(heapAtEnd),
    heapDeltaMB: mb(heapAtEnd - heapBefore),
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
