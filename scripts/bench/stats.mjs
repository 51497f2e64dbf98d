/**
 * Interleaved rounds and the summary of their blocks, for the benchmark. Nothing here knows about
 * HTTP: a contender is a function that runs one block and returns its figure.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// `npm run bench` runs plain `node`: expose gc() at run time instead of asking for --expose-gc.
setFlagsFromString('--expose-gc');
/** Runs a full garbage collection. */
export const gc = globalThis.gc ?? runInNewContext('gc');

/**
 * The median of a list of numbers (the mean of the two middle ones for an even count).
 *
 * @param values - At least one number.
 * @returns The median.
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs the contenders in rounds, each once per round, so that drift of the machine (another job,
 * a CPU clock change, the heap growing) falls on all of them alike. The order flips every round
 * (A B C, C B A, A B C …), so no contender always runs right after the same neighbour. A full GC
 * before each block keeps one block's garbage from being collected on the next one's time.
 *
 * @param contenders - Name → async function running one block and returning its figure
 *   (µs per call, ms per batch, items per second).
 * @param options - `rounds` recorded, after `warmup` rounds that are not.
 * @returns Name → the figure of each recorded round, in round order.
 */
export async function interleave(contenders, { rounds, warmup }) {
  const names = Object.keys(contenders);
  const figures = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = -warmup; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      gc();
      const figure = await contenders[name]();
      if (round >= 0) figures[name].push(figure);
    }
  }
  return figures;
}

/**
 * Times `calls` sequential calls of `call`: one block.
 *
 * @param call - One awaited call.
 * @param calls - Calls in the block.
 * @returns A function that runs the block and resolves to `{ wall, cpu }`: µs per call of wall
 *   time, and of this process's CPU time (user + system), which load from other processes on the
 *   machine does not stretch.
 */
export function perCall(call, calls) {
  return async () => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < calls; i++) await call();
    const wall = ((performance.now() - start) * 1000) / calls;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / calls };
  };
}

/**
 * A quantile of a list of numbers, by linear interpolation between the closest ranks.
 *
 * @param values - At least one number.
 * @param q - From 0 (the least) to 1 (the greatest); 0.5 is the median.
 * @returns The quantile.
 */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/**
 * The median and the best block of one contender's figures.
 *
 * @param values - Its figure of each round.
 * @param higherIsBetter - Throughput (items/s): the best block is the largest.
 * @returns `{ median, best }`.
 */
export function summary(values, higherIsBetter = false) {
  return { median: median(values), best: higherIsBetter ? Math.max(...values) : Math.min(...values) };
}

/**
 * The ratio of two contenders taken within each round (their blocks ran seconds apart, on the
 * same machine state), then summarized over the rounds: the median is the judged figure, the
 * quartiles say how much the rounds agreed.
 *
 * @param figures - The contender's figure of each round.
 * @param base - The baseline's figure of each round (same length, same rounds).
 * @returns `{ ratio, p25, p75, ratios }`.
 */
export function ratioOf(figures, base) {
  const ratios = figures.map((value, round) => value / base[round]);
  return { ratio: median(ratios), p25: quantile(ratios, 0.25), p75: quantile(ratios, 0.75), ratios };
}

/**
 * Whether a ratio meets its goal, and whether it misses it by more than `slack` (40 %: the
 * `--short` failure line of CI, wide enough for a busy shared machine).
 *
 * @param ratio - The judged ratio (SDK ÷ bare ky).
 * @param goal - `{ op: '≤' | '≥', value }`, or `null` for a measure shown for information.
 * @param slack - Fraction past the goal tolerated before `failed` is set.
 * @returns `{ status: 'met' | 'missed' | 'info', failed }`.
 */
export function judge(ratio, goal, slack = 0.4) {
  if (goal === null) return { status: 'info', failed: false };
  const met = goal.op === '≤' ? ratio <= goal.value : ratio >= goal.value;
  const failed = goal.op === '≤' ? ratio > goal.value * (1 + slack) : ratio < goal.value * (1 - slack);
  return { status: met ? 'met' : 'missed', failed };
}

/**
 * Prints rows as a Markdown table, columns padded to their widest cell.
 *
 * @param header - Column titles.
 * @param rows - Cells, as text.
 */
export function printTable(header, rows) {
  const widths = header.map((title, c) => Math.max(title.length, ...rows.map((row) => row[c].length)));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
