/**
 * The files `chainbill-fake` reads at start, each within its bound: a seed file (1 MiB, as a
 * request body) and a snapshot (64 MiB); a device such as `/dev/zero` is not read on.
 */
import { open } from 'node:fs/promises';
import { MAX_SNAPSHOT_BYTES } from '../control/control-snapshot.js';
import { MAX_BODY_BYTES } from '../http/body.js';
import { oneLine } from '../http/errors.js';
import { parseSeedFile } from '../seed/seed-file.js';
import type { FakeSnapshot } from '../state/snapshot.js';
import { CliError } from './flags.js';

/**
 * Reads at most `limit` bytes of a file, and says whether there was more: a seed file is held to a
 * request body's 1 MiB, and a device such as `/dev/zero` (whose size says 0) must not be read on.
 */
async function readCapped(path: string, limit: number): Promise<{ bytes: Buffer; more: boolean }> {
  const file = await open(path, 'r');
  try {
    // In chunks, so a small file under a large bound (a snapshot's 64 MiB) costs only its size.
    const chunks: Buffer[] = [];
    let size = 0;
    while (size <= limit) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, limit + 1 - size));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      size += bytesRead;
    }
    const bytes = Buffer.concat(chunks, size);
    return { bytes: bytes.subarray(0, Math.min(size, limit)), more: size > limit };
  } finally {
    await file.close();
  }
}

/**
 * Reads and checks a seed file.
 *
 * @throws {CliError} When it cannot be read, is over 1 MiB or is not a seed file.
 */
export async function readSeed(path: string): Promise<unknown> {
  let text: string;
  try {
    const { bytes, more } = await readCapped(path, MAX_BODY_BYTES);
    if (more) throw new CliError(`seed file ${path} is larger than 1 MiB`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read seed file ${path}: ${why(error)}`);
  }
  try {
    return parseSeedFile(text);
  } catch (error) {
    throw new CliError(`seed file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Reads the snapshot a previous run saved, if there is one.
 *
 * @returns The parsed snapshot, or `undefined` when the file does not exist yet (the first run).
 * @throws {CliError} When it cannot be read, is over 64 MiB or is not JSON.
 */
export async function readSnapshot(path: string): Promise<FakeSnapshot | undefined> {
  let text: string;
  try {
    const { bytes, more } = await readCapped(path, MAX_SNAPSHOT_BYTES);
    if (more) throw new CliError(`snapshot file ${path} is larger than 64 MiB`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`cannot read snapshot file ${path}: ${why(error)}`);
  }
  try {
    return JSON.parse(text) as FakeSnapshot;
  } catch (error) {
    throw new CliError(`snapshot file ${path}: not JSON: ${oneLine(error)}`);
  }
}

function why(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? 'no such file'
    : code === 'EISDIR'
      ? 'it is a directory'
      : (code ?? 'unreadable');
}
