/**
 * What a package costs the code that uses it: its bundle (esbuild, minified, tree-shaken, gzip -9),
 * split by module, and its cold import in a fresh Node process. Shared by scripts/size.mjs (the
 * budgets) and run.mjs (the bench's bundle and cold-import rows, against openai-node).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

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
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput > 0) byModule.push([path.replace(/^.*node_modules\//, ''), bytesInOutput]);
    }
  }
  byModule.sort((a, b) => b[1] - a[1]);
  const byPackage = {};
  for (const [path, bytes] of byModule)
    byPackage[packageOf(path)] = (byPackage[packageOf(path)] ?? 0) + bytes;
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

/** The built ESM and CJS entries of the package. */
export const dist = { esm: join(root, 'dist/index.js'), cjs: join(root, 'dist/index.cjs') };
