/**
 * The one type check of `npm test` (and `npm run typecheck`): one TypeScript program of all that
 * tsconfig.json includes (src/, test/ with its `*.test-d.ts` type tests, examples/, scripts/) and
 * every `ts` block of the README and docs/*.md, as the modules test/docs-snippets.ts makes of
 * them. Each file is checked once; vitest checks no types, and tsup's declarations come only with
 * the package tier's build.
 *
 *   node --import tsx scripts/typecheck.ts
 *
 * The repository's files are held to tsconfig.json; the snippets also to `@tsconfig/strictest`,
 * as a merchant's project on that base would hold them. A program has one set of options, so it
 * runs with both, and an error that only strictest's extra flags raise (an unused name, an
 * implicit return, a fallthrough, unreachable code, an unused label) counts in a snippet only.
 * Those flags add errors and change no type, so the rest is what each file's own settings give.
 *
 * A snippet's file is named after its page, `docs/quickstart.md.module-1.ts`, and held in memory;
 * its line N is line N of the page. Prints the errors as tsc does; exits 1 when there are any.
 * Incremental, as `tsc --incremental` is: `.tmp/typecheck.tsbuildinfo` keeps each file's
 * diagnostics, and only files that changed, or whose imports did, are checked again. Up to date,
 * as `tsc --build` is: when no input changed since a check without errors (the same files, code,
 * options, TypeScript and lockfile: `.tmp/typecheck.stamp`), nothing is checked again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { pageModules, strictest } from '../test/docs-snippets.js';

/** Each error code that only some flag of strictest raises, and every flag that can raise it. */
const raisedOnlyBy: ReadonlyMap<number, readonly (keyof ts.CompilerOptions)[]> = new Map([
  [6133, ['noUnusedLocals', 'noUnusedParameters']], // '{0}' is declared but its value is never read
  [6138, ['noUnusedLocals', 'noUnusedParameters']], // Property '{0}' is declared but … never read
  [6192, ['noUnusedLocals']], // All imports in import declaration are unused
  [6196, ['noUnusedLocals', 'noUnusedParameters']], // '{0}' is declared but never used
  [6198, ['noUnusedLocals', 'noUnusedParameters']], // All destructured elements are unused
  [6199, ['noUnusedLocals']], // All variables are unused
  [6205, ['noUnusedLocals', 'noUnusedParameters']], // All type parameters are unused
  [7027, ['allowUnreachableCode']], // Unreachable code detected
  [7028, ['allowUnusedLabels']], // Unused label
  [7029, ['noFallthroughCasesInSwitch']], // Fallthrough case in switch
  [7030, ['noImplicitReturns']], // Not all code paths return a value
]);

/** The repository's files and options, as tsconfig.json gives them. */
export function projectOf(root: string): { fileNames: string[]; options: ts.CompilerOptions } {
  const { config, error } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { fileNames, options, errors } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  if (errors.length > 0)
    throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));
  return { fileNames, options };
}

/** The pages whose `ts` blocks are snippets: the README and every guide, from the root. */
export function snippetPages(root: string): string[] {
  const guides = readdirSync(`${root}docs`).filter((file) => file.endsWith('.md'));
  return ['README.md', ...guides.map((file) => `docs/${file}`)];
}

/** Every snippet module of the pages, by the absolute path of its in-memory file. */
export function snippetFiles(root: string): Map<string, string> {
  return new Map(
    snippetPages(root).flatMap((page) =>
      pageModules(page, readFileSync(`${root}${page}`, 'utf8')).map(
        (module) => [`${root}${page}.module-${module.index}.ts`, module.code] as const,
      ),
    ),
  );
}

/**
 * Checks `fileNames` with `options`, and `snippets` (in-memory files, by absolute path) with
 * `options` and strictest's settings, in one program.
 *
 * @param fileNames The repository's files, as tsconfig.json lists them.
 * @param options tsconfig.json's options.
 * @param snippets Path → code of each snippet module (snippetFiles).
 * @param buildInfo Where to keep the last run's diagnostics (incremental); none: a full check.
 * @returns The errors, as tsc would print them for each file's settings.
 */
