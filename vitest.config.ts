import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * The suite in three tiers (CONTRIBUTING.md: Testing), each a vitest project; `vitest run` runs
 * them all, `vitest run --project unit` one of them.
 *
 * - `memory` (test/memory/): the tests that bound the heap or the RSS, in forks with
 *   `--expose-gc` that run one file at a time: no other test's work moves their figures.
 * - `unit`: the rest of test/, on `src/` through the aliases below; nothing is built. Its files
 *   share a worker and its module cache (`isolate: false`).
 * - `package`: the tests of the built package (`dist/`), built once by scripts/dist.mjs: first in
 *   `npm test`'s lane of checks (scripts/test.mjs), or, when vitest runs on its own, by the tier's
 *   globalSetup before any tier starts (test/setup/dist.ts). Its files share a worker too.
 *
 * Types are not checked here: `npm test` runs one type check of src/, test/ (the `*.test-d.ts`
 * type tests included) and the docs' snippets beside vitest (scripts/typecheck.ts).
 */

/** The test files that import `dist/`: both builds in one process, and the bins. */
const packageTests = [
  'test/bundled-zod.test.ts',
  'test/cli/process.test.ts',
  'test/cross-copy.test.ts',
  // The guides' scripts, each run as a reader runs them, on the built package.
  'test/docs-scripts.test.ts',
  'test/fake/server-cli.test.ts',
  'test/fake/server-history.test.ts',
  'test/fake/server-state.test.ts',
  'test/mcp/bin.test.ts',
  // chainbill-mcp --http behind a real authorization server, through the v2 client's OAuth.
  'test/mcp/http.test.ts',
  // The inspector's page in Chromium, served by the built CLI.
  'test/fake/inspector.test.ts',
  'test/fake/inspector-data.test.ts',
  // In-process tests beside a few of the built CLI's or dist/'s, on the same topic.
  'test/fake/fault-timers.test.ts',
  'test/fake/long-run.test.ts',
  'test/fake/seed-gate.test.ts',
  // npm pack of the built package.
  'test/tarball.test.ts',
];
const memoryTests = ['test/memory/**/*.test.ts'];

// A test file that names `dist/` outside the package tier would run before the build, on a stale
// or missing one: vitest does not start, and says which file to add to `packageTests`.
const strays = readdirSync(new URL('./test/', import.meta.url), { recursive: true, encoding: 'utf8' })
  .map((file) => `test/${file}`)
  .filter((file) => file.endsWith('.test.ts') && !packageTests.includes(file))
  .filter((file) => /\bdist\//.test(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')));
if (strays.length > 0) {
  throw new Error(`dist/ is named outside the package tier, in ${strays.join(', ')}: see packageTests`);
}

/**
 * The tiers run in one pool of workers (vitest asks one number of the projects of a group), one
 * tier after another: one worker a core. vitest's default leaves a core to its main process,
 * which idles while forks run the tests.
 */
const workers = '100%';

/** What every tier shares: `chainbill` is `src/`, and every property runs with the run's seed. */
const shared = {
  resolve: {
    alias: {
      'chainbill/testing/msw': fileURLToPath(new URL('./src/testing/msw.ts', import.meta.url)),
      'chainbill/testing': fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      'chainbill/opentelemetry': fileURLToPath(new URL('./src/opentelemetry/index.ts', import.meta.url)),
      'chainbill/core': fileURLToPath(new URL('./src/core/index.ts', import.meta.url)),
      'chainbill/funcs': fileURLToPath(new URL('./src/funcs.ts', import.meta.url)),
      'chainbill/postgres': fileURLToPath(new URL('./src/postgres/index.ts', import.meta.url)),
      'chainbill/webhooks': fileURLToPath(new URL('./src/webhooks/index.ts', import.meta.url)),
      chainbill: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
  test: {
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 20_000,
  },
};

const config: ViteUserConfig = defineConfig({
  test: {
    // Once per run, in the root project: picks, prints and provides the fast-check seed.
    globalSetup: ['test/setup/seed.ts'],
    // Each module's transform kept on disk (node_modules/.experimental-vitest-cache) for the next
    // run, keyed by its content: a run with few changes transforms few files.
    experimental: { fsModuleCache: true },
    projects: [
      {
        ...shared,
        test: {
          ...shared.test,
          name: 'memory',
          include: memoryTests,
          execArgv: ['--expose-gc'],
          // Forks, which run one file at a time: a figure of heap or RSS is that process's own,
          // which no test running at the same time shares, so the tier runs beside the others.
          // Each test measures from a collected heap, so a fork's earlier files move no figure.
          isolate: false,
          setupFiles: [...shared.test.setupFiles, 'test/setup/restore.ts'],
          maxWorkers: workers,
        },
      },
      {
        ...shared,
        test: {
          ...shared.test,
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...packageTests, ...memoryTests],
          // Files share a worker and its module cache: each test builds its own clients and fakes,
          // and test/setup/restore.ts undoes what a test fakes or stubs.
          isolate: false,
          setupFiles: [...shared.test.setupFiles, 'test/setup/restore.ts'],
          maxWorkers: workers,
        },
      },
      {
        ...shared,
        test: {
          ...shared.test,
          name: 'package',
          include: packageTests,
          // Last, after the other tiers (vitest runs the tiers one after another, by name
          // otherwise): a build from cold (CI's) is then done before the first file waits for it.
          sequence: { groupOrder: 1 },
          globalSetup: ['test/setup/dist.ts'],
          // As the unit tier: files share a worker, and test/setup/restore.ts undoes their fakes.
          isolate: false,
          setupFiles: [...shared.test.setupFiles, 'test/setup/restore.ts', 'test/setup/dist-ready.ts'],
          maxWorkers: workers,
        },
      },
    ],
  },
});

export default config;
