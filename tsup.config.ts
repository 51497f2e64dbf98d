import { mkdirSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import type { Options } from 'tsup';
import ts from 'typescript';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * Marks ky's module-level default instance (`const ky = createInstance();`) `@__PURE__`, as zod
 * marks its own module-level calls. Without it, an app's bundler keeps that call, and with it all
 * of ky (~8 KB gzip), even in an app that imports only `toAtomicUnits` (docs/performance.md). The
 * build fails if ky's code no longer has that line, rather than quietly losing the annotation.
 */
const kyPureDefaultInstance: Plugin = {
  name: 'ky-pure-default-instance',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]ky[\\/]distribution[\\/]index\.js$/ }, async ({ path }) => {
      const line = 'const ky = createInstance();';
      const source = await readFile(path, 'utf8');
      if (!source.includes(line)) throw new Error(`ky changed: \`${line}\` not found in ${path}`);
      return { contents: source.replace(line, 'const ky = /* @__PURE__ */ createInstance();'), loader: 'js' };
    });
  },
};

/**
 * Defers ky's two probes that touch the platform's fetch when ky is loaded (`supportsRequestStreams`
 * builds a `Request`, `supportsFormData` reads `FormData`): on Node either loads undici, half of
 * `import 'chainbill'`. Each becomes a function run at the first request that asks (ky reads them
 * in a request's constructor and upload progress only), the stream probe once. Their results and
 * ky's behaviour are unchanged. The build fails if ky's code no longer reads as expected, rather
 * than quietly loading undici again.
 */
const kyLazyStreamProbe: Plugin = {
  name: 'ky-lazy-stream-probe',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]ky[\\/]distribution[\\/]core[\\/](constants|Ky)\.js$/ },
      async ({ path }) => {
        const source = await readFile(path, 'utf8');
        if (path.endsWith('constants.js')) {
          const head = 'export const supportsRequestStreams = (() => {';
          const tail = '    return duplexAccessed && !hasContentType;\n})();';
          const formData = "export const supportsFormData = typeof globalThis.FormData === 'function';";
          if (![head, tail, formData].every((part) => source.includes(part)))
            throw new Error(`ky changed: its probes were not found in ${path}`);
          const probes = source
            .replace(
              head,
              'let requestStreams;\nexport const supportsRequestStreams = () => (requestStreams ??= (() => {',
            )
            .replace(tail, '    return duplexAccessed && !hasContentType;\n})());')
            .replace(
              formData,
              "export const supportsFormData = () => typeof globalThis.FormData === 'function';",
            );
          return { contents: probes, loader: 'js' };
        }
        const reads = [
          ['if (supportsRequestStreams) {', 'supportsRequestStreams'],
          ['|| !supportsRequestStreams) {', 'supportsRequestStreams'],
          ['((supportsFormData && ', 'supportsFormData'],
        ];
        if (!reads.every(([read = '']) => source.split(read).length === 2))
          throw new Error(`ky changed: its probes are not read as expected in ${path}`);
        const contents = reads.reduce(
          (code, [read = '', name = '']) => code.replace(read, read.replace(name, `${name}()`)),
          source,
        );
        return { contents, loader: 'js' };
      },
    );
  },
};

/**
 * Makes `@noble/hashes/sha3.js` droppable by an app's bundler. Its module header builds Keccak's
 * round tables in a top-level `for` loop, which no bundler may remove, so every app that imports
 * anything from `chainbill` would carry it (~0.4 KB gzip) even without `isValidAddress`. The
 * header moves, unchanged, into a `@__PURE__` function whose result the four tables read; the
 * scratch buffer gets the same annotation. Keccak itself is untouched, and the EIP-55 vectors run
 * on the built file in the smoke consumers. The build fails if the header no longer reads as
 * expected, rather than quietly keeping the loop.
 */
const nobleSha3PureTables: Plugin = {
  name: 'noble-sha3-pure-tables',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]@noble[\\/]hashes[\\/]sha3\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const first = 'const _0n = BigInt(0);';
      const last = 'const SHA3_IOTA_L = IOTAS[1];';
      const scratch = 'const B = new Uint32Array(5 * 2);';
      const start = source.indexOf(first);
      const end = source.indexOf(last);
      if (start < 0 || end < start || !source.includes(scratch)) {
        throw new Error(`@noble/hashes changed: the Keccak table header was not found in ${path}`);
      }
      const tables = ['SHA3_PI', 'SHA3_ROTL', 'SHA3_IOTA_H', 'SHA3_IOTA_L'];
      const header = [
        'const SHA3_TABLES = /* @__PURE__ */ (() => {',
        source.slice(start, end + last.length),
        `return [${tables.join(', ')}];`,
        '})();',
        ...tables.map((name, i) => `const ${name} = /* @__PURE__ */ (() => SHA3_TABLES[${i}])();`),
      ].join('\n');
      const contents = source.slice(0, start) + header + source.slice(end + last.length);
      return {
        contents: contents.replace(scratch, 'const B = /* @__PURE__ */ new Uint32Array(5 * 2);'),
        loader: 'js',
      };
    });
  },
};

