/**
 * The fake API as a standalone server, from its command line (docs/fake-server.md): the
 * `chainbill-fake` bin and `chainbill fake` both run {@link serveFake}.
 */
import { VERSION } from '../../version.js';
import { createFakeChainbill, listen } from '../create.js';
import { oneLine } from '../http/errors.js';
import { applySeedFile, knownOrganizations, rememberDefaultOrganization } from '../seed/seed-file.js';
import { jsonBanner, textBanner } from './banner.js';
import { readSeed, readSnapshot } from './files.js';
import { CliError, isLoopback, readFlags, usage } from './flags.js';

async function main(argv: string[], program: string): Promise<void> {
  const options = readFlags(argv);
  if (options === 'help') return void process.stdout.write(`${usage(program)}\n`);
  if (options === 'version') return void process.stdout.write(`${VERSION}\n`);
  const startupSeed = options.seedPath === undefined ? undefined : readSeed(options.seedPath);
  const { orgId, historyLimit, idSeed, snapshotFile } = options;
  const snapshot = snapshotFile === undefined ? undefined : readSnapshot(snapshotFile);
  const fake = createFakeChainbill({ orgId, historyLimit, ...(idSeed !== undefined && { idSeed }) });
  rememberDefaultOrganization(fake, options.orgId);
  let names: Record<string, string> = {};
  // A saved snapshot is where the last run left off: it takes the place of the seed file at start
  // (a reset still applies the seed file).
  if (snapshot !== undefined) {
    try {
      fake.restore(snapshot);
    } catch (error) {
      throw new CliError(`snapshot file ${snapshotFile}: ${oneLine(error)}`);
    }
  } else if (startupSeed !== undefined) {
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
  const serving = {
    port,
    host,
    controlToken,
    allowedHosts,
    startupSeed,
    ...(snapshotFile && { snapshotFile }),
  };
  const server = await listen(fake, serving).catch((error: NodeJS.ErrnoException) => {
    const where = `${options.host}:${options.port}`;
    if (error.code === 'EADDRINUSE')
      throw new CliError(`port ${options.port} is in use (try --port 0 for a free one)`, 1);
    if (error.code === 'EADDRNOTAVAIL')
      throw new CliError(`cannot listen on ${where}: no such local address`, 1);
    if (error.code === 'EACCES') throw new CliError(`cannot listen on ${where}: permission denied`, 1);
    throw new CliError(`cannot listen on ${where}: ${oneLine(error)}`, 1);
  });
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
  const served = {
    program,
    baseUrl: server.url,
    controlUrl: `${server.url.replace(/\/v1$/, '')}/_fake/`,
    controlToken: options.controlToken,
    inspectorUrl: server.inspectorUrl,
    organizations: knownOrganizations(fake),
    names,
    apiKey: fake.apiKey,
  };
  process.stdout.write(options.json ? jsonBanner(served) : textBanner(served));
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
