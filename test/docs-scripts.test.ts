/**
 * The guides' scripts run as written, against the built package, as a reader who installed it runs
 * them: every module of the README and docs/*.md that has no snippet context and does not import
 * `vitest` (test/docs-snippets.ts makes the modules; test/docs-coverage.test.ts checks the rest).
 * Each runs in a process of its own (test/docs-snippet-run.ts, against a fake standing in for the
 * service) and must exit 0 by itself; a hang guard stops one that never does. `chainbill` resolves
 * to the package's own `exports` (dist/), not to src/: the tsconfig given to tsx has no `paths`.
 *
 * Each module is written to a scratch file under `.tmp/` (inside the repository, so that the
 * package's name resolves to itself) with every line that is not its code blanked: line N of the
 * module is line N of the page, in stack traces.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pageModules } from './docs-snippets.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const scratch = `${root}.tmp/docs-scripts-${process.pid}/`;
/** How long a script may run before it counts as hung: a guard, far above the second it takes. */
const hangGuardMs = 90_000;

const pages = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
mkdirSync(scratch, { recursive: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const scripts = pages.flatMap((page) =>
  pageModules(page, readFileSync(`${root}${page}`, 'utf8'))
    .filter((module) => !module.assumes && !module.vitest)
    .map((module) => {
      const file = `${scratch}${page.replace(/\W/g, '_')}-${module.index}.ts`;
      writeFileSync(file, module.code);
      return { name: `${page} module ${module.index}`, file };
    }),
);

/**
 * Runs a script module in a child process; resolves with its exit code and output once it exits,
 * or with `hung: true` when the guard ran out first (the process is then killed).
 */
function runScript(file: string): Promise<{ code: number | null; output: string; hung: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${root}test/docs-snippet-run.ts`, file], {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: `${root}test/docs-scripts.tsconfig.json` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, hangGuardMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, output, hung });
    });
  });
}

describe('the scripts: every module without a context that is not a test file', () => {
  it('include the tour, the quickstart and the README’s fake', () => {
    expect(scripts.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'docs/api-tour.md module 1',
        'docs/quickstart.md module 1',
        'README.md module 2',
      ]),
    );
  });

  // Throws (an assert line, a rejected call) with the page's line number in the stack. Each in a
  // process of its own, so they run at once.
  it.concurrent.each(scripts.map((s) => [s.name, s.file] as const))(
    '%s runs on the built package, and exits by itself',
    async (name, file) => {
      const { code, output, hung } = await runScript(file);
      expect(
        hung,
        `${name} did not exit within ${hangGuardMs / 1000} s: it left something open\n${output}`,
      ).toBe(false);
      expect(code, `${name} failed:\n${output}`).toBe(0);
    },
    hangGuardMs + 30_000,
  );
});
