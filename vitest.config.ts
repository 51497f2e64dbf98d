import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const config: ViteUserConfig = defineConfig({
  resolve: {
    alias: {
      'chainbill/testing/msw': fileURLToPath(new URL('./src/testing/msw.ts', import.meta.url)),
      'chainbill/testing': fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      'chainbill/opentelemetry': fileURLToPath(new URL('./src/opentelemetry/index.ts', import.meta.url)),
      chainbill: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
  },
});

export default config;
