#!/usr/bin/env node
/**
 * The change feed's costs (docs/performance.md, "The change feed"): the documented loop (save
 * `feed.checkpoint` after each event) per event with 2 000 and 8 000 events in the look-back
 * window, and the requests a feed makes for a burst of 20 000 events at one instant and for a
 * replay of 20 000 events 10 ms apart (the least is 200 pages of 100). A ledger made on demand
 * in process, newest first, so the figures are the feed's. Measures the shipped code: run `npm run
 * build` first. Prints figures; exits 0 whatever they are (a benchmark, not a test).
 *
 *   npm run bench:feed
 */
import { performance } from 'node:perf_hooks';
import { Chainbill } from '../../dist/index.js';

const base = Date.parse('2026-03-01T00:00:00.000Z');

/** A `fetch` serving `GET /revenue/events` over events (ascending `ms`), counting requests. */
function ledger(times) {
  const counter = { requests: 0 };
  const event = (i) => {
    const at = new Date(times[i]).toISOString();
    const id = `rev_${String(i).padStart(8, '0')}`;
    return { id, org_id: 'org_1', amount: 10, currency: 'USD', occurred_at: at, created_at: at };
  };
  const firstAt = (ms) => {
    let low = 0;
    let high = times.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (times[mid] < ms) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const fetch = async (input) => {
    counter.requests += 1;
    const url = new URL(input instanceof Request ? input.url : String(input));
    const from = Date.parse(url.searchParams.get('date_from') ?? '');
    const to = Date.parse(url.searchParams.get('date_to') ?? '');
    const first = Number.isNaN(from) ? 0 : firstAt(from);
    const last = (Number.isNaN(to) ? times.length : firstAt(to + 1)) - 1;
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const data = [];
    for (let i = last - offset; i >= first && data.length < limit; i--) data.push(event(i));
    const more = last - offset - limit >= first;
    const body = { data, has_more: more, next_cursor: more ? String(offset + limit) : null };
    return new Response(JSON.stringify(body), {
      headers: { 'content-type': 'application/json', date: new Date().toUTCString() },
    });
  };
  return { fetch, counter };
}

function client(fetch) {
  return new Chainbill({ apiKey: 'sk_test_bench_feed', baseUrl: 'https://api.chainbill.test/v1', fetch });
}

/**
 * Per event, with `window` events in the look-back (one every 10 ms): the loop reading the
 * checkpoint, and, with `write`, writing it out as a save would (its UTF-8 bytes).
 */
async function checkpointLoop(window, write, measured = 2_000) {
  const spacing = 10;
  const times = Array.from({ length: window + measured }, (_, i) => base + i * spacing);
  const { fetch } = ledger(times);
  const feed = client(fetch).revenueEvents.watch({ from: new Date(base), lookBackMs: window * spacing });
  let count = 0;
  let started = 0;
  let saved = '';
  for await (const _ of feed) {
    count += 1;
    // The window fills first; from then on, the loop as documented.
    if (count === window) started = performance.now();
    if (count > window) saved = write ? encoder.encode(feed.checkpoint) : feed.checkpoint;
    if (count === times.length) break;
  }
  return { msPerEvent: (performance.now() - started) / measured, length: saved.length };
}

/** The requests a feed from `from` makes until it has yielded every event of `times`. */
async function requestsFor(times) {
  const { fetch, counter } = ledger(times);
  const feed = client(fetch).revenueEvents.watch({ from: new Date(times[0]) });
  let count = 0;
  for await (const _ of feed) if (++count === times.length) break;
  return counter.requests;
}

const encoder = new TextEncoder();
for (const write of [false, true]) {
  for (const window of [2_000, 8_000]) {
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await checkpointLoop(window, write));
    const median = runs.map((r) => r.msPerEvent).sort((a, b) => a - b)[1];
    console.log(
      `checkpoint ${write ? 'read and written out' : 'read'} after each event, ${window} events in the window: ` +
        `${median.toFixed(3)} ms per event (median of 3; checkpoint ${runs[0].length} ${write ? 'bytes' : 'characters'})`,
    );
  }
}
const burst = await requestsFor(Array.from({ length: 20_000 }, () => base));
console.log(`20 000 events at one instant: ${burst} requests (the least: 200)`);
const replay = await requestsFor(Array.from({ length: 20_000 }, (_, i) => base + i * 10));
console.log(`a replay of 20 000 events 10 ms apart: ${replay} requests (the least: 200)`);
