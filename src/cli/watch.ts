/**
 * `chainbill revenue-events watch`: the change feed of a list (docs/feed.md) as JSON lines, for
 * as long as it runs. With `--checkpoint-file`, it resumes from the checkpoint saved there and
 * saves the feed's checkpoint after each line it prints: killed at any point, it starts again after
 * the last line saved, so a line may come twice but none is missed.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CatalogEntry } from '../catalog/catalog.js';
import { readFlagFileIfAny } from '../catalog/file-flags.js';
import type { Chainbill } from '../client.js';
import { Interrupted, UsageError } from './errors.js';
import type { GlobalValues } from './global-flags.js';
import { type Printer, streamPages } from './print.js';

/** What `watch` needs of the command. */
export interface Watch {
  readonly client: Chainbill;
  /** The list the feed polls: its client resource has the `watch` method. */
  readonly entry: CatalogEntry;
  readonly filters: Record<string, unknown>;
  readonly flags: GlobalValues;
  readonly printer: Printer;
  readonly signal: AbortSignal | undefined;
}

/** A feed as the client's `watch` makes it: the events, and where it stands. */
export interface Feed extends AsyncIterable<unknown> {
  readonly checkpoint: string;
}

/** A checkpoint is the size of the feed's look-back window; a file far larger is not one. */
const maxCheckpointBytes = 4 * 1024 * 1024;

/**
 * Prints the feed until Ctrl+C (exit 130) or a poll fails after its retries (exit 1).
 *
 * @param watch - The command.
 * @returns Never, but for an error.
 * @throws {Interrupted} on Ctrl+C, once the line being written is saved.
 * @throws {UsageError} for `--from` beside a checkpoint file that holds one, or a file that
 *   cannot be read or is not a regular file (a directory, a FIFO).
 */
export async function watch(watch: Watch): Promise<void> {
  const { printer, signal } = watch;
  const { feed, save } = feedOf(watch);
  // One event a page: each line is written, and drained, before its checkpoint is saved.
  async function* pages(): AsyncGenerator<{ data: unknown[]; has_more: boolean; next_cursor: null }> {
    for await (const event of feed) {
      yield { data: [event], has_more: true, next_cursor: null };
      save();
    }
  }
  await streamPages({ ...printer, format: printer.format === 'table' ? 'table' : 'jsonl' }, pages());
  // The feed ends quietly on its signal; the command ends as Ctrl+C ends it.
  if (signal?.aborted) throw new Interrupted('interrupted');
}

/**
 * The feed of a command (`watch`, `listen`): from `--from`, or the checkpoint saved in
 * `--checkpoint-file`, with the command's filters and timing.
 *
 * @param watch - The command.
 * @returns The feed, and `save()`, which saves its checkpoint to the file (if one is given).
 * @throws {UsageError} for `--from` beside a saved checkpoint, or a file that cannot be read.
 */
export function feedOf(watch: Omit<Watch, 'printer'>): { feed: Feed; save(): void } {
  const { client, entry, filters, flags, signal } = watch;
  const file = flags.checkpointFile;
  const saved = file === undefined ? undefined : readCheckpoint(file);
  if (saved !== undefined && flags.from !== undefined)
    throw new UsageError(`--from and a checkpoint in ${file} are both given: remove one`);
  const from = saved ?? startOf(flags.from);
  const resource = entry.resource.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], client);
  const feed = (resource as { watch(options: unknown): Feed }).watch({
    ...filters,
    ...(from === undefined ? {} : { from }),
    ...(flags.pollIntervalMs === undefined ? {} : { pollIntervalMs: flags.pollIntervalMs }),
    ...(flags.lookBackMs === undefined ? {} : { lookBackMs: flags.lookBackMs }),
    ...(signal === undefined ? {} : { signal }),
  });
  return { feed, save: () => (file === undefined ? undefined : saveCheckpoint(file, feed.checkpoint)) };
}

/** `--from`: a date-time replays from then; `now` and a checkpoint are the feed's own strings. */
function startOf(from: string | undefined): string | Date | undefined {
  return from !== undefined && /^\d{4}-\d{2}-\d{2}T/.test(from) ? new Date(from) : from;
}

/** The saved checkpoint, by the bins' one reader of file flags: a regular file, never waited on. */
function readCheckpoint(file: string): string | undefined {
  const fail = (message: string) => new UsageError(message);
  const text = readFlagFileIfAny('--checkpoint-file', file, fail, maxCheckpointBytes)?.trim();
  return text === '' ? undefined : text;
}

/**
 * Replaces the file whole: a process killed while saving leaves the last checkpoint, not half one.
 * The new one is written to a file of a random name beside it, created exclusively (`wx`: a link
 * planted at that name is never followed), then renamed over it.
 */
function saveCheckpoint(file: string, checkpoint: string): void {
  const next = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(next, 'wx', 0o600);
  try {
    writeFileSync(fd, `${checkpoint}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(next, file);
  } catch (error) {
    rmSync(next, { force: true });
    throw error;
  }
}
