#!/usr/bin/env node
/**
 * Where a client's time and garbage go, for one scenario of the bench.
 *
 *   node --expose-gc --cpu-prof --cpu-prof-dir=.tmp/prof scripts/bench/profile.mjs \
 *     --scenario page|create|walk|concurrent --client sdk|ky|raw [--calls 3000]
 *   node scripts/bench/profile.mjs --summarize .tmp/prof/CPU.….cpuprofile [--top 30]
 *   node scripts/bench/profile.mjs --summarize sdk.cpuprofile --against ky.cpuprofile --calls 3000
 *   node scripts/bench/profile.mjs --summarize sdk.cpuprofile --functions send,readBody --calls 3000
 *
 * A run starts the bench server, warms the client up, then runs the scenario `--calls` times
 * (`page`: a first page of 100; `create`: payouts.create; `walk`: `--calls` items of the list;
 * `concurrent`: batches of 200 first pages, `--calls` ÷ 200 of them) and prints per call: wall
 * µs, garbage collections and their pause, and the heap after a full GC. `--summarize` reads a
 * profile and prints the self time of the hottest functions and the share of each package
 * (chainbill, ky, zod, undici, node, GC), frames of dist/ mapped to their source by its map; with
 * `--against`, both profiles in µs per call (`--calls` of each) and the difference, largest first;
 * with `--functions`, the inclusive time of those functions (the samples with one on the stack).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'page' },
    client: { type: 'string', default: 'sdk' },
    calls: { type: 'string', default: '3000' },
    summarize: { type: 'string' },
    against: { type: 'string' },
    functions: { type: 'string' },
    top: { type: 'string', default: '30' },
  },
});

async function run() {
  const { makeClients } = await import('./clients.mjs');
  const calls = Number(values.calls);
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./server.mjs', import.meta.url)), '--total', '10000000'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const [chunk] = await once(child.stdout, 'data');
  const clients = makeClients(`http://127.0.0.1:${JSON.parse(String(chunk)).port}/v1`);
  const client = clients[values.client];
  if (client === undefined) throw new Error(`--client must be one of ${Object.keys(clients).join(', ')}`);
  const walk = async (count) => {
    let n = 0;
    if (values.client === 'sdk' || values.client === 'unchecked') {
      for await (const _ of client.client?.payouts.list({ limit: 100 }) ?? []) if (++n === count) return;
    }
    let cursor;
    for (;;) {
      const page = await client.list(cursor);
      n += page.data.length;
      if (n >= count || !page.has_more) return;
      cursor = page.next_cursor;
    }
  };
  const scenarios = {
    page: async (count) => {
      for (let i = 0; i < count; i++) await client.list();
    },
    create: async (count) => {
      for (let i = 0; i < count; i++) await client.create();
    },
    walk,
    concurrent: async (count) => {
      for (let i = 0; i < count / 200; i++)
        await Promise.all(Array.from({ length: 200 }, () => client.list()));
    },
  };
  const scenario = scenarios[values.scenario];
  await scenario(Math.max(200, calls / 10));
  globalThis.gc?.();
  let collections = 0;
  let pauseMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      collections += 1;
      pauseMs += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  await scenario(calls);
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const unit = values.scenario === 'walk' ? 'item' : 'call';
  console.log(
    JSON.stringify({
      scenario: values.scenario,
      client: values.client,
      calls,
      [`µsPer${unit}`]: (ms * 1000) / calls,
      gcCount: collections,
      gcPauseMs: Number(pauseMs.toFixed(1)),
      gcShare: Number((pauseMs / ms).toFixed(3)),
      heapAfterGcMB: Number((heapAfter / 2 ** 20).toFixed(2)),
      heapGrowthMB: Number(((heapAfter - heapBefore) / 2 ** 20).toFixed(2)),
    }),
  );
  child.kill();
}

/** Self time of a profile, by function and by package, in µs. */
function selfTimes(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const maps = new Map();
  const byFunction = new Map();
  const byPackage = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const source = originalOf(callFrame, maps);
    const where = source ?? callFrame.url.replace(/^.*node_modules\//, '');
    const key = `${callFrame.functionName || '(anonymous)'} ${where}${source ? '' : `:${callFrame.lineNumber + 1}`}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = packageOf(callFrame, source);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  return { total: [...self.values()].reduce((a, b) => a + b, 0), byFunction, byPackage };
}

/** Prints the hottest functions by self time, and the share of each package. */
function summarize(file, top) {
  const { total, byFunction, byPackage } = selfTimes(file);
  const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`total ${(total / 1000).toFixed(0)} ms sampled\n\nby package (self time):`);
  for (const [pkg, us] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(us)}  ${pkg}`);
  console.log(`\nhottest ${top} functions (self time):`);
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(us)}  ${key}`);
}

/** Prints two profiles side by side in µs per call, by package and by function, largest difference first. */
function difference(file, against, calls, top) {
  const a = selfTimes(file);
  const b = selfTimes(against);
  const row = (key, x, y) =>
    console.log(
      `  ${(x / calls).toFixed(1).padStart(7)} ${(y / calls).toFixed(1).padStart(7)} ${((x - y) / calls).toFixed(1).padStart(7)}  ${key}`,
    );
  console.log(`µs per call (${calls} calls each): this, against, difference\n\nby package:`);
  const packages = new Set([...a.byPackage.keys(), ...b.byPackage.keys()]);
  const diff = (x, y) => (key) => (x.get(key) ?? 0) - (y.get(key) ?? 0);
  const byPackage = diff(a.byPackage, b.byPackage);
  for (const key of [...packages].sort((k, l) => Math.abs(byPackage(l)) - Math.abs(byPackage(k))))
    row(key, a.byPackage.get(key) ?? 0, b.byPackage.get(key) ?? 0);
  row('total', a.total, b.total);
  console.log(`\nby function, ${top} largest differences:`);
  const functions = new Set([...a.byFunction.keys(), ...b.byFunction.keys()]);
  const byFunction = diff(a.byFunction, b.byFunction);
  for (const key of [...functions]
    .sort((k, l) => Math.abs(byFunction(l)) - Math.abs(byFunction(k)))
    .slice(0, top))
    row(key, a.byFunction.get(key) ?? 0, b.byFunction.get(key) ?? 0);
}

/** Prints the inclusive time of each named function, in µs per call (a recursion counted once). */
function inclusive(file, names, calls) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map(names.map((name) => [name, 0]));
  for (let i = 0; i < profile.samples.length; i++) {
    const seen = new Set();
    for (let node = byId.get(profile.samples[i]); node !== undefined; node = parent.get(node.id)) {
      const name = node.callFrame.functionName;
      if (totals.has(name) && !seen.has(name)) {
        seen.add(name);
        totals.set(name, totals.get(name) + (profile.timeDeltas[i] ?? 0));
      }
    }
  }
  console.log(`inclusive µs per call (${calls} calls):`);
  for (const [name, us] of totals) console.log(`  ${(us / calls).toFixed(1).padStart(7)}  ${name}`);
}

/** The package a profiled frame belongs to; a frame of dist/ by the source its map gives. */
function packageOf({ url, functionName }, source) {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  const path = source ?? url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (pkg !== undefined) return pkg;
  if (path.includes('src/')) return 'chainbill';
  if (url.includes('undici')) return 'undici';
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/scripts/bench/')) return 'bench';
  return url === '' ? '(native)' : url;
}

/**
 * The original `source:line` of a frame in a file with a source map next to it (dist/index.js),
 * or `undefined`.
 */
function originalOf({ url, lineNumber, columnNumber }, maps) {
  if (!url.startsWith('file://') || !url.includes('/dist/')) return undefined;
  if (!maps.has(url)) {
    try {
      maps.set(url, decodeMap(JSON.parse(readFileSync(new URL(`${url}.map`), 'utf8'))));
    } catch {
      maps.set(url, null);
    }
  }
  const map = maps.get(url);
  const segments = map?.lines[lineNumber];
  if (!segments) return undefined;
  let found;
  for (const segment of segments) {
    if (segment[0] > columnNumber) break;
    found = segment;
  }
  return found && `${map.sources[found[1]].replace(/^(\.\.\/)+/, '')}:${found[2] + 1}`;
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a source map's `mappings` into `[column, source, line]` segments per generated line. */
function decodeMap({ mappings, sources }) {
  const lines = [];
  let source = 0;
  let line = 0;
  for (const text of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const part of text.split(',')) {
      if (part === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of part) {
        const digit = base64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        line += fields[2];
        segments.push([column, source, line]);
      }
    }
    lines.push(segments);
  }
  return { lines, sources };
}

if (values.functions !== undefined)
  inclusive(values.summarize, values.functions.split(','), Number(values.calls));
else if (values.against !== undefined)
  difference(values.summarize, values.against, Number(values.calls), Number(values.top));
else if (values.summarize !== undefined) summarize(values.summarize, Number(values.top));
else await run();
