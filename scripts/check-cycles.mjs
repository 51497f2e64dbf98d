#!/usr/bin/env node
/**
 * Import cycles among the TypeScript modules under a folder (default `src/`), a design error
 * (STYLE.md rule 18): shared types belong in leaf modules that import nothing back. Imports are
 * read with TypeScript's own parser. By default only runtime imports count: `import type`,
 * `export type` and imports whose every name is `type` are left out, since they vanish at build
 * time. With `--types`, they count too: a circle of types is the same tangle for a reader.
 * With `--only <folder>:<file>` (repeatable), the modules under `<folder>` (relative to the root)
 * may be imported from outside it by `<file>` alone. There are no exceptions: a module never
 * imports what wires it (resources are typed against the core, not the client). Prints each cycle as a chain
 * of files, each import that breaks an `--only` rule, and last a count; exits 1 when any is found.
 *
 *   node scripts/check-cycles.mjs src
 *   node scripts/check-cycles.mjs --types --only testing/routes:testing/router.ts src
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    types: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true, default: [] },
  },
});
const root = resolve(positionals[0] ?? 'src');
const withTypes = values.types;
const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) files.push(path);
  }
})(root);

/** Whether an import or export declaration vanishes at build time (every name it brings is a type). */
function typeOnly(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.isTypeOnly) return true;
    const named = clause?.namedBindings;
    return Boolean(
      clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.every((e) => e.isTypeOnly),
    );
  }
  const named = statement.exportClause;
  return (
    statement.isTypeOnly ||
    Boolean(named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly))
  );
}

/** The imports of a module that count, as resolved files under the folder. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || !from.text.startsWith('.')) continue;
    const onlyTypes = typeOnly(statement);
    if (!withTypes && onlyTypes) continue;
    const target = join(dirname(file), from.text.replace(/\.js$/, '.ts'));
    if (existsSync(target)) targets.push(target);
  }
  return targets;
}

const edges = new Map(files.map((file) => [file, importsOf(file)]));

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

const name = (file) => relative(process.cwd(), file);
for (const cycle of cycles) console.log(`cycle: ${cycle.map(name).join(' <-> ')}`);

// `--only folder:file`: who may reach into a folder from outside it.
const breaches = [];
for (const rule of values.only) {
  const [folder, owner] = rule.split(':');
  if (!folder || !owner) throw new Error(`--only takes <folder>:<file>, got ${rule}`);
  const inside = join(root, folder) + sep;
  for (const [file, targets] of edges)
    for (const target of targets)
      if (target.startsWith(inside) && !file.startsWith(inside) && file !== join(root, owner))
        breaches.push(`${name(file)} imports ${name(target)}: only ${name(join(root, owner))} may`);
}
for (const breach of breaches) console.log(`layering: ${breach}`);

const kind = withTypes ? 'import cycles, types included' : 'runtime import cycles';
const rules = values.only.length > 0 ? `, ${breaches.length} layering breaches` : '';
console.log(`${kind}: ${cycles.length}${rules} (${files.length} modules under ${name(root) || '.'})`);
process.exit(cycles.length + breaches.length > 0 ? 1 : 0);
