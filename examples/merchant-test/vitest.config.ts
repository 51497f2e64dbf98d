import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// A merchant's project needs no aliases: 'chainbill' comes from node_modules. Here, inside the
// SDK's repo, the entry points map to the sources (the longest first: an alias matches a prefix).
const config: ViteUserConfig = defineConfig({
  resolve: {
    alias: {
      'chainbill/testing/msw': fileURLToPath(new URL('../../src/testing/msw.ts', import.meta.url)),
      'chainbill/testing': fileURLToPath(new URL('../../src/testing/index.ts', import.meta.url)),
      chainbill: fileURLToPath(new URL('../../src/index.ts', import.meta.url)),
    },
  },
  test: { include: ['**/*.test.ts'] },
});

export default config;