/**
 * One declaration file per module, with declaration maps, next to the JS in `dist/`
 * (`src/payouts/payouts.ts` gives `dist/payouts/payouts.d.ts` and `.d.ts.map`); the package
 * ships `src/`, so an editor's go-to-definition opens the source with its TSDoc instead of a
 * bundled declaration file (docs/packaging.md). tsup's own `dts` bundles with rollup-plugin-dts,
 * which writes no maps.
 *
 * Each `.d.ts` gets a `.d.cts` twin whose relative imports name `.cjs`, so that TypeScript reads
 * the CommonJS build's types as CommonJS (`exports` → `require` → `types`) all the way down.
 * `stripInternal` keeps `@internal` members (the resources' plumbing, which names zod types) out.
 */
function emitDeclarations(): void {
  const overrides: ts.CompilerOptions = {
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: true,
    stripInternal: true,
    rootDir: 'src',
    outDir: 'dist',
  };
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail };
  const parsed = ts.getParsedCommandLineOfConfigFile('tsconfig.json', overrides, host);
  if (parsed === undefined) throw new Error('tsconfig.json could not be read');
  // The bins are programs, not imports: they have no declarations to ship.
  const bins = ['cli/index', 'mcp/index', 'testing/cli'];
  const rootNames = Object.entries(entry).flatMap(([name, file]) => (bins.includes(name) ? [] : [file]));
  const program = ts.createProgram({ rootNames, options: parsed.options });
  const result = program.emit(undefined, writeDeclaration, undefined, true, {
    afterDeclarations: [withoutInlinedPackages],
  });
  if (result.diagnostics.length > 0) fail(result.diagnostics);
}

/**
 * The packages inlined into `dist` (`noExternal` below): not dependencies, so not installed.
 * `@noble/hashes` (SHA-256, Keccak-256) and `@scure/base` (base58) check recipient addresses;
 * `jose` checks the bearer tokens of `chainbill-mcp --http` (only the MCP bin's chunk has it);
 * `standardwebhooks` (with `@stablelib/base64` and `fast-sha256`) signs and verifies webhooks.
 */
const inlined =
  /^(ky|zod|@noble\/hashes|@scure\/base|jose|standardwebhooks|@stablelib\/base64|fast-sha256)(\/|$)/;

/**
 * Declarations may not import ky or zod: a user's `tsc` without `skipLibCheck` would fail to find
 * them. No public type names them (DESIGN.md); the plumbing of `internal/` does (a call's `schema`
 * is a zod type), and `core/pagination` reaches `internal/` for two types. So in the declarations a
 * type from an inlined package is written `unknown` and its import dropped; the source (and the
 * typecheck) keeps the real types. This runs before printing, so the declaration maps stay right.
 */
function withoutInlinedPackages(context: ts.TransformationContext) {
  const { factory } = context;
  return (file: ts.SourceFile | ts.Bundle) => {
    if (!ts.isSourceFile(file)) return file;
    const names = new Set<string>();
    const statements = file.statements.filter((statement) => {
      const from = ts.isImportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      if (from === undefined || !ts.isStringLiteral(from) || !inlined.test(from.text)) return true;
      const bindings = (statement as ts.ImportDeclaration).importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const name of bindings.elements) names.add(name.name.text);
      return false;
    });
    if (statements.length === file.statements.length) return file;
    const leftmost = (name: ts.EntityName): string =>
      ts.isIdentifier(name) ? name.text : leftmost(name.left);
    const visit = (node: ts.Node): ts.Node =>
      ts.isTypeReferenceNode(node) && names.has(leftmost(node.typeName))
        ? factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword)
        : ts.visitEachChild(node, visit, context);
    return ts.visitEachChild(factory.updateSourceFile(file, statements), visit, context);
  };
}

/**
 * Writes what tsc emits, and its `.d.cts` twin, which names the `.d.ts`'s map: the twin differs in
 * its import paths only, so the same map leads from it to the source.
 */
