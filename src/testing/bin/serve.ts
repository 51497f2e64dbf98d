/**
 * The fake API as a standalone server, from its command line (docs/fake-server.md): the
 * `chainbill-fake` bin and `chainbill fake` both run {@link serveFake}.
 */
import { readFlagFile } from '../../catalog/file-flags.js';
import { VERSION } from '../../version.js';
import { createFakeChainbill, listen } from '../create.js';
import { oneLine } from '../http/errors.js';
import {
  applySeedFile,
  knownOrganizations,
  parseSeedFile,
  rememberDefaultOrganization,
} from '../seed/seed-file.js';
import { CliError, isLoopback, readFlags, usage } from './flags.js';

/**
 * The seed file of `--seed`, read by the bins' one reader of file flags: a regular file of at most
 * 1 MiB; a FIFO or a device is refused at once, never waited on.
 */
function readSeed(path: string): unknown {
  const text = readFlagFile('--seed', path, (message) => new CliError(message));
  try {
    return parseSeedFile(text);
  } catch (error) {
    throw new CliError(`seed file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(argv: string[], program: string): Promise<void> {
  const options = readFlags(argv);
  if (options === 'help') return void process.stdout.write(`${usage(program)}\n`);
  if (options === 'version') return void process.stdout.write(`${VERSION}\n`);
  const startupSeed = options.seedPath === undefined ? undefined : readSeed(options.seedPath);
  const { orgId, historyLimit, idSeed } = options;
  const fake = createFakeChainbill({ orgId, historyLimit, ...(idSeed !== undefined && { idSeed }) });
  rememberDefaultOrganization(fake, options.orgId);
  let names: Record<string, string> = {};
  if (startupSeed !== undefined) {
    try {
      names = applySeedFile(fake, startupSeed).names;
    } catch (error) {
      throw new CliError(
        `seed file ${options.seedPath}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (!isLoopback(options.host))
    process.stderr.write(
      `${program}: warning: serving on ${options.host}, reachable from other machines; anyone who reaches it can use the keys and the control token\n`,
    );
  const { port, host, controlToken, allowedHosts } = options;
  const server = await listen(fake, { port, host, controlToken, allowedHosts, startupSeed }).catch(
    (error: NodeJS.ErrnoException) => {
      const where = `${options.host}:${options.port}`;
      if (error.code === 'EADDRINUSE')
        throw new CliError(`port ${options.port} is in use (try --port 0 for a free one)`, 1);
      if (error.code === 'EADDRNOTAVAIL')
        throw new CliError(`cannot listen on ${where}: no such local address`, 1);
      if (error.code === 'EACCES') throw new CliError(`cannot listen on ${where}: permission denied`, 1);
      throw new CliError(`cannot listen on ${where}: ${oneLine(error)}`, 1);
    },
  );
  // Before anything is printed: a caller may signal as soon as it reads the first line.
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(0); // a second signal: do not wait for the close
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const controlUrl = `${server.url.replace(/\/v1$/, '')}/_fake/`;
  const organizations = knownOrganizations(fake);
  if (options.json) {
    const line = {
      baseUrl: server.url,
      controlUrl,
      controlToken: options.controlToken,
      inspectorUrl: server.inspectorUrl,
      organizations,
      names,
      // To signal the server itself where a wrapper (npx) does not pass SIGTERM on.
      pid: process.pid,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else {
    const lines = [`${program} ${VERSION} serving the fake Chainbill API`, `  base URL       ${server.url}`];
    for (const org of organizations)
      for (const environment of ['sandbox', 'live'] as const)
        for (const key of org.keys[environment])
          lines.push(`  ${environment.padEnd(7)} key    ${key}  (${org.id})`);
    for (const [name, id] of Object.entries(names)) lines.push(`  seeded         ${name} = ${id}`);
    lines.push(
      `  control URL    ${controlUrl}`,
      `  control token  ${options.controlToken}`,
      `  inspector      ${server.inspectorUrl}`,
      'Stop with Ctrl+C.',
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

/**
 * Runs the fake server from a command line, as the `chainbill-fake` bin does: it serves until
 * SIGINT or SIGTERM (exit 0); a bad flag exits 2 and a failure to serve 1, each with one line on
 * stderr, never a stack trace.
 *
 * @param argv - The arguments after the program's name.
 * @param program - The name its help and messages use: `chainbill-fake` or `chainbill fake`.
 */
export function serveFake(argv: string[], program: string): void {
  const fail = (error: unknown): never => {
    process.stderr.write(`${program}: ${oneLine(error)}\n`);
    process.exit(error instanceof CliError ? error.exitCode : 1);
  };
  process.on('uncaughtException', fail).on('unhandledRejection', fail);
  main(argv, program).catch(fail);
}