export function typecheck(
  fileNames: readonly string[],
  options: ts.CompilerOptions,
  snippets: ReadonlyMap<string, string>,
  buildInfo?: string,
): readonly ts.Diagnostic[] {
  const both: ts.CompilerOptions = {
    ...options,
    ...strictest,
    noEmit: true,
    ...(buildInfo === undefined ? {} : { incremental: true, tsBuildInfoFile: buildInfo }),
  };
  const extra = (flag: keyof ts.CompilerOptions) => both[flag] !== options[flag];
  const host = buildInfo === undefined ? ts.createCompilerHost(both) : ts.createIncrementalCompilerHost(both);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const code = snippets.get(name);
    if (code === undefined) return getSourceFile(name, language, ...rest);
    const file = ts.createSourceFile(name, code, language);
    // What an incremental program compares with the last run's, as the host does for real files.
    Object.assign(file, { version: ts.sys.createHash?.(code) ?? code });
    return file;
  };
  host.fileExists = (name) => snippets.has(name) || fileExists(name);
  host.readFile = (name) => snippets.get(name) ?? readFile(name);
  const rootNames = [...fileNames, ...snippets.keys()];
  let diagnostics: readonly ts.Diagnostic[];
  if (buildInfo === undefined) {
    diagnostics = ts.getPreEmitDiagnostics(ts.createProgram({ rootNames, options: both, host }));
  } else {
    // The files unchanged since the last run keep their diagnostics from `buildInfo`, as
    // `tsc --incremental` does; emitting writes only that file (noEmit).
    const builder = ts.createIncrementalProgram({ rootNames, options: both, host });
    diagnostics = [
      ...builder.getConfigFileParsingDiagnostics(),
      ...builder.getOptionsDiagnostics(),
      ...builder.getGlobalDiagnostics(),
      ...builder.getSyntacticDiagnostics(),
      ...builder.getSemanticDiagnostics(),
      ...builder.getDeclarationDiagnostics(),
    ];
    builder.emit();
  }
  return diagnostics.filter((diagnostic) => {
    const flags = raisedOnlyBy.get(diagnostic.code);
    const inSnippet = diagnostic.file !== undefined && snippets.has(diagnostic.file.fileName);
    return inSnippet || flags === undefined || !flags.every(extra);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const { fileNames, options } = projectOf(root);
  const snippets = snippetFiles(root);
  const files = `${fileNames.length} files and ${snippets.size} snippet modules of ${snippetPages(root).length} pages`;
  const stamp = inputsHash(root, fileNames, options, snippets);
  const stampFile = `${root}.tmp/typecheck.stamp`;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`types: ${files}, no errors (unchanged since the last check)`);
    process.exit(0);
  }
  const errors = typecheck(fileNames, options, snippets, `${root}.tmp/typecheck.tsbuildinfo`);
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stdout.write(
    format(errors, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    }),
  );
  console.log(
    errors.length === 0 ? `types: ${files}, no errors` : `types: ${errors.length} errors in ${files}`,
  );
  if (errors.length > 0) process.exitCode = 1;
  else writeFileSync(stampFile, stamp);
}

/** What a check depends on: each file's name and code, the options, TypeScript's version, the lockfile. */
function inputsHash(
  root: string,
  fileNames: readonly string[],
  options: ts.CompilerOptions,
  snippets: ReadonlyMap<string, string>,
): string {
  const hash = createHash('sha256').update(ts.version).update(JSON.stringify(options));
  hash.update(readFileSync(`${root}package-lock.json`));
  for (const name of fileNames) hash.update(`\0${name}\0`).update(readFileSync(name));
  for (const [name, code] of snippets) hash.update(`\0${name}\0`).update(code);
  return hash.digest('hex');
}
