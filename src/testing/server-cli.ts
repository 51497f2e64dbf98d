/**
 * The fake API as a standalone server, from its command line (docs/fake-server.md): the
 * `chainbill-fake` bin and `chainbill fake` both run {@link serveFake}.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { readFlagFile } from '../catalog/file-flags.js';
import { VERSION } from '../version.js';
import { createFakeChainbill, listen } from './create.js';
import { oneLine } from './errors.js';
import { DEFAULT_HISTORY_LIMIT } from './history.js';
import {
  applySeedFile,
  knownOrganizations,
  parseSeedFile,
  rememberDefaultOrganization,
} from './seed-file.js';

const usage = (program: string): string => `Usage: ${program} [options]

Serves the fake Chainbill API over HTTP (docs/fake-server.md).

Options:
  --port <n>             port to listen on, 0 for a free one (default 12111)
  --host <address>       address to bind (default 127.0.0.1); anything but loopback needs --allow-remote
  --allow-remote         allow a --host other than loopback (the fake has no real security)
  --seed <file>          a seed file (JSON) of organizations, keys and records, applied at start
                         and again after POST /_fake/reset
  --org <id>             the organization of the default keys (default org_fake)
  --control-token <t>    the control API's token (default: a random one, printed)
  --history-limit <n>    requests, events and Idempotency-Keys kept, the latest (default 10000)
  --json                 print one JSON line { baseUrl, controlUrl, controlToken, inspectorUrl,
                         organizations, names, pid }
  -h, --help             print this help
  -v, --version          print the version`;

/** A problem to report in one line, with the exit code: 2 for bad input, 1 when serving failed. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

interface Options {
  port: number;
  host: string;
  seedPath: string | undefined;
  orgId: string;
  controlToken: string;
  historyLimit: number;
  json: boolean;
}

/** Anything not loopback reaches other machines: `127.0.0.0/8`, `::1` and `localhost` do not. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function readOptions(argv: string[]): Options | 'help' | 'version' {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
    const positional = /Unexpected argument '([^']+)'/.exec(message)?.[1];
    if (unknown !== undefined) throw new CliError(`unknown option ${unknown} (see --help)`);
    if (positional !== undefined) throw new CliError(`unexpected argument ${positional} (see --help)`);
    throw new CliError(`${(message.split('\n')[0] ?? '').replace(/\.$/, '')} (see --help)`);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const portText = values.port ?? '12111';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535)
    throw new CliError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(portText)}`);
  const host = values.host ?? '127.0.0.1';
  if (host === '') throw new CliError('--host must not be empty');
  if (!isLoopback(host) && !values['allow-remote'])
    throw new CliError(
      `--host ${host} is not loopback and the fake has no real security: add --allow-remote to serve it there (for example inside a container)`,
    );
  const orgId = values.org ?? 'org_fake';
  if (!/^[\w-]{1,64}$/.test(orgId)) throw new CliError('--org must be letters, digits, _ or - (at most 64)');
  const controlToken = values['control-token'] ?? `fake_ctl_${randomBytes(16).toString('hex')}`;
  if (!/^[\x21-\x7e]{8,200}$/.test(controlToken) || controlToken.startsWith('sk_'))
    throw new CliError(
      '--control-token must be 8 to 200 printable characters without spaces, not starting with sk_',
    );
  const limitText = values['history-limit'] ?? String(DEFAULT_HISTORY_LIMIT);
  const historyLimit = Number(limitText);
  if (!/^\d{1,15}$/.test(limitText) || historyLimit < 1)
    throw new CliError(
      `--history-limit must be a whole number of at least 1, got ${JSON.stringify(limitText)}`,
    );
  return { port, host, seedPath: values.seed, orgId, controlToken, historyLimit, json: values.json ?? false };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-remote': { type: 'boolean' },
      seed: { type: 'string' },
      org: { type: 'string' },
      'control-token': { type: 'string' },
      'history-limit': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

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
  const options = readOptions(argv);
  if (options === 'help') return void process.stdout.write(`${usage(program)}\n`);
  if (options === 'version') return void process.stdout.write(`${VERSION}\n`);
  const startupSeed = options.seedPath === undefined ? undefined : readSeed(options.seedPath);
  const fake = createFakeChainbill({ orgId: options.orgId, historyLimit: options.historyLimit });
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
  const { port, host, controlToken } = options;
  const server = await listen(fake, { port, host, controlToken, startupSeed }).catch(
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
