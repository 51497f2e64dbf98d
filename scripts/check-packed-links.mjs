#!/usr/bin/env node
/**
 * The installed docs point only at files the package has (issue 20, docs/packaging.md).
 *
 *   node scripts/check-packed-links.mjs               # packs the repository (run `npm run build` first)
 *   node scripts/check-packed-links.mjs chainbill.tgz # checks a tarball already packed
 *
 * Unpacks the tarball into a temp dir and reads every `.md` file in it: the README, the guides in
 * docs/, and whatever else `files` ships. Each relative link or image (`[text](href)`,
 * `![alt](src)`, `[id]: href`) outside code must name a file inside the unpacked package; an
 * anchor (`#…`) and a query are dropped first, absolute URLs and in-page anchors are left alone.
 * Prints every link that leads nowhere and exits 1; a link that resolves in a clone of the
 * repository but not in node_modules/chainbill is exactly what this catches.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'chainbill-links-'));

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

/** The relative links of a Markdown text: `{ line, href }`, href without its anchor or query. */
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

const packed = tarball();
const unpacked = join(work, 'unpacked');
execFileSync('mkdir', ['-p', unpacked]);
execFileSync('tar', ['-xzf', packed, '-C', unpacked]);
const pkg = join(unpacked, 'package');
const shipped = filesUnder(pkg);
const pages = shipped.filter((file) => file.endsWith('.md'));

const broken = [];
let checked = 0;
for (const page of pages) {
  for (const { line, href, path } of relativeLinks(readFileSync(join(pkg, page), 'utf8'))) {
    checked += 1;
    const target = posix.normalize(posix.join(posix.dirname(page), path));
    const inside = !target.startsWith('../') && !relative(pkg, join(pkg, target)).startsWith('..');
    if (!inside || !existsSync(join(pkg, target))) broken.push(`${page}:${line}: ${href} (→ ${target})`);
  }
}
rmSync(work, { recursive: true, force: true });

const name = packed.split(/[\\/]/).at(-1);
if (broken.length > 0) {
  console.error(`${broken.length} relative links in the packed ${name} lead to files it does not have:`);
  for (const line of broken) console.error(`  ${line}`);
  console.error('Ship the target (package.json "files"), inline it, or link to an absolute URL.');
  process.exit(1);
}
console.log(`ok ${name}: ${checked} relative links in ${pages.length} .md files resolve inside the package`);
