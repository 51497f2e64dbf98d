#!/usr/bin/env node
/**
 * Per-call cost of the SDK against raw fetch on the same loopback server (issue 10: "Validated and
 * still fast"). Measures the shipped code: run `npm run build` first.
 *
 *   node scripts/bench/run.mjs           # full: more rounds, a walk of 100 000 items (~1–2 min)
 *   node scripts/bench/run.mjs --short   # CI: fewer rounds, a walk of 20 000 items; exits 1 when
 *                                        # a ratio is more than 25 % past its goal
 *   node scripts/bench/run.mjs --json    # also the results as JSON on stdout, after the tables
 *
 * The server (server.mjs) runs in its own process and answers from pre-serialized bytes, so its
 * cost is small and the same for every client. "raw" is what a caller would write without the SDK:
 * `fetch(url)` and `JSON.parse(await res.text())`, no headers, no checks. Every ratio is SDK ÷ raw
 * within one round (walk: SDK items/s ÷ raw items/s), medianed over the rounds; absolute figures
 * depend on the machine, the ratios much less. Progress goes to stderr, results to stdout.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { Chainbill } from '../../dist/index.js';
import { createParams } from './fixtures.mjs';
import { compare, interleave, judge, median, perCall, printTable } from './stats.mjs';

const { values: flags } = parseArgs({
  options: { short: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
});
// Rounds of each measure; a round runs one block of every contender. Blocks of `calls` sequential
// calls for the per-call measures, one batch for the concurrent one, one whole walk for the walk.
const config = flags.short
  ? { calls: 50, rounds: 12, warmup: 3, batchRounds: 6, walkItems: 20_000, walkRounds: 2 }
  : { calls: 50, rounds: 60, warmup: 5, batchRounds: 30, walkItems: 100_000, walkRounds: 5 };
const concurrency = 200;
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const progress = (text) => process.stderr.write(`${text}\n`);

/**
 * Starts server.mjs in a child process and waits for the port it prints.
 *
 * @param total - Items in the virtual payout list.
 * @returns `{ port, pageBytes, stop }`.
 */
