/**
 * Prints what run.mjs measured: the figures of each contender, the ratios (SDK ÷ bare ky judged,
 * ×raw beside it), the walk's memory, the footprint and the verdict; sets the exit code in
 * `--short`.
 */
import { availableParallelism } from 'node:os';
import { judge, printTable } from './stats.mjs';

const contenders = [
  ['raw', 'raw fetch'],
  ['ky', 'bare ky'],
  ['sdk', 'chainbill'],
  ['openai', 'openai'],
];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the tables and the verdict, then the JSON if asked.
 *
 * @param results - Everything measured (run.mjs).
 * @param context - `pageBytes` (one list page), `goals`, `short`, `json`.
 */
export function report(results, { pageBytes, goals, short, json }) {
  const { config } = results;
  console.log(
    `\nchainbill bench (${results.mode}, ${results.dist}), Node ${results.node}, ${availableParallelism()} CPUs; list page ` +
      `${kb(pageBytes)}; ${config.rounds} rounds × ${config.calls} calls per client (per-call rows), ` +
      `${config.batchRounds} batches, ${config.walkRounds} walks, interleaved.`,
  );
  console.log('Figures: median block (best block).\n');
  const number = (value, unit) =>
    unit === 'items/s'
      ? `${Math.round(value).toLocaleString('en-US')}`
      : value.toFixed(unit === 'ms/batch' ? 1 : 0);
  const figure = (m, side) => {
    const s = m.sides[side];
    return s === undefined ? '' : `${number(s.median, m.unit)} (${number(s.best, m.unit)})`;
  };
  printTable(
    ['measure', 'unit', ...contenders.map(([, title]) => title)],
    results.measures.map((m) => [m.name, m.unit, ...contenders.map(([side]) => figure(m, side))]),
  );

  console.log(
    '\nRatios per round, medianed; chainbill ÷ bare ky (wall) is judged, quartiles of the rounds in brackets.' +
      "\nCPU ÷ bare ky: the same ratio of the client process's CPU time, which other load on the machine does not stretch.\n",
  );
  const times = (m, side) => (m.sides[side] === undefined ? '' : `${m.sides[side].vsRaw.ratio.toFixed(2)}x`);
  const rows = results.measures.map((m) => {
    const vsKy = m.sides.sdk.vsKy;
    return [
      m.name,
      times(m, 'ky'),
      times(m, 'sdk'),
      times(m, 'openai'),
      `**${vsKy.ratio.toFixed(2)}** (${vsKy.p25.toFixed(2)}–${vsKy.p75.toFixed(2)})`,
      m.sides.sdk.cpuVsKy.ratio.toFixed(2),
      m.sides.openai === undefined ? '' : m.sides.openai.vsKy.ratio.toFixed(2),
      m.goal === null ? '—' : `${m.goal.op} ${m.goal.value}`,
      m.status,
    ];
  });
  const w = results.withOptionsMicros;
  rows.push([
    'withOptions({ timeout }), 10 000 calls',
    '',
    `${w.toFixed(2)} µs/call`,
    '',
    '',
    '',
    '',
    '—',
    'info',
  ]);
  const footprint = results.footprint;
  if (footprint !== undefined) {
    const bundle = judge(footprint.sdk.gzip / 1024, goals.bundleKB);
    results.bundle = { gzipKB: footprint.sdk.gzip / 1024, ...bundle };
    rows.push([
      'app bundle, min+gzip',
      '',
      `${kb(footprint.sdk.gzip)} (${kb(footprint.sdk.min)} min)`,
      `${kb(footprint.openai.gzip)} (${kb(footprint.openai.min)} min)`,
      '',
      '',
      '',
      `≤ ${goals.bundleKB.value} KB`,
      bundle.status,
    ]);
    rows.push([
      'cold import (ESM)',
      '',
      `${footprint.sdk.importMs.toFixed(1)} ms = ${(footprint.sdk.importMs / footprint.openai.importMs).toFixed(2)}x openai`,
      `${footprint.openai.importMs.toFixed(1)} ms`,
      '',
      '',
      '',
      'hold',
      'info',
    ]);
  }
  printTable(
    [
      'measure',
      'bare ky ×raw',
      'chainbill ×raw',
      'openai ×raw',
      'chainbill ÷ bare ky',
      'CPU ÷ bare ky',
      'openai ÷ bare ky',
      'goal',
      'status',
    ],
    rows,
  );

  console.log(
    `\nWalk of ${config.walkItems.toLocaleString('en-US')} items, median of ${config.walkRounds} walks, one process each:\n`,
  );
  const mem = results.walkMemory;
  printTable(
    ['client', 'heap after GC at the last item', 'heap growth over the walk', 'peak RSS'],
    Object.keys(mem).map((side) => [
      side,
      `${mem[side].heapMB.toFixed(1)} MB`,
      `${mem[side].heapDeltaMB >= 0 ? '+' : ''}${mem[side].heapDeltaMB.toFixed(2)} MB`,
      `${mem[side].peakRssMB.toFixed(0)} MB`,
    ]),
  );

  const judged = results.measures.filter((m) => m.goal !== null);
  const failed = judged.filter((m) => m.failed).map((m) => m.name);
  const met = judged.filter((m) => m.status === 'met').length;
  results.failed = failed;
  console.log(
    failed.length > 0
      ? `\n${short ? 'FAIL' : 'Would fail --short'}: more than 40 % past the goal: ${failed.join('; ')}.`
      : `\nOK: ${met} of ${judged.length} per-call goals met; none is more than 40 % past its goal.`,
  );
  if (json) console.log(JSON.stringify(results, null, 2));
  if (short && failed.length > 0) process.exitCode = 1;
}
