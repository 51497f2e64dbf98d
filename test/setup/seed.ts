/**
 * The one fast-check seed of a run (a globalSetup of the root config, so it runs once): every
 * property of every tier draws from it (test/setup/fast-check.ts), so a run is repeatable and a
 * failure is reproduced by running again with the seed it printed.
 *
 * `FC_SEED=<integer>` runs with that seed; `FC_SEED=random` draws a new one (and prints it).
 */
import type { TestProject } from 'vitest/node';

/**
 * The seed when `FC_SEED` is unset: fixed, so two runs of the same code test the same inputs. It is
 * the one test/address.test.ts has always run with (it reads `FC_SEED` itself, as set below).
 */
export const defaultSeed = 1805;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fast-check seed of this run. */
    fcSeed: number;
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

/**
 * Picks the seed, prints it, and hands it to the workers.
 *
 * @param project The root project; what it provides, every project sees.
 */
export default function setup(project: TestProject): void {
  const seed = seedOf(process.env['FC_SEED']);
  console.log(`fast-check seed: ${seed} (FC_SEED=${seed} repeats this run; FC_SEED=random draws one)`);
  project.provide('fcSeed', seed);
  // For a test file that reads FC_SEED itself: the workers take their environment from here.
  process.env['FC_SEED'] = String(seed);
}
