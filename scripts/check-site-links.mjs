#!/usr/bin/env node
/**
 * The API reference is a site a person reads (`npm run docs` runs this after typedoc):
 *
 *   node scripts/check-site-links.mjs [docs/api]
 *
 * Opens every HTML page of the built site and reads each `href` and `src` that is relative (no
 * scheme, not `//…`). Each must name a file of the site, and an anchor (`page.html#section`, or
 * `#section` on the same page) an `id` or `name` in that file. A link to a `.md` file fails too:
 * a browser shows it as raw Markdown, whose own links lead nowhere, so a guide belongs in the site
 * as a page (typedoc.json's `projectDocuments`). Prints each dead link and exits 1.
 *
 * It also fails when the site leaves out what a reader looks for: a module page for each entry
 * point of package.json's `exports` (titled by its import path, `chainbill/testing`), a page
 * for each guide in docs/ (typedoc.json's `projectDocuments` names every one), and the class of
 * each "Throws": every `@throws {Class}` must show its class first (a link to its page, or the
 * name of a built-in such as `RangeError`), not only the text after it
 * (scripts/typedoc-throws.mjs).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const site = resolve(process.argv[2] ?? 'docs/api');
if (!existsSync(join(site, 'index.html'))) {
  console.error(`No site at ${site}: run typedoc first (npm run docs).`);
  process.exit(1);
}

/** Every file under `dir`, as absolute paths. */
const files = readdirSync(site, { recursive: true })
  .map((file) => join(site, String(file)))
  .filter((file) => statSync(file).isFile());
const pages = files.filter((file) => file.endsWith('.html'));

/** The ids and names a file defines, read once per file. */
const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const text = readFileSync(file, 'utf8');
    anchorsOf.set(
      file,
      new Set([...text.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((m) => decodeEntities(m[1]))),
    );
  }
  return anchorsOf.get(file);
}

/** The text of an attribute value, its entities decoded (`&amp;` → `&`). */
function decodeEntities(value) {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

const dead = [];
let checked = 0;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const titles = new Set(
  pages.flatMap((page) =>
    [...readFileSync(page, 'utf8').matchAll(/<h1>Module ([^<]+)<\/h1>/g)].map((m) => m[1]),
  ),
);
for (const subpath of Object.keys(pkg.exports).filter((key) => !key.endsWith('.json'))) {
  const name = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
  if (!titles.has(name)) dead.push(`the entry point ${name} has no module page titled "${name}"`);
}
const documents = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')).projectDocuments ?? [];
for (const guide of readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md'))) {
  if (!documents.includes(`docs/${guide}`))
    dead.push(`the guide docs/${guide} is not a page (typedoc.json: projectDocuments)`);
}
for (const page of pages) {
  const html = readFileSync(page, 'utf8');
  for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const link = decodeEntities(match[1]);
    if (link === '' || link === '#' || /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue;
    checked += 1;
    const hash = link.indexOf('#');
    const path = decodeURIComponent((hash < 0 ? link : link.slice(0, hash)).replace(/\?.*$/, ''));
    const anchor = hash < 0 ? '' : decodeURIComponent(link.slice(hash + 1));
    const target = path === '' ? page : resolve(dirname(page), path);
    const where = `${relative(site, page).split(sep).join('/')}: ${link}`;
    if (relative(site, target).startsWith('..') || !existsSync(target) || !statSync(target).isFile()) {
      dead.push(`${where} (no such file)`);
    } else if (target.endsWith('.md')) {
      dead.push(`${where} (raw Markdown: make it a page of the site)`);
    } else if (anchor !== '' && !anchors(target).has(anchor)) {
      dead.push(`${where} (no #${anchor} there)`);
    }
  }
}

// A "Throws" block: its heading, then the class (a link or a code span) before any other text.
let throwsChecked = 0;
for (const page of pages) {
  const html = readFileSync(page, 'utf8');
  for (const match of html.matchAll(/<div class="tsd-tag-throws">.*?<\/h4>(.*?)<\/div>/gs)) {
    throwsChecked += 1;
    const body = match[1].replace(/^\s*<p>/, '');
    if (!/^(?:<a [^>]*>(?:<code>)?[A-Za-z][\w.]*(?:<\/code>)?<\/a>|<code>[A-Za-z][\w.]*<\/code>)/.test(body))
      dead.push(
        `${relative(site, page).split(sep).join('/')}: a "Throws" without its class: ${body.replace(/<[^>]+>/g, '').slice(0, 80)}`,
      );
  }
}

if (dead.length > 0) {
  console.error(
    `${dead.length} dead links or missing pages in the API reference (${relative(process.cwd(), site) || '.'}):`,
  );
  for (const line of dead) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `ok: ${checked} relative links in ${pages.length} pages of the API reference lead somewhere; every entry point and guide has its page; each of ${throwsChecked} "Throws" names its class`,
);
