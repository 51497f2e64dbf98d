import type { Options } from 'tsup';

const config: Options = {
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  treeshake: true,
  // ky and zod stay dependencies (see docs/performance.md); msw is an optional peer of ./testing.
  external: ['ky', 'zod', 'msw'],
};

export default config;
