import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * The fleet tests (test/fleet/): worker processes of the built package on a real PostgreSQL
 * server (CHAINBILL_TEST_DATABASE_URL), killed and stopped at random. Apart from `npm test`, whose
 * time they would double: `npm run test:fleet` runs them, and CI does after `npm test`
 * (docs/postgres.md). `dist/` is built first when stale.
 */
const config: ViteUserConfig = defineConfig({
  resolve: {
    alias: {
      'chainbill/testing': fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      'chainbill/postgres': fileURLToPath(new URL('./src/postgres/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'fleet',
    include: ['test/fleet/**/*.test.ts'],
    globalSetup: ['test/setup/dist.ts'],
    // One file, its tests one after another: each runs its own processes against one server.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});

export default config;
