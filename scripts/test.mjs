#!/usr/bin/env node
/**
 * `npm test`, in two lanes that keep a 2-core machine busy:
 *
 * - the checks, one after another: the build of `dist/` first (scripts/dist.mjs), since the package
 *   tier waits for it, then Biome, the import-cycle check (scripts/check-cycles.mjs: types
 *   included, no exception, and the fake's one rule of layers) and the one
 *   type check (scripts/typecheck.ts);
 * - vitest, all its tiers at once (vitest.config.ts). The package tier's files wait for the build
 *   (CHAINBILL_DIST_STATUS, test/setup/dist-ready.ts); nothing else does.
 *
 * Arguments go to vitest: `npm test -- --reporter=json --outputFile=.tmp/vitest.json`. With
 * `--project` naming tiers other than `package`, `dist/` is not built.
 *
 * vitest's output comes as it runs; each check's output comes whole, once vitest is done, then a
 * line per step with its time, and the whole run's. Exits 1 when any step failed.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const started = Date.now();
const root = fileURLToPath(new URL('../', import.meta.url));
const node = process.execPath;
const args = process.argv.slice(2);
const statusFile = `${root}.tmp/dist-status-${process.pid}.json`;

/** The tiers `--project` names, or none when every tier runs. */
const projects = args.flatMap((arg, i) =>
  arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg === '--project' ? [args[i + 1]] : [],
);
const needsDist = projects.length === 0 || projects.includes('package');

/**
 * Runs a command to its end.
 *
 * @param {string} name The step's name in the summary.
 * @param {string[]} command The program and its arguments.
 * @param {{ live?: boolean, env?: NodeJS.ProcessEnv }} [options] `live`: the output goes straight
 *   to this process's, as it comes; otherwise it is kept, to print whole later.
 * @returns {Promise<{ name: string, ok: boolean, seconds: number, output: string }>}
 */
function run(name, [program, ...rest], { live = false, env } = {}) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(program ?? '', rest, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const done = (ok, extra = '') =>
      resolve({ name, ok, seconds: (Date.now() - start) / 1000, output: output + extra });
    child.on('error', (error) => done(false, String(error)));
    child.on('close', (code, signal) => done(code === 0, signal ? `killed by ${signal}\n` : ''));
  });
}

/** The import rules of src/ (scripts/check-cycles.mjs), as `npm run cycles` has them too. */
const cycleRules = ['--types', '--only', 'testing/routes:testing/router.ts'];

/** The checks, in order, each run whatever the one before gave; the build first. */
async function checks() {
  const steps = [
    ['lint', [node, 'node_modules/@biomejs/biome/bin/biome', 'check', '.']],
    // Types included: no circle but a resource naming its client, and only the fake's router
    // imports a route module.
    ['cycles', [node, 'scripts/check-cycles.mjs', ...cycleRules, 'src']],
    ['types', [node, '--import', 'tsx', 'scripts/typecheck.ts']],
  ];
  if (needsDist) steps.unshift(['build', [node, 'scripts/dist.mjs', '--status', statusFile]]);
  const results = [];
  for (const [name, command] of steps) results.push(await run(name, command));
  return results;
}

rmSync(statusFile, { force: true });
const vitest = run('vitest', [node, 'node_modules/vitest/vitest.mjs', 'run', ...args], {
  live: true,
  env: needsDist ? { CHAINBILL_DIST_STATUS: statusFile } : {},
});
const results = [...(await checks()), await vitest];
rmSync(statusFile, { force: true });

for (const { name, output } of results.slice(0, -1)) {
  if (output.trim() !== '') process.stdout.write(`\n── ${name} ──\n${output.trimEnd()}\n`);
}
console.log('');
for (const { name, ok, seconds } of results) {
  console.log(`${ok ? '✓' : '✗'} ${name.padEnd(7)} ${seconds.toFixed(1).padStart(5)} s`);
}
console.log(`  ${'total'.padEnd(7)} ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`);
if (results.some((result) => !result.ok)) process.exitCode = 1;
