/**
 * The package tier's globalSetup: `dist/` built once before the tier's tests, by scripts/dist.mjs
 * (which leaves a fresh `dist/` as it is), on the Node that runs vitest.
 *
 * Under `npm test`, scripts/test.mjs builds `dist/` itself, first in its lane of checks, and says so in
 * `CHAINBILL_DIST_STATUS`; then this does nothing, and the tier's test files wait for that build
 * (test/setup/dist-ready.ts), so the memory and unit tiers never wait for it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds `dist/` unless `npm test`'s runner does, or it is fresh already. */
export default function setup(): void {
  if (process.env['CHAINBILL_DIST_STATUS']) return;
  const script = fileURLToPath(new URL('../../scripts/dist.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
