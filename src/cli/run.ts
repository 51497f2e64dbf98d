/**
 * The `chainbill` command, as a function of its arguments and streams: the bin runs it on the
 * process's, a test on its own. Every command goes through a `Chainbill` client and the catalog's
 * `invoke`, so the SDK's checks, retries, redaction and the payout policy apply unchanged.
 */
import { VERSION } from '../version.js';
import { type Invocation, readArgs } from './args.js';
import { commandTree, kebab } from './commands.js';
import { endingOf } from './errors.js';
import { helpOf } from './help.js';
import type { Io } from './io.js';
import { Output, ReaderGone } from './output.js';
import { runTool } from './tools.js';

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
  const out = new Output(io.stdout, 'stdout', secret);
  const err = new Output(io.stderr, 'stderr', secret);
  let invocation: Invocation | undefined;
  try {
    invocation = readArgs(argv, commandTree());
    switch (invocation.kind) {
      // Neither needs the key, nor reads it: a key that is no key does not stop them.
      case 'help':
        await new Output(io.stdout, 'stdout', '').write(helpOf(invocation.at));
        return 0;
      case 'version':
        await new Output(io.stdout, 'stdout', '').write(`${VERSION}\n`);
        return 0;
      case 'tool':
        return await runTool(invocation.name, invocation.args, io, { out, err });
      default: {
        // The client, ky and the money gate only for a command that calls the API.
        const { call } = await import('./call.js');
        await call(invocation, io, { out, err });
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof ReaderGone) return 0;
    const flags = invocation !== undefined && 'paramFlags' in invocation ? invocation.paramFlags : [];
    const flagOf = (param: string): string => {
      const top = param.split('.')[0] ?? param;
      return `--${flags.find((flag) => flag.param === top)?.flag ?? kebab(top)}`;
    };
    const ending = endingOf(error, flagOf, (value) => err.json(value));
    err.note(ending.text);
    return ending.code;
  }
}
