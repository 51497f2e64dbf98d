/**
 * Writes `src/catalog/docs.ts`: the TSDoc of each resource class and method, and of each
 * field of a method's params interface, read from the features' folders (`src/resources/`, `src/payouts/`,
 * `src/revenue-events/`). The TSDoc stays the one
 * place a method is described; the CLI's help and the MCP server's tool descriptions read this copy
 * (TSDoc is gone at run time). `test/catalog.test.ts` fails while the copy is out of date.
 *
 *   npm run catalog-docs
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { catalogOf } from '../src/catalog/catalog.js';
import type { CatalogDocs, MethodDocs } from '../src/catalog/docs.js';
import { Chainbill } from '../src/client.js';

const featureDirs = ['resources', 'payouts', 'revenue-events'].map(
  (name) => new URL(`../src/${name}/`, import.meta.url),
);
/** The generated module. */
export const docsFile: string = fileURLToPath(new URL('../src/catalog/docs.ts', import.meta.url));

/** A JSDoc text on one line, `{@link X}` written as `X` (or as its label). */
function plain(text: string | undefined): string {
  return (text ?? '')
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)\s*(?:\|\s*([^}]+))?\}/g, (_, name, label) =>
      (label ?? name).trim(),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The node's TSDoc: its first paragraph, and its `@param` texts by name. */
function tsdoc(node: ts.Node): { summary: string; params: Map<string, string> } {
  const doc = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc).at(-1);
  const comment = ts.getTextOfJSDocComment(doc?.comment) ?? '';
  const params = new Map<string, string>();
  for (const tag of doc?.tags ?? []) {
    if (ts.isJSDocParameterTag(tag))
      params.set(tag.name.getText(), plain(ts.getTextOfJSDocComment(tag.comment)).replace(/^- /, ''));
  }
  return { summary: plain(comment.split(/\n\s*\n/)[0]), params };
}

/** Every class and interface declared in the features' folders, by name. */
function declarations(): Map<string, ts.ClassDeclaration | ts.InterfaceDeclaration> {
  const found = new Map<string, ts.ClassDeclaration | ts.InterfaceDeclaration>();
  for (const dir of featureDirs)
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    )) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      for (const statement of source.statements) {
        if ((ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement)) && statement.name)
          found.set(statement.name.text, statement);
      }
    }
  return found;
}

/** Each field's TSDoc of an interface and the interfaces it extends, by wire name. */
function fieldDocs(
  name: string,
  found: Map<string, ts.ClassDeclaration | ts.InterfaceDeclaration>,
): Record<string, string> {
  const declaration = found.get(name);
  if (declaration === undefined || !ts.isInterfaceDeclaration(declaration)) return {};
  const fields: Record<string, string> = {};
  for (const clause of declaration.heritageClauses ?? [])
    for (const base of clause.types) Object.assign(fields, fieldDocs(base.expression.getText(), found));
  for (const member of declaration.members) {
    if (ts.isPropertySignature(member) && member.name)
      fields[member.name.getText().replace(/^['"]|['"]$/g, '')] = tsdoc(member).summary;
  }
  return fields;
}

/** A method's docs: its summary, what its `id` and `params` take, and its params' fields. */
function methodDocs(
  method: ts.MethodDeclaration,
  found: Map<string, ts.ClassDeclaration | ts.InterfaceDeclaration>,
): MethodDocs {
  const { summary, params } = tsdoc(method);
  const paramsType = method.parameters.find((p) => p.name.getText() === 'params')?.type;
  const fields =
    paramsType && ts.isTypeReferenceNode(paramsType) ? fieldDocs(paramsType.typeName.getText(), found) : {};
  return {
    summary,
    ...(params.has('id') ? { id: params.get('id') } : {}),
    ...(params.has('params') ? { params: params.get('params') } : {}),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

/**
 * The docs of every catalog entry and of every resource, read from the TSDoc. A resource's class
 * is found from a live client (`client.payouts.settlements` is a `PayoutSettlements`).
 *
 * @returns The docs, as the generated module holds them.
 */
export function extractDocs(): CatalogDocs {
  const found = declarations();
  const client = new Chainbill({ apiKey: 'sk_test_catalog_docs', baseUrl: 'http://127.0.0.1/v1' });
  const docs: { resources: Record<string, string>; methods: Record<string, MethodDocs> } = {
    resources: {},
    methods: {},
  };
  for (const entry of catalogOf({ resources: {}, methods: {} })) {
    const target = entry.resource.reduce<object>(
      (at, key) => (at as Record<string, object>)[key] ?? {},
      client,
    );
    const className = Object.getPrototypeOf(target).constructor.name as string;
    const declaration = found.get(className);
    if (declaration === undefined || !ts.isClassDeclaration(declaration))
      throw new Error(`catalog docs: no class ${className} in src/ for ${entry.name}`);
    docs.resources[entry.resource.join('.')] = tsdoc(declaration).summary;
    const method = declaration.members.find(
      (member): member is ts.MethodDeclaration =>
        ts.isMethodDeclaration(member) && member.name.getText() === entry.method,
    );
    if (method === undefined) throw new Error(`catalog docs: ${className} has no method ${entry.method}`);
    docs.methods[entry.name] = methodDocs(method, found);
  }
  return docs;
}

/** The generated module's text, before Biome formats it. */
function moduleText(docs: CatalogDocs): string {
  const header = readFileSync(docsFile, 'utf8').split('// @generated')[0];
  return `${header}// @generated by \`npm run catalog-docs\` from the TSDoc in the features' folders: do not edit below.
export const catalogDocs: CatalogDocs = ${JSON.stringify(docs, null, 2)};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(docsFile, moduleText(extractDocs()));
  execFileSync('npx', ['biome', 'format', '--write', docsFile], { stdio: 'inherit' });
}
