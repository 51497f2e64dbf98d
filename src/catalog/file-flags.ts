/**
 * Reading the small JSON files the bins are given (`--policy`, `--seed`, `--checkpoint-file`),
 * with a bound, and without waiting: the file is opened non-blocking and must be a regular file, so
 * a FIFO (which would block until a writer comes, Ctrl+C unheard), a device such as `/dev/zero`
 * or a directory is refused at once. A JSON object that names a key twice is refused too: which
 * value would bound a payout must never depend on a parser's choice. `chainbill`, `chainbill-mcp`
 * and `chainbill-fake` share it.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { duplicateKey } from './json-keys.js';

/** The most a file given on the command line may hold by default: 1 MiB, a request body's bound. */
const defaultMaxBytes = 1024 * 1024;

const sizeInWords = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/** Makes the bin's own usage error (exit 2) from a message. */
export type UsageFailure = (message: string) => Error;

/** Why a path is not a file to read, in words: a FIFO, a directory, a device. */
function kindOf(stats: ReturnType<typeof fstatSync>): string {
  if (stats.isDirectory()) return 'it is a directory';
  if (stats.isFIFO()) return 'it is a FIFO, not a regular file';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'it is a device, not a regular file';
  return 'it is not a regular file';
}

/** Opens without blocking (a FIFO's open waits for a writer otherwise), then reads a regular file only. */
function readRegular(path: string, maxBytes: number): { text: string } | { why: string } {
  const file = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(file);
    if (!stats.isFile()) return { why: kindOf(stats) };
    const buffer = Buffer.alloc(maxBytes + 1);
    let size = 0;
    while (size < buffer.length) {
      const read = readSync(file, buffer, size, buffer.length - size, null);
      if (read === 0) break;
      size += read;
    }
    if (size > maxBytes) return { why: `it is larger than ${sizeInWords(maxBytes)}` };
    return { text: buffer.subarray(0, size).toString('utf8') };
  } finally {
    closeSync(file);
  }
}

/**
 * Reads a file named by a flag as text, if it is there.
 *
 * @param flag - The flag, for the message: `--policy`.
 * @param path - The file.
 * @param fail - The bin's usage error.
 * @param maxBytes - The most it may hold; default 1 MiB.
 * @returns Its text, UTF-8; `undefined` when there is no such file.
 * @throws The bin's usage error naming the flag and why: not a regular file, too large, unreadable.
 */
export function readFlagFileIfAny(
  flag: string,
  path: string,
  fail: UsageFailure,
  maxBytes: number = defaultMaxBytes,
): string | undefined {
  let read: { text: string } | { why: string };
  try {
    read = readRegular(path, maxBytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw fail(
      `${flag}: cannot read ${path}: ${code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable')}`,
    );
  }
  if ('why' in read) throw fail(`${flag}: cannot read ${path}: ${read.why}`);
  return read.text;
}

/**
 * Reads a file named by a flag as text.
 *
 * @param flag - The flag, for the message: `--policy`.
 * @param path - The file.
 * @param fail - The bin's usage error.
 * @returns Its text, UTF-8.
 * @throws The bin's usage error naming the flag and why: no such file, not a regular file (a
 *   directory, a FIFO, a device), over 1 MiB.
 */
export function readFlagFile(flag: string, path: string, fail: UsageFailure): string {
  const text = readFlagFileIfAny(flag, path, fail);
  if (text === undefined) throw fail(`${flag}: cannot read ${path}: no such file`);
  return text;
}

/**
 * Parses JSON text given by a flag, refusing an object that names a key twice.
 *
 * @param flag - The flag, for the message.
 * @param path - The file, for the message.
 * @param text - The JSON text.
 * @param fail - The bin's usage error.
 * @returns The parsed JSON.
 * @throws The bin's usage error when it is not JSON or names a key twice.
 */
export function parseFlagJson(flag: string, path: string, text: string, fail: UsageFailure): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fail(`${flag}: ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const twice = duplicateKey(text);
  if (twice !== undefined)
    throw fail(
      `${flag}: ${path} names the key ${JSON.stringify(twice.key)} twice (at ${twice.path}): remove one`,
    );
  return value;
}

/**
 * Reads a file named by a flag as JSON.
 *
 * @param flag - The flag, for the message.
 * @param path - The file.
 * @param fail - The bin's usage error.
 * @returns The parsed JSON.
 * @throws The bin's usage error when it cannot be read, is not JSON or names a key twice.
 */
export function readFlagJson(flag: string, path: string, fail: UsageFailure): unknown {
  return parseFlagJson(flag, path, readFlagFile(flag, path, fail), fail);
}
