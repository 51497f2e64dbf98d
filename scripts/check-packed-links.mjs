#!/usr/bin/env node
/**
 * The installed package names only files it has (docs/packaging.md).
 *
 *   node scripts/check-packed-links.mjs               # packs the repository (run `npm run build` first)
 *   node scripts/check-packed-links.mjs chainbill.tgz # checks a tarball already packed
 *
 * Unpacks the tarball into a temp dir and reads every `.md` file in it (the README, the guides in
 * docs/, whatever else `files` ships) and the comments of every declaration file (`.d.ts`,
 * `.d.cts`: what an editor shows on hover) and of the shipped source (`src/`, where
 * go-to-definition lands). Two kinds of reference must name a file inside the unpacked package:
 *
 * - a relative Markdown link or image (`[text](href)`, `![alt](src)`, `[id]: href`) outside code,
 *   in a page or a comment, its anchor (`#…`) and query dropped; absolute URLs and in-page
 *   anchors are left alone;
 * - a path written as text, in code spans and code blocks too: one that starts with a top-level
 *   entry of the repository (`test/…`, `scripts/…`, `src/…`, `tsup.config.ts`; a `<name>` or `*`
 *   segment ends the part checked), and the documents kept beside the repository (`DESIGN.md`,
 *   `STYLE.md`, `api-spec.md`, `../shared/…`), which no package has.
 *
 * A page or comment that cites an issue by its number fails too: the reader of a package
 * has no tracker to open, so the text says what was decided instead.
 *
 * Prints every reference that leads nowhere and exits 1; a path that resolves in a clone of the
 * repository but not in node_modules/chainbill is exactly what this catches.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'chainbill-links-'));

/** The repository's top-level files and folders: a path that starts with one names the repository. */
const topLevel = new Set(
  execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((file) => file.split('/')[0]),
);
/** Documents kept beside the repository, and their folder: never inside a package. */
const outside = new Set(['DESIGN.md', 'STYLE.md', 'api-spec.md']);
const outsideFolder = 'shared';
/** Files every project has of its own: a bare `tsconfig.json` in a guide is the reader's. */
const generic = new Set([
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vitest.config.ts',
  'biome.json',
  '.gitignore',
]);

/** The tarball to check: the argument, or a fresh `npm pack` of the repository. */
function tarball() {
  if (process.argv[2]) return resolve(process.argv[2]);
  const name = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .at(-1);
  return join(work, name ?? '');
}

/** Every file under `dir`, as paths relative to it with `/` separators. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => file.split(sep).join('/'));
}

/**
 * The Markdown's text with code blanked (fenced blocks and inline code spans), so that `a[0](b)` in
 * a snippet is not read as a link; line breaks are kept, so line numbers stay right.
 */
