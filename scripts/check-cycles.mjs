#!/usr/bin/env node
/**
 * Runtime import cycles among the TypeScript modules under a folder (default `src/`), a design
 * error (STYLE.md rule 18): shared types belong in leaf modules that import nothing back. Imports
 * read with TypeScript's own parser; `import type`, `export type` and imports whose every name is
 * `type` are left out, since they vanish at build time. Prints each cycle as a chain of files and
 * last `runtime import cycles: N`; exits 1 when N > 0. Run by `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(process.argv[2] ?? 'src');
const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) files.push(path);
  }
})(root);

/** The runtime imports of a module, as resolved files under the folder. */
function runtimeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets = [];
  for (const statement of source.statements) {
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || !from.text.startsWith('.')) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
    } else if (ts.isExportDeclaration(statement)) {
      const named = statement.exportClause;
      if (
        statement.isTypeOnly ||
        (named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly))
      )
        continue;
    } else continue;
    const target = join(dirname(file), from.text.replace(/\.js$/, '.ts'));
    if (existsSync(target)) targets.push(target);
  }
  return targets;
}

const edges = new Map(files.map((file) => [file, runtimeImports(file)]));

// Tarjan's strongly connected components: each component of more than one module is a cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const cycles = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  for (const next of edges.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (stack.includes(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component);
}
for (const file of files) if (!index.has(file)) visit(file);

for (const cycle of cycles)
  console.log(`cycle: ${cycle.map((f) => relative(process.cwd(), f)).join(' <-> ')}`);
console.log(
  `runtime import cycles: ${cycles.length} (${files.length} modules under ${relative(process.cwd(), root) || '.'})`,
);
process.exit(cycles.length > 0 ? 1 : 0);
