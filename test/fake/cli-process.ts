/**
 * `chainbill-fake` as its users run it: the built `dist/testing/cli.js` in a child process, over
 * real HTTP (the package tier builds dist/ first; test/cross-copy.test.ts fails when it is stale).
 * One helper for every test file that starts it; each child is killed after its test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, onTestFinished } from 'vitest';

/** The repository's root. */
export const root: string = fileURLToPath(new URL('../../', import.meta.url));
/** The built CLI. */
export const cli: string = join(root, 'dist/testing/cli.js');

/**
 * Registers a child started by hand, so it is killed after its test like the others. Per test, as
 * it starts: the files of a tier share a worker and its module cache, so a hook registered when this
 * module loads would run for the first file only.
 */
export function killAfterTest(child: ChildProcess): ChildProcess {
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return child;
}

/** What `chainbill-fake --json` prints on its first line, with the process. */
export interface Started {
  child: ChildProcess;
  /** What it wrote to stderr so far. */
  stderr: () => string;
  baseUrl: string;
  controlUrl: string;
  controlToken: string;
  /** The inspector's page, the token in its fragment. */
  inspectorUrl: string;
  organizations: { id: string; keys: { sandbox: string[]; live: string[] } }[];
  names: Record<string, string>;
  pid: number;
}

/**
 * Starts the CLI with `--port 0 --json` and resolves with its JSON line; rejects with its stderr
 * when it exits first.
 */
export function startCli(...args: string[]): Promise<Started> {
  return started(killAfterTest(spawnServing(args)));
}

/**
 * One `chainbill-fake` for the test file that calls this at its top level, started with `args` on
 * first use and killed after the file. Each later call resets it (`POST /_fake/reset`: state,
 * clock, faults and logs forgotten, the startup seed applied again, with new ids in `names`), so
 * each test starts from the seed file as a new process would, without the process's start.
 */
export function useCli(...args: string[]): () => Promise<Started> {
  let server: Started | undefined;
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    server = undefined;
  });
  return async () => {
    if (server === undefined) {
      server = await started(spawnServing(args));
      return server;
    }
    const reset = await fetch(`${server.controlUrl}reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.controlToken}` },
    });
    if (!reset.ok) throw new Error(`chainbill-fake's reset answered ${reset.status}`);
    const { seed } = (await reset.json()) as { seed: { names: Record<string, string> } | null };
    return { ...server, names: seed?.names ?? {} };
  };
}

function spawnServing(args: string[]): ChildProcess {
  return spawn(process.execPath, [cli, '--port', '0', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the JSON line of a `--json` start; rejects with its stderr when it exits first. */
function started(child: ChildProcess): Promise<Started> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve({ child, stderr: () => err, ...JSON.parse(out.slice(0, newline)) });
    });
    child.on('exit', (code) => reject(new Error(`chainbill-fake exited ${code}: ${err}`)));
  });
}

/** Runs the CLI with `args` to its end. */
export function runCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  killAfterTest(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
