/**
 * A setupFile of the package tier: under `npm test`, waits for the `dist/` build that
 * scripts/test.mjs runs first in its lane of checks (test/setup/dist.ts) before the test file is even
 * imported, and fails the file, with the build's output, when that build failed. When vitest runs
 * on its own, the globalSetup has built `dist/` already and this returns at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A guard far above the build's seconds: a runner that died must not hang the tier forever. */
const guardMs = 300_000;

const status = process.env['CHAINBILL_DIST_STATUS'];
if (status) {
  const deadline = Date.now() + guardMs;
  while (!existsSync(status)) {
    if (Date.now() > deadline) throw new Error(`dist/ was not built within ${guardMs / 1000} s`);
    await sleep(100);
  }
  const { ok, output } = JSON.parse(readFileSync(status, 'utf8')) as { ok: boolean; output?: string };
  if (!ok) throw new Error(`the build of dist/ failed, so the package tier cannot run:\n${output}`);
}