async function startServer(total) {
  const child = spawn(process.execPath, [here('./server.mjs'), '--total', String(total)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  while (!out.includes('\n')) {
    const [chunk] = await Promise.race([once(child.stdout, 'data'), once(child, 'exit')]);
    if (typeof chunk === 'number' || chunk === null) throw new Error('the bench server exited');
    out += chunk;
  }
  const { port, pageBytes } = JSON.parse(out);
  return { port, pageBytes, stop: () => child.kill() };
}

const server = await startServer(config.walkItems);
try {
  const baseUrl = `http://127.0.0.1:${server.port}/v1`;
  const options = { apiKey: 'sk_test_bench', baseUrl, logLevel: 'warn' };
  const chainbill = new Chainbill(options);
  const unchecked = new Chainbill({ ...options, validateResponses: false });
  const createBody = JSON.stringify(createParams);
  const raw = {
    list: async () => JSON.parse(await (await fetch(`${baseUrl}/payouts?limit=100`)).text()),
    create: async () => {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: createBody };
      return JSON.parse(await (await fetch(`${baseUrl}/payouts`, init)).text());
    },
  };
  const batch = (call) => async () => {
    const start = performance.now();
    await Promise.all(Array.from({ length: concurrency }, call));
    return performance.now() - start;
  };
  const rounds = { rounds: config.rounds, warmup: config.warmup };
  const results = { mode: flags.short ? 'short' : 'full', node: process.version, config, measures: [] };
  const measure = (name, unit, figures, goal, higherIsBetter = false) => {
    const row = { name, unit, goal, ...compare(figures.raw, figures.sdk, higherIsBetter) };
    results.measures.push({ ...row, ...judge(row.ratio, goal) });
  };

  // (a)(b)(c) The first page of 100 payouts (`await chainbill.payouts.list({ limit: 100 })`):
  // request, body, JSON.parse, and for the SDK the schema of the envelope and of every item.
  progress(`list, first page: ${config.rounds} rounds of ${config.calls} calls per client…`);
  const list = await interleave(
    {
      raw: perCall(raw.list, config.calls),
      sdk: perCall(() => chainbill.payouts.list({ limit: 100 }), config.calls),
      unchecked: perCall(() => unchecked.payouts.list({ limit: 100 }), config.calls),
    },
    rounds,
  );
  measure('list, first page of 100, validated', 'µs/call', list, { op: '≤', value: 1.5 });
  measure(
    'list, first page of 100, validateResponses: false',
    'µs/call',
    {
      raw: list.raw,
      sdk: list.unchecked,
    },
    null,
  );

  // (d) One `payouts.create`: params checked, JSON body, Idempotency-Key, 201 parsed and
  // validated; raw is a POST of the same JSON body and JSON.parse of the answer.
  progress(`payouts.create: ${config.rounds} rounds of ${config.calls} calls per client…`);
  const create = await interleave(
    {
      raw: perCall(raw.create, config.calls),
      sdk: perCall(() => chainbill.payouts.create(createParams), config.calls),
    },
    rounds,
  );
  measure('payouts.create', 'µs/call', create, { op: '≤', value: 1.5 });

  // (f) 200 list calls at once (Promise.all), each a first page of 100: wall time of the batch,
  // which adds 200 open requests, 200 timers and 15 MB of bodies in flight to the per-call cost.
  progress(`${concurrency} concurrent list calls: ${config.batchRounds} rounds…`);
  const concurrent = await interleave(
    { raw: batch(raw.list), sdk: batch(() => chainbill.payouts.list({ limit: 100 })) },
    { rounds: config.batchRounds, warmup: 2 },
  );
  measure(`${concurrency} concurrent list calls`, 'ms/batch', concurrent, { op: '≤', value: 1.5 });

  // (e) Every item of the list: `for await (const p of chainbill.payouts.list({ limit: 100 }))`
  // against a loop that fetches page after page by cursor. One fresh process per walk (walk.mjs).
  progress(`walk of ${config.walkItems} items: ${config.walkRounds} rounds, a process per walk…`);
  const runWalk = (client) => async () => {
    const walk = ['--expose-gc', here('./walk.mjs'), '--client', client];
    const args = [...walk, '--port', String(server.port), '--items', String(config.walkItems)];
    return JSON.parse((await promisify(execFile)(process.execPath, args)).stdout);
  };
  const walks = await interleave(
    { raw: runWalk('raw'), sdk: runWalk('sdk') },
    { rounds: config.walkRounds, warmup: 0 },
  );
  const rate = (side) => walks[side].map((walk) => walk.itemsPerSecond);
  measure(
    `walk of ${config.walkItems.toLocaleString('en-US')} items (for await)`,
    'items/s',
    { raw: rate('raw'), sdk: rate('sdk') },
    { op: '≥', value: 0.8 },
    true,
  );
  const memory = (side, key) => median(walks[side].map((walk) => walk[key]));
  results.walkMemory = Object.fromEntries(
    ['raw', 'sdk'].map((side) => [
      side,
      Object.fromEntries(['heapMB', 'heapDeltaMB', 'peakRssMB'].map((key) => [key, memory(side, key)])),
    ]),
  );

  // (g) `chainbill.withOptions(…)`: µs per call of 10 000 (a client per tenant, issue 11).
  results.withOptionsMicros = withOptionsCost(chainbill);
  report(results, server.pageBytes);
} finally {
  server.stop();
}

/**
 * Cost of deriving a client with other options (`withOptions`, one client per tenant).
 *
 * @param client - A client.
 * @returns Microseconds per call, or `null` when the method does not exist.
 */
function withOptionsCost(client) {
  if (typeof client.withOptions !== 'function') return null;
  const derived = [];
  for (let i = 0; i < 1_000; i++) derived[i % 10] = client.withOptions({ timeout: 30_000 });
  const start = performance.now();
  for (let i = 0; i < 10_000; i++) derived[i % 10] = client.withOptions({ timeout: 30_000 });
  return ((performance.now() - start) * 1000) / 10_000;
}

/**
 * Prints the tables and the verdict, then the JSON if asked; sets the exit code in `--short`.
 *
 * @param results - Everything measured.
 * @param pageBytes - Size of one list page, in bytes.
 */
function report(results, pageBytes) {
  const { config } = results;
  const cpus = availableParallelism();
  console.log(
    `\nchainbill bench (${results.mode}), Node ${results.node}, ${cpus} CPUs; list page ${(pageBytes / 1024).toFixed(1)} KB; ` +
      `${config.rounds} rounds × ${config.calls} calls per client (per-call rows), ${config.batchRounds} batches, ${config.walkRounds} walks.`,
  );
  console.log('Cells: median of the blocks (best block); ratio: SDK ÷ raw per round, medianed.\n');
  const number = (value, unit) =>
    unit === 'items/s'
      ? `${Math.round(value).toLocaleString('en-US')} items/s`
      : `${value.toFixed(1)} ${unit}`;
  const rows = results.measures.map((m) => [
    m.name,
    `${number(m.raw.median, m.unit)} (${number(m.raw.best, m.unit).split(' ')[0]})`,
    `${number(m.sdk.median, m.unit)} (${number(m.sdk.best, m.unit).split(' ')[0]})`,
    `${m.ratio.toFixed(2)}x`,
    m.goal === null ? '—' : `${m.goal.op} ${m.goal.value}x`,
    m.status,
  ]);
  const w = results.withOptionsMicros;
  rows.push([
    'withOptions({ timeout }), 10 000 calls',
    '—',
    w === null ? 'n/a' : `${w.toFixed(2)} µs/call`,
    '—',
    '—',
    'info',
  ]);
  printTable(['measure', 'raw', 'sdk', 'ratio (median)', 'goal', 'status'], rows);

  console.log(
    `\nWalk of ${config.walkItems.toLocaleString('en-US')} items, median of ${config.walkRounds} walks, one process each:\n`,
  );
  const mem = results.walkMemory;
  printTable(
    ['client', 'heap after GC at the last item', 'heap growth over the walk', 'peak RSS'],
    ['raw', 'sdk'].map((side) => [
      side,
      `${mem[side].heapMB.toFixed(1)} MB`,
      `${mem[side].heapDeltaMB >= 0 ? '+' : ''}${mem[side].heapDeltaMB.toFixed(2)} MB`,
      `${mem[side].peakRssMB.toFixed(0)} MB`,
    ]),
  );

  const goals = results.measures.filter((m) => m.goal !== null);
  const failed = goals.filter((m) => m.failed).map((m) => m.name);
  const met = goals.filter((m) => m.status === 'met').length;
  results.failed = failed;
  console.log(
    failed.length > 0
      ? `\n${flags.short ? 'FAIL' : 'Would fail --short'}: more than 25 % past the goal: ${failed.join('; ')}.`
      : `\nOK: ${met} of ${goals.length} goals met; none is more than 25 % past its goal.`,
  );
  if (flags.json) console.log(JSON.stringify(results, null, 2));
  if (flags.short && failed.length > 0) process.exitCode = 1;
}
