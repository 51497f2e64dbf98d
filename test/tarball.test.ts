/**
 * What the tarball holds (docs/packaging.md, "What the tarball holds"): the figures the guide gives
 * are what `npm pack` reports for the build, within 10 %, and the unpacked package stays within
 * 5 MB; the guides ship, so that the README's links to them resolve in node_modules. Packs the
 * repository as it is built (dist/ is the package tier's).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}

const root = new URL('../', import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The "now" row of the guide's table: packed and unpacked in MB, and the count of files. */
function documented(): { packed: number; unpacked: number; files: number } {
  const guide = readFileSync(new URL('docs/packaging.md', root), 'utf8');
  const row = /^\| now\s*\|\s*([\d.]+) MB\s*\|\s*([\d.]+) MB\s*\|\s*([\d ]+)\|$/m.exec(guide);
  if (row === null) throw new Error('docs/packaging.md has no "now" row in its tarball table');
  return { packed: Number(row[1]), unpacked: Number(row[2]), files: Number(row[3]?.replace(/ /g, '')) };
}

/** Every guide, as `docs/<name>.md`. */
const guides = readdirSync(new URL('docs/', root))
  .filter((file) => file.endsWith('.md'))
  .map((file) => `docs/${file}`);

/** The relative links of a Markdown file that lead to a guide, each as its path from the root. */
function linksToGuides(from: string): string[] {
  const text = readFileSync(new URL(from, root), 'utf8');
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => posix.normalize(posix.join(posix.dirname(from), href)))
    .filter((target) => guides.includes(target));
}

describe('the tarball', () => {
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )[0] as Packed;
  const mb = (bytes: number) => bytes / 1_000_000;

  it('is what docs/packaging.md says, within 10 %, and at most 5 MB unpacked', () => {
    const doc = documented();
    expect(mb(packed.size) / doc.packed).toBeGreaterThan(0.9);
    expect(mb(packed.size) / doc.packed).toBeLessThan(1.1);
    expect(mb(packed.unpackedSize) / doc.unpacked).toBeGreaterThan(0.9);
    expect(mb(packed.unpackedSize) / doc.unpacked).toBeLessThan(1.1);
    expect(packed.entryCount / doc.files).toBeGreaterThan(0.9);
    expect(packed.entryCount / doc.files).toBeLessThan(1.1);
    expect(packed.unpackedSize).toBeLessThanOrEqual(5_000_000);
  });

  it('holds no CJS build of a bin, no CJS JS map and no source text in a map', () => {
    const paths = packed.files.map((file) => file.path);
    for (const bin of ['dist/cli/index.cjs', 'dist/mcp/index.cjs', 'dist/testing/cli.cjs'])
      expect(paths).not.toContain(bin);
    expect(paths.filter((path) => path.endsWith('.cjs.map'))).toEqual([]);
    const map = JSON.parse(readFileSync(new URL('dist/index.js.map', root), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(map['sourcesContent']).toBeUndefined();
  });

  it('ships the guides, so that the links between them and from the README resolve there', () => {
    const shipped = packed.files.map((file) => file.path);
    const toGuides = ['README.md', ...guides].flatMap(linksToGuides);
    expect(toGuides.length).toBeGreaterThan(guides.length);
    expect(toGuides.filter((target) => !shipped.includes(target))).toEqual([]);
    expect(shipped.filter((path) => path.startsWith('docs/api/'))).toEqual([]);
  });
});
