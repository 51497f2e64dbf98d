/**
 * The package promises no Node.js its code refuses (docs/packaging.md: Runtimes): every package the
 * build inlines into the package (tsup.config.ts's `inlined`) accepts the lowest Node of our
 * `engines.node`, so what ships runs where we say it does, and nobody installing it on the Node we
 * name is told by its authors that it may not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const json = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

/** The lowest version a range of the form `>=22` or `>= 20.19.0` accepts, as [major, minor, patch]. */
function lowest(range: string): number[] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (match === null) throw new Error(`read this engines range by hand: ${range}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

const atLeast = (version: number[], floor: number[]): boolean => {
  for (let i = 0; i < 3; i++)
    if ((version[i] ?? 0) !== (floor[i] ?? 0)) return (version[i] ?? 0) > (floor[i] ?? 0);
  return true;
};

describe('engines.node', () => {
  const ours = lowest(json('package.json').engines.node);
  const source = readFileSync(new URL('tsup.config.ts', root), 'utf8');
  const names =
    /const inlined =\s*\/\^\(([^)]*)\)/.exec(source)?.[1]?.replaceAll('\\/', '/').split('|') ?? [];

  it('names the packages the build inlines', () => {
    expect(names).toEqual(expect.arrayContaining(['ky', 'zod', '@noble/hashes', '@scure/base']));
  });

  it.each(names.map((name) => [name]))('%s accepts the lowest Node the package names', (name) => {
    const range: string | undefined = json(`node_modules/${name}/package.json`).engines?.node;
    if (range !== undefined) expect(atLeast(ours, lowest(range)), `${name} asks for ${range}`).toBe(true);
  });
});
