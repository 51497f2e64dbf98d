/**
 * `src/internal/in-place.ts` reads zod's internals (`_zod.def`, `traits`, `_zod.run`), which may
 * change in any release of zod: the version is pinned exactly, and the zod that the build inlined
 * into `dist/` must be that version, or the in-place check was proven against another zod.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** zod's own version record (`zod/v4/core/versions`), as it stands in a built file. */
const versionRecord = /major:\s*(\d+),\s*minor:\s*(\d+),\s*patch:\s*(\d+)/g;

describe('the zod inlined into dist/', () => {
  it('is pinned to one exact version in package.json', () => {
    expect(manifest.devDependencies['zod']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is that version in every built file that holds zod', () => {
    const pinned = manifest.devDependencies['zod'];
    const built = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(c?js)$/.test(file))
      .map((file) => readFileSync(join(root, 'dist', file), 'utf8'))
      .filter((text) => text.includes('_zod.version = '));
    expect(built.length).toBeGreaterThan(0);
    for (const text of built) {
      const versions = [...text.matchAll(versionRecord)].map(
        ([, major, minor, patch]) => `${major}.${minor}.${patch}`,
      );
      expect(versions.length).toBeGreaterThan(0);
      expect(new Set(versions)).toEqual(new Set([pinned]));
    }
  });
});
