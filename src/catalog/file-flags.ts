/**
 * Reading the small JSON files the bins are given (`--policy`, `--seed`), with a bound: a device
 * such as `/dev/zero`, whose size says 0, must not be read on. `chainbill` and `chainbill-mcp`
 * share it.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** The most a file given on the command line may hold: 1 MiB, a request body's bound. */
const maxBytes = 1024 * 1024;

/** Makes the bin's own usage error (exit 2) from a message. */
export type UsageFailure = (message: string) => Error;

function readCapped(path: string): string | null {
  const file = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    let size = 0;
    while (size < buffer.length) {
      const read = readSync(file, buffer, size, buffer.length - size, null);
      if (read === 0) break;
      size += read;
    }
    return size > maxBytes ? null : buffer.subarray(0, size).toString('utf8');
  } finally {
    closeSync(file);
  }
}

/**
 * Reads a file named by a flag as text.
 *
 * @param flag - The flag, for the message: `--policy`.
 * @param path - The file.
 * @param fail - The bin's usage error.
 * @returns Its text, UTF-8.
 * @throws The bin's usage error naming the flag and why: no such file, a directory, over 1 MiB.
 */
export function readFlagFile(flag: string, path: string, fail: UsageFailure): string {
  let text: string | null;
  try {
    text = readCapped(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
    throw fail(`${flag}: cannot read ${path}: ${why}`);
  }
  if (text === null) throw fail(`${flag}: ${path} is larger than 1 MiB`);
  return text;
}

/**
 * Reads a file named by a flag as JSON.
 *
 * @param flag - The flag, for the message.
 * @param path - The file.
 * @param fail - The bin's usage error.
 * @returns The parsed JSON.
 * @throws The bin's usage error when it cannot be read or is not JSON.
 */
export function readFlagJson(flag: string, path: string, fail: UsageFailure): unknown {
  const text = readFlagFile(flag, path, fail);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw fail(`${flag}: ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
