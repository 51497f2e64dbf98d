/**
 * The repository's own guides name only files that exist: CONTRIBUTING.md and
 * src/internal/README.md are where a newcomer learns the layout, so a file moved or renamed without
 * them fails here, by name. A path is read from each code span (`src/testing/scope.ts`,
 * `test/<name>.test.ts`, `transport.ts`) and from plain text (`docs/packaging.md`); the part before
 * a placeholder (`<name>`, `*`) must exist, and a bare file name must be a file of the tree. Paths
 * outside it (`../shared/…`) and packages (`@tsconfig/strictest`) are not read.
 *
 * The code says what it does, not which ticket asked for it: no issue number in src/, test/,
 * scripts/ or .ci/ (code, comments, test titles), and no test title numbered like a ticket's item.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Folders a path of the tree starts with; what is generated (the build, the API reference) is not read. */
const folders = ['src', 'test', 'scripts', 'docs', 'examples', '.ci'];
const generated = /^(dist|docs\/api|node_modules|\.tmp)(\/|$)/;
const extension = /\.(ts|mts|cts|js|mjs|cjs|md|json|sh)$/;

/** Every file of the tree under the folders above, by path from the root. */
const tree: string[] = folders.flatMap((folder) =>
  readdirSync(`${root}${folder}`, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => posix.join(posix.relative(root, entry.parentPath).split('\\').join('/'), entry.name)),
);
const names = new Set([...tree.map((file) => posix.basename(file)), ...readdirSync(root)]);

/** The paths a page names: each code span that reads as one, and `src/…`-like words in its text. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  const words = [
    ...markdown.replace(/`[^`\n]*`/g, '').matchAll(/(?<![\w./-])(?:src|test|scripts|docs)\/[\w./<>*-]*/g),
  ];
  return [...spans, ...words.map((m) => m[0])]
    .map((text) => text.replace(/[.,:;]+$/, ''))
    .filter((text) => /^[\w.<>*@-]+(\/[\w.<>*@-]*)*$/.test(text))
    .filter((text) => (text.includes('/') && !/^[a-z]+\.[a-z]/i.test(text)) || extension.test(text))
    .filter((text) => !generated.test(text) && !text.startsWith('../') && !text.startsWith('@'));
}

/**
 * Whether a path leads to a file or folder of the tree: from the root, or as the tail of a longer
 * path (`internal/ids.ts`, `routes/<name>.ts` in a page about `src/`); a bare name, anywhere.
 */
function exists(path: string): boolean {
  const cut = path.split('/').findIndex((segment) => /[<*]/.test(segment));
  const known = (cut < 0 ? path : path.split('/').slice(0, cut).join('/')).replace(/\/$/, '');
  if (known === '') return true;
  if (!path.includes('/')) return names.has(path);
  return existsSync(`${root}${known}`) || tree.some((file) => `/${file}/`.includes(`/${known}/`));
}

describe('the repository guides', () => {
  for (const page of ['CONTRIBUTING.md', 'src/internal/README.md']) {
    it(`${page} names only files that exist`, async () => {
      const paths = namedPaths(await readFile(`${root}${page}`, 'utf8'));
      expect(paths.length).toBeGreaterThan(10);
      expect(paths.filter((path) => !exists(path))).toEqual([]);
    });
  }

  it('reads a moved file as missing', () => {
    const paths = namedPaths(
      'The state is in `src/testing/gone.ts`; see test/nowhere.test.ts and `vanished.ts`.',
    );
    expect(paths).toEqual(['src/testing/gone.ts', 'vanished.ts', 'test/nowhere.test.ts']);
    expect(paths.filter((path) => exists(path))).toEqual([]);
  });
});

/** The lines of the tree's code that cite a ticket: `{ where, text }`. */
function ticketCitations(files: string[], read: (file: string) => string): string[] {
  const ticket = /\bissues? #?\d+|\b(?:describe|it|test)\(\s*['"`]\d+\./i;
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => (ticket.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the code and its tests', () => {
  it('cite no issue numbers, in comments or test titles', () => {
    const code = tree.filter((file) => /^(src|test|scripts|\.ci)\//.test(file) && !file.endsWith('.json'));
    expect(code.length).toBeGreaterThan(100);
    expect(ticketCitations(code, (file) => readFileSync(`${root}${file}`, 'utf8'))).toEqual([]);
  });

  it('reads a ticket number as one', () => {
    const lines = [
      `// Response validation (${'issue'} 21).`,
      `describe('${15}. the fake answers', () => {});`,
      '// ok',
    ];
    expect(ticketCitations(['a.ts'], () => lines.join('\n'))).toHaveLength(2);
  });
});
