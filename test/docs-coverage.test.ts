/**
 * The guides run as written (issue 11). docs/api-tour.md must show every public method of every
 * resource in a snippet, found by walking a live client, so a new method without a snippet fails
 * here by name. Its `ts` blocks, joined in order, are one module that runs against the fake and
 * type-checks. docs/testing.md's blocks are vitest test modules (issue 12: every snippet run by a
 * test): a block that imports from `vitest` starts a module, one that does not continues the one
 * before; each module registers its tests inside this file, and they run here.
 *
 * Each page is written to a scratch module under `.tmp/` (gitignored, inside the repository so
 * that `chainbill` resolves through vitest's alias and tsconfig's `paths`), with every line that
 * is not code blanked: line N of the module is line N of the page, in stack traces and in type
 * errors alike. The guides ship in the package (`files`), so the README's links to them resolve
 * in node_modules; `npm pack --dry-run` checks it.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Chainbill } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { resourceMethods } from './resource-methods.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const scratch = `${root}.tmp/docs-coverage-${process.pid}-${randomUUID()}/`;

/**
 * A Markdown page as a TypeScript module: the `ts` blocks (all of them, or the first `limit`)
 * kept in place, every other line blank.
 */
function pageAsModule(page: string, limit = Number.POSITIVE_INFINITY): string {
  let inBlock = false;
  let blocks = 0;
  return page
    .split('\n')
    .map((line) => {
      if (!inBlock && line === '```ts' && blocks < limit) {
        inBlock = true;
        blocks += 1;
        return '';
      }
      if (inBlock && line === '```') inBlock = false;
      return inBlock ? line : '';
    })
    .join('\n');
}

/**
 * A Markdown page as several modules: a `ts` block that imports from `vitest` starts one (it is a
 * test file of its own), any other block continues the current one. Each keeps the page's line
 * numbers.
 */
function pageAsModules(page: string): string[] {
  const lines = page.split('\n');
  const owner: number[] = lines.map(() => -1); // the module each line of code belongs to
  let modules = 0;
  let inBlock = false;
  lines.forEach((line, i) => {
    if (!inBlock && line === '```ts') {
      inBlock = true;
      const end = lines.indexOf('```', i + 1);
      if (modules === 0 || lines.slice(i + 1, end).some((l) => l.endsWith("from 'vitest';"))) modules += 1;
      return;
    }
    if (inBlock && line === '```') inBlock = false;
    else if (inBlock) owner[i] = modules - 1;
  });
  return Array.from({ length: modules }, (_, m) =>
    lines.map((line, i) => (owner[i] === m ? line : '')).join('\n'),
  );
}

/** Writes the page's code to the scratch directory; returns the module's absolute path. */
function scratchModule(docsPage: string, limit?: number): string {
  const file = `${scratch}${docsPage.replace('/', '_')}.ts`;
  mkdirSync(scratch, { recursive: true });
  writeFileSync(file, pageAsModule(readFileSync(`${root}${docsPage}`, 'utf8'), limit));
  return file;
}

/** Writes each module of the page to the scratch directory; returns their absolute paths. */
function scratchModules(docsPage: string): string[] {
  mkdirSync(scratch, { recursive: true });
  return pageAsModules(readFileSync(`${root}${docsPage}`, 'utf8')).map((code, i) => {
    const file = `${scratch}${docsPage.replace('/', '_')}-${i + 1}.ts`;
    writeFileSync(file, code);
    return file;
  });
}

/** Every guide, as `docs/<name>.md`. */
const guides = readdirSync(`${root}docs`)
  .filter((file) => file.endsWith('.md'))
  .map((file) => `docs/${file}`);

/** The relative links of a Markdown file, each resolved to a path from the repository root. */
function links(from: string): { from: string; target: string }[] {
  const text = readFileSync(`${root}${from}`, 'utf8');
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => ({ from, target: posix.normalize(posix.join(posix.dirname(from), href)) }));
}

const tour = scratchModule('docs/api-tour.md');
const testingModules = scratchModules('docs/testing.md');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const fake = createFakeChainbill();
const methods = resourceMethods(
  new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch }),
);

describe('docs/api-tour.md', () => {
  it('finds the public methods on a live client', () => {
    expect(methods).toContain('customers.create');
    expect(methods).toContain('payouts.settlements.list');
    expect(methods.length).toBeGreaterThanOrEqual(26);
  });

  it.each(methods)('has a snippet calling %s', (name) => {
    const code = readFileSync(tour, 'utf8');
    expect(code.includes(`.${name}(`), `docs/api-tour.md has no \`ts\` block calling .${name}(…)`).toBe(true);
  });

  it('runs as written: its ts blocks, in order, as one module against the fake', async () => {
    // Throws (an assert line, a rejected call) with the page's line number in the stack.
    await import(pathToFileURL(tour).href);
  });
});

describe('docs/testing.md: every example runs as written', () => {
  it('has one module per example that starts with its imports', () => {
    expect(testingModules.length).toBeGreaterThanOrEqual(10);
  });
  // Each module is a vitest test file: importing it registers its tests (and hooks) here.
  testingModules.forEach((file, i) => {
    describe(`module ${i + 1}`, async () => {
      await import(pathToFileURL(file).href);
    });
  });
});

describe('the guides', () => {
  it('type-check under the repository tsconfig', () => {
    const { config } = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
    const snippets = [tour, ...testingModules];
    const program = ts.createProgram(snippets, { ...options, noEmit: true });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && snippets.includes(d.file.fileName))
      .map((d) => {
        const { line } = d.file?.getLineAndCharacterOfPosition(d.start ?? 0) ?? { line: 0 };
        const page = d.file?.fileName.slice(scratch.length, -3).replace('_', '/').replace(/-\d+$/, '');
        return `${page}:${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
    expect(errors).toEqual([]);
  }, 120_000);

  it('are each listed in the README', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(guides.filter((page) => !readme.includes(`](${page})`))).toEqual([]);
  });

  it('link only to files that exist (the generated docs/api/ aside)', () => {
    const broken = [...links('README.md'), ...guides.flatMap(links)].filter(
      ({ target }) => !target.startsWith('docs/api/') && !existsSync(`${root}${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('show the files of the Jest recipe as they are in examples/jest/, which CI runs', () => {
    const recipe = readFileSync(`${root}examples/jest/README.md`, 'utf8');
    const shown = (file: string, lang: string) =>
      recipe.includes(`\`\`\`${lang}\n${readFileSync(`${root}examples/jest/${file}`, 'utf8')}\`\`\`\n`);
    expect(
      [
        ['jest.config.cjs', 'js'],
        ['tsconfig.json', 'json'],
        ['first.test.ts', 'ts'],
      ].filter(([file = '', lang = '']) => !shown(file, lang)),
    ).toEqual([]);
  });

  it('ship in the package, so that the links between them and from the README resolve there', () => {
    const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [{ files }] = JSON.parse(packed) as [{ files: { path: string }[] }];
    const shipped = files.map((file) => file.path);
    const toGuides = [...links('README.md'), ...guides.flatMap(links)].filter(({ target }) =>
      guides.includes(target),
    );
    expect(toGuides.length).toBeGreaterThan(guides.length);
    expect(toGuides.filter(({ target }) => !shipped.includes(target))).toEqual([]);
    expect(shipped.filter((path) => path.startsWith('docs/api/'))).toEqual([]);
  });
});
