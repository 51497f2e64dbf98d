/**
 * The gate before a command that moves money (the catalog marks them: `payouts create`,
 * `payouts approve`, `payouts update`): the preview first; then, at a terminal, a question;
 * without one, `--yes`. `--dry-run` prints the preview and sends nothing.
 */
import { createInterface } from 'node:readline';
import type { Chainbill } from '../client.js';
import type { CatalogEntry } from '../internal/catalog.js';
import { Interrupted, Refusal } from './errors.js';
import type { GlobalValues } from './global-flags.js';
import type { Printer } from './print.js';

/** The stream a confirmation is read from: the process's stdin, or a test's. */
export interface InStream extends NodeJS.ReadableStream {
  /** A terminal's: only then is a question asked. */
  readonly isTTY?: boolean | undefined;
}

/** What the gate needs of the command. */
export interface MoneyMove {
  readonly client: Chainbill;
  readonly entry: CatalogEntry;
  /** The command's words: `payouts approve`. */
  readonly words: readonly string[];
  readonly input: { id: string | undefined; params: Record<string, unknown> | undefined };
  readonly flags: GlobalValues;
  readonly printer: Printer;
  readonly stdin: InStream;
  readonly signal: AbortSignal | undefined;
}

/**
 * Shows what a money move would do and decides whether it goes.
 *
 * @param move - The command.
 * @returns `true` to send it; `false` for `--dry-run` (the preview is printed, nothing sent).
 * @throws {Refusal} when a check fails, or the move is not confirmed (no `--yes` and no terminal,
 *   or an answer other than yes): nothing is sent.
 */
export async function moneyGate(move: MoneyMove): Promise<boolean> {
  const { entry, input, flags, printer } = move;
  const preview = { command: entry.name, route: entry.route, id: input.id ?? null, params: sentParams(move) };
  if (flags.dryRun) {
    await printer.out.write(`${JSON.stringify(preview, null, 2)}\n`);
    return false;
  }
  if (flags.yes) return true;
  if (move.stdin.isTTY !== true)
    throw new Refusal(
      `${move.words.join(' ')} moves money and stdin is not a terminal to confirm it: pass --yes (or --dry-run to see the preview); nothing was sent`,
    );
  printer.err.note(`${JSON.stringify(preview, null, 2)}\nThis moves money. Type yes to send it: `);
  const answer = await readLine(move.stdin, move.signal);
  if (!/^y(es)?$/i.test(answer.trim())) throw new Refusal('not confirmed; nothing was sent');
  return true;
}

/** The params the move sends: an action's fixed ones, or the flags'. */
function sentParams(move: MoneyMove): Record<string, unknown> {
  return { ...(move.entry.fixed ?? {}), ...(move.input.params ?? {}) };
}

/** One line from a terminal; Ctrl+C while waiting ends the command (exit 130), end of input is no. */
function readLine(stdin: InStream, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdin, terminal: false });
    const stop = (): void => {
      lines.close();
      reject(new Interrupted('interrupted'));
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    lines.once('line', (line) => {
      signal?.removeEventListener('abort', stop);
      resolve(line); // before close(), whose 'close' event would answer '' first
      lines.close();
    });
    lines.once('close', () => resolve(''));
  });
}
