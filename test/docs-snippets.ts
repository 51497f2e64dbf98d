/**
 * How the `ts` blocks of the README and the guides become TypeScript modules, for the type check
 * (scripts/typecheck.ts) and test/docs-coverage.test.ts, and the compiler settings they are
 * checked with.
 *
 * A page's blocks join, in order, into one module, so a later block uses what an earlier one
 * declared. A block that imports a name its module already imports starts a new module: joined,
 * it could not compile, so it is a program of its own (each test file of docs/testing.md, say).
 * A fragment that uses names it does not define (your client, your database) gets them from a
 * snippet context, an HTML comment that readers do not see, placed before the block:
 *
 *     <!-- snippet context (type-checked with the blocks below, not shown):
 *     declare const chainbill: import('chainbill').Chainbill;
 *     -->
 *
 * It holds declarations only, so a module with one is type-checked and never run. Every line of a
 * module keeps its line number in the page: a type error or a stack trace points at the page.
 */
import ts from 'typescript';

/** One module made of a page's blocks. */
export interface SnippetModule {
  /** The page, from the repository root: `docs/quickstart.md`. */
  page: string;
  /** 1-based, in page order. */
  index: number;
  /** The page with every line that is not this module's code blanked. */
  code: string;
  /** It has a snippet context: type-checked only, never run. */
  assumes: boolean;
  /** It imports from `vitest`: a test file, whose tests run rather than the module itself. */
  vitest: boolean;
}

/**
 * The flags of `@tsconfig/strictest` 2.0.8 (its tsconfig.json), which the snippets are checked
 * with on top of the repository's tsconfig, as a merchant's project on that base would check them.
 * scripts/smoke/tsconfig.strictest.json extends the package itself, from the registry.
 */
export const strictest: ts.CompilerOptions = {
  strict: true,
  allowUnusedLabels: false,
  allowUnreachableCode: false,
  exactOptionalPropertyTypes: true,
  noFallthroughCasesInSwitch: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  isolatedModules: true,
  esModuleInterop: true,
  skipLibCheck: true,
};

const contextStart = /^<!-- snippet context\b/;

/** The names a piece of code imports, and the modules it imports them from. */
function importsOf(code: string): { names: string[]; from: string[] } {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest);
  const names: string[] = [];
  const from: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    if (ts.isStringLiteral(statement.moduleSpecifier)) from.push(statement.moduleSpecifier.text);
    const clause = statement.importClause;
    if (clause?.name) names.push(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name.text));
  }
  return { names, from };
}

/** The line after `start` that is exactly `end`; throws, naming the page, when there is none. */
function closing(lines: string[], start: number, end: string, page: string): number {
  const at = lines.indexOf(end, start + 1);
  if (at < 0) throw new Error(`${page}:${start + 1}: no closing ${end}`);
  return at;
}

/** The modules of one page (`text` is its Markdown), as described above. */
export function pageModules(page: string, text: string): SnippetModule[] {
  const lines = text.split('\n');
  const owner = lines.map(() => -1);
  const modules: { names: Set<string>; assumes: boolean; vitest: boolean }[] = [];
  let context: number[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (contextStart.test(lines[i] ?? '')) {
      const end = closing(lines, i, '-->', page);
      for (let k = i + 1; k < end; k += 1) {
        if (!/^\s*(declare |import type |\/\/|$)/.test(lines[k] ?? '')) {
          throw new Error(`${page}:${k + 1}: a snippet context holds declarations only`);
        }
        context.push(k);
      }
      i = end;
    } else if (lines[i] === '```ts') {
      const end = closing(lines, i, '```', page);
      const own = [...context, ...Array.from({ length: end - i - 1 }, (_, k) => i + 1 + k)];
      const { names, from } = importsOf(own.map((k) => lines[k]).join('\n'));
      let current = modules.at(-1);
      if (!current || names.some((name) => current?.names.has(name))) {
        current = { names: new Set(), assumes: false, vitest: false };
        modules.push(current);
      }
      for (const name of names) current.names.add(name);
      current.assumes ||= context.length > 0;
      current.vitest ||= from.includes('vitest');
      for (const k of own) owner[k] = modules.length - 1;
      context = [];
      i = end;
    }
  }
  if (context.length > 0) throw new Error(`${page}: a snippet context with no \`ts\` block after it`);
  return modules.map(({ assumes, vitest }, m) => ({
    page,
    index: m + 1,
    code: lines.map((line, k) => (owner[k] === m ? line : '')).join('\n'),
    assumes,
    vitest,
  }));
}
