/**
 * The files `chainbill-fake` reads at start, through the bins' one reader of file flags: a regular
 * file within its bound (a seed file 1 MiB, as a request body; a snapshot 64 MiB); a FIFO or a
 * device is refused at once, never waited on.
 */
import { readFlagFile, readFlagFileIfAny } from '../../catalog/file-flags.js';
import { MAX_SNAPSHOT_BYTES } from '../control/control-snapshot.js';
import { oneLine } from '../http/errors.js';
import { parseSeedFile } from '../seed/seed-file.js';
import type { FakeSnapshot } from '../state/snapshot.js';
import { CliError } from './flags.js';

const usageError = (message: string): CliError => new CliError(message);

/**
 * Reads and checks the seed file of `--seed`.
 *
 * @throws {CliError} When it cannot be read, is over 1 MiB or is not a seed file.
 */
export function readSeed(path: string): unknown {
  const text = readFlagFile('--seed', path, usageError);
  try {
    return parseSeedFile(text);
  } catch (error) {
    throw new CliError(`seed file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Reads the snapshot of `--snapshot-file` that a previous run saved, if there is one.
 *
 * @returns The parsed snapshot, or `undefined` when the file does not exist yet (the first run).
 * @throws {CliError} When it cannot be read, is over 64 MiB or is not JSON.
 */
export function readSnapshot(path: string): FakeSnapshot | undefined {
  const text = readFlagFileIfAny('--snapshot-file', path, usageError, MAX_SNAPSHOT_BYTES);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as FakeSnapshot;
  } catch (error) {
    throw new CliError(`snapshot file ${path}: not JSON: ${oneLine(error)}`);
  }
}
