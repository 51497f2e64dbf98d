/**
 * The gate before a command that moves money (the catalog marks them: `payouts create`,
 * `payouts approve`, `payouts update`): with a live key, `--live`; the preview first
 * (docs/money.md), on stderr, led by the environment and the API's host, refused when a check or
 * the payout policy fails; then, at a terminal, a question; without one, `--yes`. `--dry-run`
 * prints the preview and sends nothing.
 */
import { createInterface } from 'node:readline';
import type { CatalogEntry } from '../catalog/catalog.js';
import type { Chainbill } from '../client.js';
import { Interrupted, Refusal, UsageError } from './errors.js';
import type { GlobalValues } from './global-flags.js';
import type { InStream } from './io.js';
import { previewOf, previewText } from './preview.js';
import type { Printer } from './print.js';

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
 * @throws {UsageError} for a move with a live key without `--live`: nothing is sent.
 * @throws {Refusal} when a check or the payout policy fails, or the move is not confirmed (no
 *   `--yes` and no terminal, or an answer other than yes): nothing is sent.
 */
export async function moneyGate(move: MoneyMove): Promise<boolean> {
  const { client, entry, words, input, flags, printer, signal } = move;
  const preview = await previewOf(client, entry, words, input, signal);
  const failed = preview.checks.find((check) => !check.ok);
  if (flags.dryRun) {
    await printer.out.write(`${printer.out.json(preview, 2)}\n`);
    if (failed !== undefined) throw new Refusal(`${failed.rule} failed; nothing was sent`);
    return false;
  }
  // A create, or an approval of a draft: an update that approves nothing moves no money.
  const approves = preview.payout !== null;
  const moves = preview.id === null || approves;
  if (moves && preview.environment === 'live' && !flags.live)
    throw new UsageError(
      `${words.join(' ')} with a live key (sk_live_…) moves real money: pass --live to say so; nothing was sent`,
    );
  const text = previewText(printer.err.redact(preview), flags.policy !== undefined);
  if (failed !== undefined) {
    printer.err.note(text);
    throw new Refusal(`refused by the ${failed.rule} check; nothing was sent`);
  }
  const effect =
    preview.id === null
      ? 'Creates a draft payout (no money moves until it is approved).'
      : approves
        ? 'This approves the payout: the money moves.'
        : 'This updates the payout.';
  // The preview goes to stderr whether or not anyone is asked: a script's log shows what it sent.
  if (flags.yes) {
    printer.err.note(`${text}${effect}\n`);
    return true;
  }
  if (move.stdin.isTTY !== true) {
    printer.err.note(text);
    throw new Refusal(
      `${words.join(' ')} needs a yes and stdin is not a terminal to ask: pass --yes (or --dry-run to see the preview); nothing was sent`,
    );
  }
  printer.err.note(`${text}${effect} Type yes to go on: `);
  const answer = await readLine(move.stdin, signal);
  if (!/^y(es)?$/i.test(answer.trim())) throw new Refusal('not confirmed; nothing was sent');
  return true;
}

/** One line from a terminal; Ctrl+C while waiting ends the command (exit 130), end of input is no. */
function readLine(stdin: InStream, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdin, terminal: false });
    const stop = (): void => {
      reject(new Interrupted('interrupted')); // before close(), whose 'close' event would answer ''
      lines.close();
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
