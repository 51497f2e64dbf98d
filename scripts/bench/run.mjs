#!/usr/bin/env node
/**
 * The SDK's own per-call cost, above the bare ky instance it sends through (raw fetch is shown
 * beside it). Measures the shipped code: run `npm run build` first.
 *
 *   node scripts/bench/run.mjs           # full: 80 rounds, 11 walks, bundle and cold import (~2 min)
 *   node scripts/bench/run.mjs --short   # CI: fewer rounds, no bundle rows; exits 1 only when a
 *                                        # ratio is more than 40 % past its goal
 *   node scripts/bench/run.mjs --json    # also the results as JSON on stdout, after the tables
 *   node scripts/bench/run.mjs --dist DIR  # measure another build (an older one, to compare)
 *
 * The server (server.mjs) runs in its own process and answers from pre-serialized bytes, so its
 * cost is small and the same for every client. The contenders are in clients.mjs: raw fetch, a
 * bare ky instance set up as the transport sets it up, the SDK (validated, and unchecked), and
 * openai-node's generic get/post. Each round runs one block of every contender, in an order that
 * flips every round; the judged figure is SDK ÷ bare ky within each round, medianed over the
 * rounds (the quartiles say how far the rounds agreed). ×raw is reported beside it. Absolute
 * figures depend on the machine; the ratios much less. Progress goes to stderr, results to stdout.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { bundleSize, coldImports, dist } from './footprint.mjs';
import { report } from './report.mjs';
import { interleave, judge, median, perCall, ratioOf, summary } from './stats.mjs';

const { values: flags } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    dist: { type: 'string' },
  },
});
// clients.mjs reads it, here and in every walk's process.
if (flags.dist !== undefined) process.env.CHAINBILL_BENCH_DIST = resolve(flags.dist);
const { makeClients } = await import('./clients.mjs');
// Rounds of each measure; a round runs one block of every contender. Blocks of `calls` sequential
// calls for the per-call measures, one batch for the concurrent one, one whole walk for the walk.
const config = flags.short
  ? { calls: 50, rounds: 12, warmup: 3, batchRounds: 6, walkItems: 20_000, walkRounds: 3 }
  : { calls: 50, rounds: 80, warmup: 5, batchRounds: 40, walkItems: 20_000, walkRounds: 11 };
const concurrency = 200;
/** The goals, as SDK ÷ bare ky (docs/performance.md); `slack` is how far past one `--short` fails. */
const goals = {
  list: { op: '≤', value: 1.05 },
  create: { op: '≤', value: 1.1 },
  walk: { op: '≥', value: 0.95 },
  concurrent: { op: '≤', value: 1.15 },
  bundleKB: { op: '≤', value: 28 },
};
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

/**
 * One measure's row: each contender's median and best block (wall time), its ratio to bare ky and
 * to raw fetch per round, the same ratio of CPU time, and the verdict on SDK ÷ bare ky (wall).
 *
 * @param figures - Side → `{ wall, cpu }` of each round (throughput: higher is better).
 */
function measureOf(name, unit, figures, goal, higherIsBetter = false) {
  const wall = (side) => figures[side].map((figure) => figure.wall);
  const cpu = (side) => figures[side].map((figure) => figure.cpu);
  const sides = {};
  for (const side of Object.keys(figures)) {
    sides[side] = {
      ...summary(wall(side), higherIsBetter),
      vsKy: ratioOf(wall(side), wall('ky')),
      vsRaw: ratioOf(wall(side), wall('raw')),
      cpuVsKy: ratioOf(cpu(side), cpu('ky')),
    };
  }
  return { name, unit, goal, sides, ...judge(sides.sdk.vsKy.ratio, goal) };
}

