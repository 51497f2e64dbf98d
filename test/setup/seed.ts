/**
 * The one fast-check seed of a run (a globalSetup of the root config, so it runs once): every
 * property of every tier draws from it (test/setup/fast-check.ts), so a run is repeatable and a
 * failure is reproduced by running again with the seed it printed.
 *
 * `FC_SEED=<integer>` runs with that seed; `FC_SEED=random` draws a new one (and prints it).
 *
 * How many inputs a property draws when it does not say (fast-check's `numRuns`): 25 with the fixed
 * seed, which draws the inputs every earlier run drew, and fast-check's 100 with a seed given in
 * `FC_SEED`, as CI's step of new inputs on every run gives one (so that the seed it prints replays
 * the same 100); `FC_RUNS=<integer>` sets it either way.
 */
import type { TestProject } from 'vitest/node';

/**
 * The seed when `FC_SEED` is unset: fixed, so two runs of the same code test the same inputs. It is
 * the one test/address.test.ts has always run with (it reads `FC_SEED` itself, as set below).
 */
export const defaultSeed = 1805;

/** Runs of a property without its own `numRuns`, with the fixed seed; with another, fast-check's 100. */
export const fixedSeedRuns = 25;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fast-check seed of this run. */
    fcSeed: number;
    /** The runs of a property that does not give its own `numRuns`. */
    fcRuns: number;
  }
}

/** Reads `FC_SEED`; throws on anything but an integer or `random`, rather than ignore a typo. */
function seedOf(value: string | undefined): number {
  if (value === undefined || value === '') return defaultSeed;
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or \`random\`, not ${value}`);
  return seed;
}

/** Reads `FC_RUNS`, else the runs for the seed's source; throws on anything but a positive integer. */
function runsOf(value: string | undefined, seedGiven: boolean): number {
  if (value === undefined || value === '') return seedGiven ? 100 : fixedSeedRuns;
  const runs = Number(value);
  if (!Number.isSafeInteger(runs) || runs < 1)
    throw new Error(`FC_RUNS must be a positive integer, not ${value}`);
  return runs;
}

/**
 * Picks the seed and the runs, prints them, and hands them to the workers.
 *
 * @param project The root project; what it provides, every project sees.
 */
export default function setup(project: TestProject): void {
  const given = process.env['FC_SEED'];
  const seed = seedOf(given);
  const runs = runsOf(process.env['FC_RUNS'], given !== undefined && given !== '');
  console.log(
    `fast-check seed: ${seed}, ${runs} runs a property (FC_SEED=${seed} repeats this run; FC_SEED=random draws one)`,
  );
  project.provide('fcSeed', seed);
  project.provide('fcRuns', runs);
  // For a test file that reads FC_SEED itself: the workers take their environment from here.
  process.env['FC_SEED'] = String(seed);
}
