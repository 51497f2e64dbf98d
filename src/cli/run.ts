/**
 * The `chainbill` command, as a function of its arguments and streams: the bin runs it on the
 * process's, a test on its own. Every command goes through a `Chainbill` client and the catalog's
 * `invoke`, so the SDK's checks, retries, redaction and the payout policy apply unchanged.
 */
import type { Chainbill } from '../client.js';
import type { ClientOptions } from '../core/client-options.js';
import type { Logger, LogLevel } from '../core/logger.js';
import type { Fetch } from '../core/types.js';
import { invoke } from '../internal/catalog.js';
import { VERSION } from '../version.js';
import { type Invocation, readArgs } from './args.js';
import { commandTree, kebab } from './commands.js';
import { endingOf, UsageError } from './errors.js';
import { helpOf } from './help.js';
import { type InStream, moneyGate } from './money.js';
import { Output, type OutStream, ReaderGone } from './output.js';
import { type PageLike, type Printer, printObject, printPage, streamPages } from './print.js';

/** What the command runs with: the process's streams and environment, or a test's. */
export interface Io {
  /** Read for a confirmation, when it is a terminal. */
  readonly stdin: InStream;
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  /** The environment: `CHAINBILL_API_KEY`, `CHAINBILL_BASE_URL`, `CHAINBILL_LOG`, `COLUMNS`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl+C: the request in flight ends, and the command with exit 130. */
  readonly signal?: AbortSignal | undefined;
  /** The client's `fetch`, for a test; otherwise one over `node:http` (docs/performance.md). */
  readonly fetch?: Fetch | undefined;
}

/**
 * Runs one command line.
 *
 * @param argv - The arguments after `chainbill`.
 * @param io - Streams, environment, signal.
 * @returns The exit code; `undefined` for `chainbill fake`, which serves until it is stopped and
 *   ends the process itself.
 */
export async function run(argv: readonly string[], io: Io): Promise<number | undefined> {
  const secret = io.env['CHAINBILL_API_KEY']?.trim() ?? '';
  const out = new Output(io.stdout, secret);
  const err = new Output(io.stderr, secret);
  let invocation: Invocation | undefined;
  try {
    invocation = readArgs(argv, commandTree());
    switch (invocation.kind) {
      case 'help':
        await out.write(helpOf(invocation.at));
        return 0;
      case 'version':
        await out.write(`${VERSION}\n`);
        return 0;
      case 'fake': {
        // Only `chainbill fake` loads the fake.
        const { serveFake } = await import('../testing/server-cli.js');
        serveFake(invocation.args, 'chainbill fake');
        return undefined;
      }
      default:
        await runOperation(invocation, io, { out, err });
        return 0;
    }
  } catch (error) {
    if (error instanceof ReaderGone) return 0;
    const flags = invocation?.kind === 'operation' ? invocation.paramFlags : [];
    const flagOf = (param: string): string => {
      const top = param.split('.')[0] ?? param;
      return `--${flags.find((flag) => flag.param === top)?.flag ?? kebab(top)}`;
    };
    const ending = endingOf(error, flagOf);
    err.note(ending.text);
    return ending.code;
  }
}

async function runOperation(
  invocation: Invocation & { kind: 'operation' },
  io: Io,
  streams: { out: Output; err: Output },
): Promise<void> {
  const { command, id, params, flags } = invocation;
  const { entry } = command;
  const client = await clientFor(invocation, io, streams.err);
  const columns = streams.out.columns ?? Number(io.env['COLUMNS']);
  const printer: Printer = { ...streams, format: flags.format, width: columns > 0 ? columns : 80 };
  const input = { id, params: entry.takesParams ? params : undefined };
  if (entry.movesMoney) {
    const go = await moneyGate({
      client,
      entry,
      words: command.words,
      input,
      flags,
      printer,
      stdin: io.stdin,
      signal: io.signal,
    });
    if (!go) return;
  }
  const call = invoke(client, entry, input, { signal: io.signal });
  if (entry.paging === 'none') return printObject(printer, await call);
  const pages = call as unknown as PromiseLike<PageLike> & { pages(): AsyncIterable<PageLike> };
  if (flags.all) {
    await streamPages(printer, pages.pages());
    return;
  }
  const page = await pages;
  const offset = typeof params['offset'] === 'number' ? params['offset'] : 0;
  const next =
    entry.paging === 'cursor'
      ? page.next_cursor === null
        ? undefined
        : `--cursor ${page.next_cursor}`
      : `--offset ${offset + page.data.length}`;
  await printPage(printer, page, next);
}

/** The client of a command: the key from the environment only, the rest from flags or environment. */
async function clientFor(
  invocation: Invocation & { kind: 'operation' },
  io: Io,
  err: Output,
): Promise<Chainbill> {
  const { flags } = invocation;
  const apiKey = io.env['CHAINBILL_API_KEY']?.trim();
  if (!apiKey)
    throw new UsageError(
      'set CHAINBILL_API_KEY to your API key (sk_test_… or sk_live_…); there is no --api-key flag, which would land in the shell history',
    );
  const baseUrl = flags.baseUrl ?? io.env['CHAINBILL_BASE_URL']?.trim();
  if (!baseUrl) throw new UsageError('set CHAINBILL_BASE_URL or pass --base-url: the API, ending in /v1');
  const options: ClientOptions = {
    apiKey,
    baseUrl,
    logger: stderrLogger(err),
    logLevel: (io.env['CHAINBILL_LOG']?.trim() || 'warn') as LogLevel,
    ...(flags.maxRetries === undefined ? {} : { maxRetries: flags.maxRetries }),
    ...(flags.timeout === undefined ? {} : { timeout: flags.timeout }),
    fetch: io.fetch ?? (await import('./node-fetch.js')).nodeFetch,
  };
  // The client (and ky, whose first load starts the platform's fetch) only for a call: not for help.
  const { Chainbill } = await import('../client.js');
  return new Chainbill(options);
}

/** The SDK's log lines on stderr, one each, with their details as JSON. */
function stderrLogger(err: Output): Logger {
  const line =
    (level: string) =>
    (message: string, details?: Record<string, unknown>): void =>
      err.note(
        `chainbill: ${level}: ${message}${details === undefined ? '' : ` ${JSON.stringify(details)}`}\n`,
      );
  return { error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug') };
}