const server = await startServer(config.walkItems);
const results = {
  mode: flags.short ? 'short' : 'full',
  node: process.version,
  dist: flags.dist ?? 'dist',
  config,
  measures: [],
};
try {
  const clients = makeClients(`http://127.0.0.1:${server.port}/v1`);
  const blocks = (names, call) =>
    Object.fromEntries(names.map((name) => [name, perCall(() => call(clients[name]), config.calls)]));
  const rounds = { rounds: config.rounds, warmup: config.warmup };

  // The first page of 100 payouts (`await chainbill.payouts.list({ limit: 100 })`): request, body,
  // JSON.parse, and for the SDK the schema of the envelope and of every item.
  progress(`list, first page: ${config.rounds} rounds of ${config.calls} calls per client…`);
  const listNames = ['raw', 'ky', 'sdk', 'unchecked', 'openai'];
  const list = await interleave(
    blocks(listNames, (c) => c.list()),
    rounds,
  );
  results.measures.push(measureOf('list, first page of 100, validated', 'µs/call', list, goals.list));
  const { sdk: _validated, ...withUnchecked } = list;
  results.measures.push(
    measureOf(
      'list, first page, validateResponses: false',
      'µs/call',
      { ...withUnchecked, sdk: list.unchecked },
      null,
    ),
  );

  // One `payouts.create`: params checked (the address by its checksum), JSON body,
  // Idempotency-Key, 201 parsed and validated; the baselines POST the same JSON and parse it.
  progress(`payouts.create: ${config.rounds} rounds of ${config.calls} calls per client…`);
  const create = await interleave(
    blocks(['raw', 'ky', 'sdk', 'fresh', 'openai'], (c) => c.create()),
    rounds,
  );
  const { fresh, ...createSides } = create;
  results.measures.push(measureOf('payouts.create', 'µs/call', createSides, goals.create));
  // The same with a recipient the address check has not seen: its SHA-256 work, not remembered.
  results.measures.push(
    measureOf('payouts.create, a new recipient each call', 'µs/call', { ...createSides, sdk: fresh }, null),
  );

  // 200 list calls at once (Promise.all), each a first page of 100: wall time of the batch, which
  // adds 200 open requests, 200 timers and 15 MB of bodies in flight to the per-call cost.
  progress(`${concurrency} concurrent list calls: ${config.batchRounds} rounds…`);
  const batch = (client) => async () => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await Promise.all(Array.from({ length: concurrency }, () => client.list()));
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
  };
  const concurrent = await interleave(
    { raw: batch(clients.raw), ky: batch(clients.ky), sdk: batch(clients.sdk) },
    { rounds: config.batchRounds, warmup: 2 },
  );
  results.measures.push(
    measureOf(`${concurrency} concurrent list calls`, 'ms/batch', concurrent, goals.concurrent),
  );

  // Every item of the list, `for await (const p of chainbill.payouts.list({ limit: 100 }))`, against
  // loops that fetch page after page by cursor. One fresh process per walk (walk.mjs).
  progress(`walk of ${config.walkItems} items: ${config.walkRounds} rounds, a process per walk…`);
  const runWalk = (client) => async () => {
    const walk = ['--expose-gc', here('./walk.mjs'), '--client', client];
    const args = [...walk, '--port', String(server.port), '--items', String(config.walkItems)];
    return JSON.parse((await promisify(execFile)(process.execPath, args)).stdout);
  };
  const walks = await interleave(
    { raw: runWalk('raw'), ky: runWalk('ky'), sdk: runWalk('sdk') },
    { rounds: config.walkRounds, warmup: 1 },
  );
  const rate = Object.fromEntries(
    Object.entries(walks).map(([side, list]) => [
      side,
      list.map((w) => ({ wall: w.itemsPerSecond, cpu: w.cpuItemsPerSecond })),
    ]),
  );
  const walkName = `for await over ${config.walkItems.toLocaleString('en-US')} items`;
  results.measures.push(measureOf(walkName, 'items/s', rate, goals.walk, true));
  results.walkMemory = Object.fromEntries(
    Object.entries(walks).map(([side, list]) => [
      side,
      Object.fromEntries(
        ['heapMB', 'heapDeltaMB', 'peakRssMB'].map((key) => [key, median(list.map((w) => w[key]))]),
      ),
    ]),
  );

  // `chainbill.withOptions(…)`: µs per call of 10 000 (a client per tenant).
  results.withOptionsMicros = withOptionsCost(clients.sdk.client);
  if (!flags.short) results.footprint = await footprint();
  report(results, { pageBytes: server.pageBytes, goals, short: flags.short, json: flags.json });
} finally {
  server.stop();
}

/**
 * Cost of deriving a client with other options (`withOptions`, one client per tenant).
 *
 * @param client - A client.
 * @returns Microseconds per call.
 */
function withOptionsCost(client) {
  const derived = [];
  for (let i = 0; i < 1_000; i++) derived[i % 10] = client.withOptions({ timeout: 30_000 });
  const start = performance.now();
  for (let i = 0; i < 10_000; i++) derived[i % 10] = client.withOptions({ timeout: 30_000 });
  return ((performance.now() - start) * 1000) / 10_000;
}

/**
 * The app bundle (what `npm run size` measures) and the cold import, of chainbill and of
 * openai-node (`import { OpenAI } from 'openai'`, bundled and loaded the same way).
 */
async function footprint() {
  progress('bundle and cold import, chainbill and openai…');
  const built = flags.dist === undefined ? dist.esm : resolve(flags.dist, 'index.js');
  const sdk = await bundleSize(built);
  const openai = await bundleSize('openai', { source: "export { OpenAI } from 'openai';" });
  const [sdkMs, openaiMs] = coldImports(
    [
      { file: built, kind: 'esm' },
      { file: 'openai', kind: 'esm' },
    ],
    11,
  );
  return {
    sdk: { ...sdk, byModule: undefined, importMs: sdkMs },
    openai: { ...openai, byModule: undefined, importMs: openaiMs },
  };
}