function withoutCode(markdown) {
  let fence = null;
  return markdown
    .split('\n')
    .map((line) => {
      const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && opening) {
        fence = opening;
        return '';
      }
      if (fence !== null) {
        if (line.trim().startsWith(fence)) fence = null;
        return '';
      }
      return line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/** A TypeScript file's comments, everything else blanked but its line breaks. */
function commentsOnly(source) {
  const kept = [...source.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g)];
  let out = '';
  let at = 0;
  for (const match of kept) {
    out += source.slice(at, match.index).replace(/[^\n]/g, ' ');
    out += match[0].startsWith('/') ? match[0] : match[0].replace(/[^\n]/g, ' ');
    at = match.index + match[0].length;
  }
  return out + source.slice(at).replace(/[^\n]/g, ' ');
}

/** The relative links of a Markdown text: `{ line, href, path }`, path without anchor or query. */
function relativeLinks(markdown) {
  const links = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((line, i) => {
      const inline = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line)?.[1];
      for (const href of [...inline, ...(definition ? [definition] : [])]) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('//')) continue;
        const path = decodeURI(href.replace(/[#?].*$/, ''));
        if (path) links.push({ line: i + 1, href, path });
      }
    });
  return links;
}

/**
 * The paths a text names in words: `{ line, href, path }` for each token that reads as a path of the
 * repository or of the documents beside it (see the header), URLs and host names aside. `path` is
 * relative to the package root, cut before a placeholder segment (`<name>.ts`, `*.test.ts`).
 */
function pathMentions(text) {
  const mentions = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s)>\]`'"]*/gi, ' ');
    for (const [token] of line.matchAll(
      /(?<![\w.@/:-])(?:\.\.?\/)*\.?[\w@<*-][\w@.<>*-]*(?:\/[\w@.<>*-]*)*/g,
    )) {
      const href = token.replace(/[.]+$/, '');
      const segments = href
        .split('/')
        .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
      const [first = '', ...rest] = segments;
      if (
        segments.some(
          (segment, at) => outside.has(segment) || (segment === outsideFolder && at < segments.length - 1),
        )
      ) {
        mentions.push({ line: i + 1, href, path: '', relativeToFile: false });
        continue;
      }
      if (/^\.\.?\//.test(href) || !topLevel.has(first)) continue;
      if (rest.length === 0 && (generic.has(first) || !/\.\w+$/.test(first))) continue;
      const placeholder = segments.findIndex((segment) => /[<*]/.test(segment));
      const path = placeholder < 0 ? segments.join('/') : `${segments.slice(0, placeholder).join('/')}/`;
      mentions.push({ line: i + 1, href, path, relativeToFile: false });
    }
  });
  return mentions;
}

const packed = tarball();
const unpacked = join(work, 'unpacked');
execFileSync('mkdir', ['-p', unpacked]);
execFileSync('tar', ['-xzf', packed, '-C', unpacked]);
const pkg = join(unpacked, 'package');
const shipped = filesUnder(pkg);
const pages = shipped.filter((file) => file.endsWith('.md'));
/** Declarations (what a hover shows) and the shipped source (where go-to-definition lands). */
const sources = shipped.filter((file) => /\.d\.c?ts$/.test(file) || /^src\/.*\.ts$/.test(file));

/** Whether `path`, named in `file`, leads to a file or folder inside the package. */
function resolves(file, { path, relativeToFile = true }) {
  if (path === '') return false;
  const target = posix.normalize(relativeToFile ? posix.join(posix.dirname(file), path) : path);
  const inside = !target.startsWith('../') && !relative(pkg, join(pkg, target)).startsWith('..');
  return inside && existsSync(join(pkg, target));
}

const broken = [];
let checked = 0;
/** Lines of a text that cite an issue by number, as references that resolve nowhere. */
const issueCitations = (text) =>
  text
    .split('\n')
    .flatMap((line, i) =>
      /\bissues? #?\d+/i.test(line) ? [{ line: i + 1, href: 'an issue number', path: '' }] : [],
    );
const check = (file, references) => {
  for (const reference of references) {
    checked += 1;
    if (!resolves(file, reference)) broken.push(`${file}:${reference.line}: ${reference.href}`);
  }
};
for (const page of pages) {
  const text = readFileSync(join(pkg, page), 'utf8');
  check(page, relativeLinks(text));
  check(page, pathMentions(text));
  check(page, issueCitations(text));
}
for (const file of sources) {
  const comments = commentsOnly(readFileSync(join(pkg, file), 'utf8'));
  check(file, relativeLinks(comments));
  check(file, pathMentions(comments));
  check(file, issueCitations(comments));
}
rmSync(work, { recursive: true, force: true });

const name = packed.split(/[\\/]/).at(-1);
if (broken.length > 0) {
  console.error(`${broken.length} references in the packed ${name} lead nowhere its reader can open:`);
  for (const line of broken) console.error(`  ${line}`);
  console.error(
    'Ship the target (package.json "files"), name what ships instead (a docs page, an API route),',
  );
  console.error('or link to an absolute URL.');
  process.exit(1);
}
console.log(
  `ok ${name}: ${checked} links and paths in ${pages.length} .md files and ${sources.length} declaration and source files name files inside the package`,
);
