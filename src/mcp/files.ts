/**
 * Reading the small JSON files `chainbill-mcp` is given (a payout policy, a seed file), with a
 * bound: a device such as `/dev/zero`, whose size says 0, must not be read on.
 */
import { open } from 'node:fs/promises';
import { UsageError } from './options.js';

/** The most a file given on the command line may hold: 1 MiB, a request body's bound. */
const maxBytes = 1024 * 1024;

async function readCapped(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await file.read(buffer, size, buffer.length - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    if (size > maxBytes) throw new UsageError(`${path} is larger than 1 MiB`);
    return buffer.subarray(0, size).toString('utf8');
  } finally {
    await file.close();
  }
}

/**
 * Reads a file named by a flag as text.
 *
 * @param flag - The flag, for the message: `--policy`.
 * @param path - The file.
 * @returns Its text, UTF-8.
 * @throws {UsageError} naming the flag and why: no such file, a directory, larger than 1 MiB.
 */
export async function readFlagFile(flag: string, path: string): Promise<string> {
  try {
    return await readCapped(path);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${flag}: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
    throw new UsageError(`${flag}: cannot read ${path}: ${why}`);
  }
}

/**
 * Reads a file named by a flag as JSON.
 *
 * @param flag - The flag, for the message.
 * @param path - The file.
 * @returns The parsed JSON.
 * @throws {UsageError} when it cannot be read or is not JSON.
 */
export async function readFlagJson(flag: string, path: string): Promise<unknown> {
  const text = await readFlagFile(flag, path);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${flag}: ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
