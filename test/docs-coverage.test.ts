/**
 * The guides run as written. Every `ts` block of the README and of docs/*.md type-checks with
 * @tsconfig/strictest's settings, in modules made as test/docs-snippets.ts says, in `npm test`'s
 * one type check (scripts/typecheck.ts); docs/api-tour.md must show every public method of every
 * resource, found by walking a live client, so a new method without a snippet fails here by name.
 *
 * What runs, and must then leave nothing open (a `listen()` snippet that keeps its script alive
 * fails): a module that imports from `vitest` is a test file (docs/testing.md): it
 * registers its tests inside this file, they run here, and once its own `afterAll` hooks are done
 * no server, socket or timer it opened may remain. Any other module without a snippet context is
 * a script, which runs on the built package (test/docs-scripts.test.ts).
 *
 * Each module is written to a scratch file under `.tmp/` (gitignored, inside the repository so
 * that `chainbill` resolves through vitest's alias and tsconfig's `paths`), with every line that
 * is not its code blanked: line N of the module is line N of the page, in stack traces and in type
 * errors alike. That the guides ship, so that the README's links to them resolve in node_modules,
 * is test/tarball.test.ts's (scripts/check-packed-links.mjs checks every link of the packed tarball).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Chainbill } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectOf, snippetFiles, typecheck } from '../scripts/typecheck.js';
import { pageModules, type SnippetModule } from './docs-snippets.js';
import { resourceMethods } from './resource-methods.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const scratch = `${root}.tmp/docs-coverage-${process.pid}-${randomUUID()}/`;
/** How long a test file's hooks may take to close what they opened: a guard, far above their seconds. */
const hangGuardMs = 90_000;

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

/** A module written to the scratch directory. */
interface Written extends SnippetModule {
  file: string;
  /** `docs/quickstart.md module 1`. */
  name: string;
}

mkdirSync(scratch, { recursive: true });
const snippets: Written[] = ['README.md', ...guides].flatMap((page) =>
  pageModules(page, readFileSync(`${root}${page}`, 'utf8')).map((module) => {
    const file = `${scratch}${page.replace(/\W/g, '_')}-${module.index}.ts`;
    writeFileSync(file, module.code);
    return { ...module, file, name: `${page} module ${module.index}` };
  }),
);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const of = (page: string) => snippets.filter((s) => s.page === page);

/**
 * The resources open now beyond those in `before` (a multiset difference), e.g. `TCPServerWrap`.
 * Process-wide: a worker runs one test file at a time, so what an earlier file left is in `before`.
 */
function openSince(before: readonly string[]): string[] {
  const left = [...before];
  return process.getActiveResourcesInfo().filter((resource) => {
    const at = left.indexOf(resource);
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}

/** Waits for what closes a little late (a socket after its server) to close; returns what stays. */
async function stillOpen(before: readonly string[]): Promise<string[]> {
  const deadline = Date.now() + hangGuardMs / 2;
  for (;;) {
    const open = openSince(before);
    if (open.length === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fake = createFakeChainbill();
const methods = resourceMethods(
  new Chainbill({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, fetch: fake.fetch }),
);

describe('docs/api-tour.md', () => {
  it('is one module, run as a script', () => {
    expect(of('docs/api-tour.md').map((s) => [s.assumes, s.vitest])).toEqual([[false, false]]);
  });

  it('finds the public methods on a live client', () => {
    expect(methods).toContain('customers.create');
    expect(methods).toContain('payouts.settlements.list');
    expect(methods.length).toBeGreaterThanOrEqual(26);
  });

  it.each(methods)('has a snippet calling %s', (name) => {
    const code = of('docs/api-tour.md')[0]?.code ?? '';
    expect(code.includes(`.${name}(`), `docs/api-tour.md has no \`ts\` block calling .${name}(…)`).toBe(true);
  });
});

describe('docs/testing.md: every example runs as written', () => {
  const testFiles = of('docs/testing.md');
  it('has one test file per example that starts with its imports', () => {
    expect(testFiles.length).toBeGreaterThanOrEqual(10);
    expect(testFiles.every((s) => s.vitest && !s.assumes)).toBe(true);
  });
  // Each module is a vitest test file: importing it registers its tests (and hooks) here.
  for (const snippet of testFiles) {
    describe(snippet.name, async () => {
      let before: string[] = [];
      // Registered before the module's own hooks: this runs first, and the afterAll last.
      beforeAll(() => {
        before = process.getActiveResourcesInfo();
      });
      afterAll(async () => {
        const open = await stillOpen(before);
        expect(open, `${snippet.name} left these open after its tests and hooks`).toEqual([]);
      }, hangGuardMs);
      await import(pathToFileURL(snippet.file).href);
    });
  }
});

describe('the guides and the README', () => {
  // The check itself is npm test's one type check (scripts/typecheck.ts), which holds these
  // modules to strictest's settings and the repository's own files to tsconfig.json's. Here: it
  // covers every module found above, and a strictest-only error fails a snippet, not the repository.
  it('type-check with @tsconfig/strictest’s settings', () => {
    const checked = snippetFiles(root);
    expect([...checked.values()]).toEqual(snippets.map((s) => s.code));
    // An unused local and an implicit return: errors in a snippet, not in a repository file.
    const code =
      'const sign = (n: number) => {\n  const unused = 1;\n  if (n < 0) return "-";\n};\nvoid sign(1);\nexport {};\n';
    const options = { ...projectOf(root).options, types: [], lib: ['lib.es2022.d.ts'] };
    const inRepository = `${scratch}repository-file.ts`;
    writeFileSync(inRepository, code);
    const errors = (files: string[], snippets: Map<string, string>) =>
      typecheck(files, options, snippets).map((d) => [d.file?.fileName.slice(root.length), d.code]);
    expect(errors([], new Map([[`${root}docs/x.md.module-1.ts`, code]]))).toEqual([
      ['docs/x.md.module-1.ts', 7030],
      ['docs/x.md.module-1.ts', 6133],
    ]);
    expect(errors([inRepository], new Map())).toEqual([]);
  });

  it('have code on every page that shows any', () => {
    const pages = ['README.md', ...guides].filter((page) =>
      readFileSync(`${root}${page}`, 'utf8').includes('\n```ts\n'),
    );
    expect(pages.filter((page) => of(page).length === 0)).toEqual([]);
  });

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
});
