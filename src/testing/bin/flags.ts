/**
 * The `chainbill-fake` command line (docs/fake-server.md: Start it): its usage, and its flags read
 * and checked into {@link ServeFlags}; a bad flag is a {@link CliError} with exit code 2.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { allowedHostsOf } from '../http/hosts.js';
import { DEFAULT_HISTORY_LIMIT } from '../state/history.js';

/** The help text, for the program's name (`chainbill-fake` or `chainbill fake`). */
export const usage = (program: string): string => `Usage: ${program} [options]

Serves the fake Chainbill API over HTTP (docs/fake-server.md).

Options:
  --port <n>             port to listen on, 0 for a free one (default 12111)
  --host <address>       address to bind (default 127.0.0.1); anything but loopback needs --allow-remote
  --allow-remote [names] allow a --host other than loopback (the fake has no real security), and
                         answer a Host header of these names (comma-separated; .name for every
                         name under it) beside loopback names, IP addresses and --host
  --seed <file>          a seed file (JSON) of organizations, keys and records, applied at start
                         and again after POST /_fake/reset
  --org <id>             the organization of the default keys (default org_fake)
  --control-token <t>    the control API's token (default: a random one, printed)
  --history-limit <n>    requests, events and Idempotency-Keys kept, the latest (default 10000)
  --id-seed <n>          the same ids for the same calls on every run (default: random ids)
  --json                 print one JSON line { baseUrl, controlUrl, controlToken, inspectorUrl,
                         organizations, names, pid }
  -h, --help             print this help
  -v, --version          print the version`;

/** A problem to report in one line, with the exit code: 2 for bad input, 1 when serving failed. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** What the flags ask for, checked. */
export interface ServeFlags {
  port: number;
  host: string;
  /** Names a request's `Host` may give beside loopback names, IP addresses and `host`. */
  allowedHosts: string[];
  seedPath: string | undefined;
  orgId: string;
  controlToken: string;
  historyLimit: number;
  idSeed: number | undefined;
  json: boolean;
}

/** Anything not loopback reaches other machines: `127.0.0.0/8`, `::1` and `localhost` do not. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Reads the command line.
 *
 * @param argv - The arguments after the program's name.
 * @returns The checked flags, or `help` / `version` when asked for.
 * @throws {CliError} For an unknown or malformed flag (exit code 2).
 */
export function readFlags(argv: string[]): ServeFlags | 'help' | 'version' {
  let values: ReturnType<typeof parse>['values'];
  try {
    // `--allow-remote` takes names or none: alone (last, or before another flag) it is `=` nothing.
    const bare = (arg: string, i: number): boolean =>
      arg === '--allow-remote' && (argv[i + 1] === undefined || argv[i + 1]?.startsWith('-') === true);
    values = parse(argv.map((arg, i) => (bare(arg, i) ? '--allow-remote=' : arg))).values;
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
  const remote = values['allow-remote'];
  if (!isLoopback(host) && remote === undefined)
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
  const seedText = values['id-seed'];
  if (seedText !== undefined && !(/^\d{1,16}$/.test(seedText) && Number.isSafeInteger(Number(seedText))))
    throw new CliError(
      `--id-seed must be a whole number from 0 to 9007199254740991, got ${JSON.stringify(seedText)}`,
    );
  const idSeed = seedText === undefined ? undefined : Number(seedText);
  const json = values.json ?? false;
  let allowedHosts: string[];
  try {
    allowedHosts = allowedHostsOf((remote ?? []).flatMap((names) => names.split(',')).filter(Boolean));
  } catch (error) {
    throw new CliError(`--allow-remote: ${(error as Error).message.replace(/^allowedHosts: /, '')}`);
  }
  const seedPath = values.seed;
  return { port, host, allowedHosts, seedPath, orgId, controlToken, historyLimit, idSeed, json };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-remote': { type: 'string', multiple: true },
      seed: { type: 'string' },
      org: { type: 'string' },
      'control-token': { type: 'string' },
      'history-limit': { type: 'string' },
      'id-seed': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
