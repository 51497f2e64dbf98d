import { copyFile, mkdir } from 'node:fs/promises';
import type { Options } from 'tsup';

const config: Options = {
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  // @internal members (Chainbill.request, which names zod types) stay out of the published types.
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  treeshake: true,
  // ky and zod/mini are inlined, tree-shaken: one file to load instead of ~110 modules, no runtime
  // dependencies, and no require(esm) of ESM-only ky from the CJS build (docs/performance.md).
  // msw stays outside: it is the optional peer of ./testing.
  noExternal: [/^ky(\/|$)/, /^zod(\/|$)/],
  external: ['msw'],
  // Deno needs the `node:` prefix on built-ins (used by ./testing only).
  removeNodeProtocol: false,
  // MIT asks for the notices to travel with the bundled code.
  async onSuccess() {
    await mkdir('dist/licenses', { recursive: true });
    await copyFile('node_modules/ky/license', 'dist/licenses/ky.LICENSE');
    await copyFile('node_modules/zod/LICENSE', 'dist/licenses/zod.LICENSE');
  },
};

export default config;
