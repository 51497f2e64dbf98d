#!/usr/bin/env node
/**
 * Builds `dist/` as `npm run build` does (tsup, then the declarations), unless `dist/` is already
 * newer than every build input: the package tier's tests (vitest.config.ts) need it, and nothing
 * else in `npm test` does. Run first by `npm test`'s lane of checks (scripts/test.mjs), and by the
 * package tier's globalSetup (test/setup/dist.ts) when vitest runs on its own.
 *
 *   node scripts/dist.mjs [--status <file>]
 *
 * With `--status`, writes `{ "ok": true }` or `{ "ok": false, "output": "…" }` to the file when
 * done, for the package tier to wait on (test/setup/dist-ready.ts). Exits 1 when the build fails.
 *
 * The inputs are those test/cross-copy.test.ts checks `dist/` against, and the lockfile, which pins
 * what tsup inlines (ky, zod, @noble/hashes, @scure/base).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const inputs = ['src', 'package.json', 'package-lock.json', 'tsup.config.ts', 'tsconfig.json'];
/** One file of each kind the build writes, all of which the tier or a later CI step reads. */
const outputs = [
  'dist/index.js',
  'dist/index.cjs',
  'dist/index.d.ts',
  'dist/index.d.cts',
  'dist/testing/cli.js',
  'dist/mcp/index.js',
];

/** The newest modification time among the build inputs (Markdown under `src/` aside). */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else if (!path.endsWith('.md')) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of inputs) visit(join(root, input));
  return newest;
}

/** Whether every output exists and is newer than every input. */
function fresh() {
  const newest = newestInput();
  return outputs.every(
    (file) => existsSync(join(root, file)) && statSync(join(root, file)).mtimeMs >= newest,
  );
}

const at = process.argv.indexOf('--status');
const statusFile = at > 0 ? process.argv[at + 1] : undefined;
/** @param {{ ok: boolean, output?: string }} status */
function report(status) {
  if (statusFile === undefined) return;
  mkdirSync(dirname(statusFile), { recursive: true });
  writeFileSync(statusFile, JSON.stringify(status));
}

if (fresh()) {
  console.log('dist/ is newer than its sources: not rebuilt');
  report({ ok: true });
} else {
  const started = Date.now();
  const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js');
  const run = spawnSync(process.execPath, [tsup, '--silent'], { cwd: root, encoding: 'utf8' });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}`;
  process.stdout.write(output);
  if (run.status === 0) {
    console.log(`dist/ built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    report({ ok: true });
  } else {
    report({ ok: false, output });
    process.exitCode = 1;
  }
}