function writeDeclaration(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (file.endsWith('.d.ts')) {
    const cts = text.replace(/((?:from|import\()\s*)(['"])(\.{1,2}\/[^'"]*)\.js\2/g, '$1$2$3.cjs$2');
    writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), cts);
  }
}

function fail(diagnostics: ts.Diagnostic | readonly ts.Diagnostic[]): never {
  const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
  throw new Error(
    ts.formatDiagnostics(list, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: ts.sys.getCurrentDirectory,
      getNewLine: () => '\n',
    }),
  );
}

/** Removes the CJS build's JS source maps and the comments that name them. */
async function dropCjsMaps(dir: string): Promise<void> {
  for (const file of await readdir(dir, { recursive: true })) {
    const path = `${dir}/${file}`;
    if (path.endsWith('.cjs.map')) await rm(path);
    else if (path.endsWith('.cjs')) {
      const code = await readFile(path, 'utf8');
      await writeFile(path, code.replace(/\n\/\/# sourceMappingURL=\S+\.cjs\.map\s*$/, '\n'));
    }
  }
}

/**
 * Drops from each JS map the mappings into files the package does not ship: ky's, zod's and the
 * hashes' (inlined), and the bins' own sources (package.json's `files`), so none leads nowhere.
 */
async function withoutPackageMappings(dir: string): Promise<void> {
  for (const file of await readdir(dir, { recursive: true })) {
    if (!file.endsWith('.js.map')) continue;
    const path = `${dir}/${file}`;
    const map = JSON.parse(await readFile(path, 'utf8')) as { sources: string[]; mappings: string };
    const inPackage = map.sources.map((source) => !/node_modules\/|src\/(cli|mcp|catalog)\//.test(source));
    const lines = decode(map.mappings).map((line) =>
      line.filter((segment) => segment.length === 1 || inPackage[segment[1] as number]),
    );
    await writeFile(path, JSON.stringify({ ...map, mappings: encode(lines) }));
  }
}

const entry = {
  index: 'src/index.ts',
  'core/index': 'src/core/index.ts',
  funcs: 'src/funcs.ts',
  'testing/index': 'src/testing/index.ts',
  'testing/msw': 'src/testing/msw.ts',
  'testing/cli': 'src/testing/cli.ts',
  'cli/index': 'src/cli/index.ts',
  'mcp/index': 'src/mcp/index.ts',
  'opentelemetry/index': 'src/opentelemetry/index.ts',
  'postgres/index': 'src/postgres/index.ts',
  'webhooks/index': 'src/webhooks/index.ts',
};

const config: Options = {
  entry,
  format: ['esm', 'cjs'],
  // The CJS entries share their chunks as the ESM ones do (tsup's own code splitting for CJS):
  // one copy of the client, ky and zod for `chainbill`, `chainbill/core`, `chainbill/funcs` and
  // `chainbill/testing` alike, instead of a bundle each.
  splitting: true,
  // Declarations come from tsc, per module and with maps (emitDeclarations, in onSuccess).
  dts: false,
  // Maps point at the sources: ours are shipped in src/, ky's and zod's are not copied into them
  // (their text was most of the tarball); a stack trace still names the original file and line.
  sourcemap: true,
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  clean: true,
  target: 'node20',
  treeshake: true,
  // ky, zod/mini, @noble/hashes and @scure/base are inlined, tree-shaken: one file to load instead
  // of ~110 modules, no runtime dependencies, and no require(esm) of ESM-only packages from the
  // CJS build (docs/performance.md). msw stays outside: it is the optional peer of ./testing; so
  // does the MCP SDK (`@modelcontextprotocol/server`), the optional peer of the chainbill-mcp bin,
  // and pg, which the bins load when CHAINBILL_DATABASE_URL is set.
  noExternal: [inlined],
  external: ['msw', 'pg', /^@modelcontextprotocol\/server(\/|$)/],
  esbuildPlugins: [kyPureDefaultInstance, kyLazyStreamProbe, nobleSha3PureTables],
  // The CommonJS build's `import.meta.url`, from `__filename`: the fake's inspector finds its files
  // beside the package's package.json (src/testing/control/inspector.ts).
  shims: true,
  // Deno needs the `node:` prefix on built-ins (used by ./testing only).
  removeNodeProtocol: false,
  async onSuccess() {
    emitDeclarations();
    // The bins run as ESM only (package.json's `bin`); the CJS builds of their entries, which
    // inline the fake or the MCP server whole (no code splitting in CJS), would ship megabytes
    // nothing loads.
    for (const bin of ['cli/index', 'mcp/index', 'testing/cli'])
      for (const file of [`${bin}.cjs`, `${bin}.cjs.map`]) await rm(`dist/${file}`, { force: true });
    // The CJS build is the ESM build's code, unminified: its maps would ship the same mappings twice.
    await dropCjsMaps('dist');
    await withoutPackageMappings('dist');
    // MIT asks for the notices to travel with the bundled code.
    await mkdir('dist/licenses', { recursive: true });
    await copyFile('node_modules/ky/license', 'dist/licenses/ky.LICENSE');
    await copyFile('node_modules/zod/LICENSE', 'dist/licenses/zod.LICENSE');
    await copyFile('node_modules/@noble/hashes/LICENSE', 'dist/licenses/noble-hashes.LICENSE');
    await copyFile('node_modules/@scure/base/LICENSE', 'dist/licenses/scure-base.LICENSE');
    await copyFile('node_modules/jose/LICENSE.md', 'dist/licenses/jose.LICENSE');
    await copyFile('node_modules/@stablelib/base64/LICENSE', 'dist/licenses/stablelib-base64.LICENSE');
    await copyFile('node_modules/fast-sha256/LICENSE', 'dist/licenses/fast-sha256.LICENSE');
  },
};

export default config;
