/**
 * What a package costs the code that uses it: its bundle (esbuild, minified, tree-shaken, gzip -9),
 * split by module, and its cold import in a fresh Node process. Shared by scripts/size.mjs (the
 * budgets) and run.mjs (the bench's bundle and cold-import rows, against openai-node).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

/** The repository's root, where bundles resolve `node_modules`. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The package a bundled input file belongs to: `ky`, `@noble/hashes`, or `chainbill` for src/dist. */
export function packageOf(path) {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'chainbill';
}

/**
 * What a bundler ships for `entry` (everything it exports), minified and tree-shaken; with `names`,
 * for an app that imports only those names from it; with `source`, for that module text.
 *
 * @param entry - A file, or a package name when `source` imports it.
 * @param options - `names`: the imports of a partial app; `source`: the app's own module text.
 * @returns `{ min, gzip, modules, byModule: [[path, minified bytes]…], byPackage }`.
 */
export async function bundleSize(entry, { names, source } = {}) {
  const contents =
    source ??
    (names === undefined ? undefined : `export { ${names.join(', ')} } from ${JSON.stringify(entry)};`);
  const input = contents === undefined ? { entryPoints: [entry] } : { stdin: { contents, resolveDir: root } };
  const result = await build({
    ...input,
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const byModule = [];
  const byPackage = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      byModule.push([path.replace(/^.*node_modules\//, ''), bytesInOutput]);
      byPackage[packageOf(path)] = (byPackage[packageOf(path)] ?? 0) + bytesInOutput;
    }
  }
  byModule.sort((a, b) => b[1] - a[1]);
  return {
    min: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    modules: Object.keys(result.metafile.inputs).length,
    byModule,
    byPackage,
  };
}

/**
 * Milliseconds to load each target in a fresh Node process (module graph read, parsed and
 * evaluated), timed inside the process so Node's own start-up is left out. The targets take turns
 * run after run, so load on the machine falls on all of them alike; the median of `runs` is kept.
 *
 * @param targets - `{ file, kind: 'esm' | 'cjs' }` (`file` a path, or a package name for `esm`).
 * @param runs - Loads of each target.
 * @returns The median milliseconds of each target, in order.
 */
export function coldImports(targets, runs) {
  const times = targets.map(() => []);
  for (let i = 0; i < runs; i++) {
    targets.forEach(({ file, kind }, t) => {
      const specifier = file.startsWith('/') ? pathToFileURL(file).href : file;
      const load =
        kind === 'esm' ? `await import(${JSON.stringify(specifier)})` : `require(${JSON.stringify(file)})`;
      const script = `const t = performance.now(); ${load}; console.log(performance.now() - t);`;
      const args = kind === 'esm' ? ['--input-type=module', '-e', script] : ['-e', script];
      const run = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: root });
      if (run.status !== 0) throw new Error(`loading ${file} failed:\n${run.stderr}`);
      times[t].push(Number(run.stdout.trim().split('\n').at(-1)));
    });
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]);
}

/**
 * What each module and each package adds to the gzip size of the bundle of `entry`: the bundle is
 * built with its module boundaries kept, each module's code minified on its own, and the whole
 * compressed again without that module (or package). This marginal figure is what deleting the
 * code would save; the figures overlap (gzip shares strings between modules), so they add up to
 * more than the bundle.
 *
 * @param entry - The entry to bundle (`src/index.ts`: dist's single file has no module boundaries).
 * @returns `{ gzip, packages: [[name, gzip, min]…], modules: [[path, gzip, min]…] }`, largest first.
 */
export async function marginalSizes(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minifySyntax: true,
    minifyIdentifiers: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const parts = result.outputFiles[0].text.split(/^\/\/ (\S*?(?:src|node_modules)\/\S+)$/m);
  const segments = [];
  for (let i = 1; i < parts.length; i += 2) {
    // The last module ends in the bundle's export list, which names what it does not declare.
    const code = await transform(parts[i + 1], { minifyWhitespace: true }).then(
      (output) => output.code,
      () => parts[i + 1].replace(/\n\s*/g, '\n'),
    );
    segments.push({ path: parts[i].replace(/^.*node_modules\//, '').replace(/^.*\/(?=src\/)/, ''), code });
  }
  const gzipOf = (list) => gzipSync(list.map((segment) => segment.code).join(''), { level: 9 }).length;
  const gzip = gzipOf(segments);
  const without = (keep) => gzip - gzipOf(segments.filter(keep));
  const sizeOf = (list) => list.reduce((sum, segment) => sum + segment.code.length, 0);
  const owner = ({ path }) => (path.startsWith('src/') ? 'chainbill' : packageOf(`node_modules/${path}`));
  const names = [...new Set(segments.map(owner))];
  const packages = names.map((name) => [
    name,
    without((segment) => owner(segment) !== name),
    sizeOf(segments.filter((segment) => owner(segment) === name)),
  ]);
  const modules = segments.map((segment) => [
    segment.path,
    without((other) => other !== segment),
    segment.code.length,
  ]);
  const largest = (a, b) => b[1] - a[1];
  return { gzip, packages: packages.sort(largest), modules: modules.sort(largest) };
}

/** The built ESM and CJS entries of the package. */
export const dist = { esm: join(root, 'dist/index.js'), cjs: join(root, 'dist/index.cjs') };
