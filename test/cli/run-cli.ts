/**
 * The `chainbill` command in this process: `run(argv, io)` as the bin calls it, with streams that
 * record what it writes, a terminal or not, and the in-process fake's `fetch`. Faster than a child
 * process; test/cli/process.test.ts runs the built bin for what only a process shows.
 */
import { Readable, Writable } from 'node:stream';
import type { FakeChainbill } from 'chainbill/testing';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/run.js';

/** What a run printed and how it ended. */
export interface Ran {
  code: number | undefined;
  stdout: string;
  stderr: string;
}

/** How to run it. */
export interface RunOptions {
  /** The fake to call: its key, base URL and `fetch` (else `env` and the platform's network). */
  fake?: FakeChainbill;
  /** The environment, over the fake's key and base URL. */
  env?: Record<string, string | undefined>;
  /** stdout's terminal: its width. */
  columns?: number;
  /** stderr is a terminal. */
  stderrTTY?: boolean;
  /** stdin: a terminal that answers with these lines, or (by default) no terminal and no input. */
  answers?: string[];
  /** Aborts the run, as Ctrl+C does. */
  signal?: AbortSignal;
  /** The store of `listen`'s consumer (else `CHAINBILL_DATABASE_URL`'s, else none). */
  store?: Io['store'];
  /** stdout, when the test needs its own (backpressure, a reader that goes away). */
  stdout?: Writable & { isTTY?: boolean; columns?: number };
}

/** A writable that keeps what it is given, as text. */
export function recorder(options: { isTTY?: boolean; columns?: number } = {}): Writable & {
  text: () => string;
  isTTY?: boolean;
  columns?: number;
} {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return Object.assign(stream, { text: () => text, ...options });
}

/**
 * Runs `chainbill` with `argv`.
 *
 * @param argv - The arguments after `chainbill`.
 * @param options - The fake, environment, terminals.
 * @returns Exit code and output.
 */
export async function runCli(argv: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const { fake } = options;
  const stdout =
    options.stdout ??
    recorder(options.columns === undefined ? {} : { isTTY: true, columns: options.columns });
  const stderr = recorder({ isTTY: options.stderrTTY === true });
  const stdin = Object.assign(Readable.from(options.answers?.map((line) => `${line}\n`) ?? []), {
    isTTY: options.answers !== undefined,
  });
  const io: Io = {
    stdin,
    stdout,
    stderr,
    env: {
      ...(fake === undefined ? {} : { CHAINBILL_API_KEY: fake.apiKey, CHAINBILL_BASE_URL: fake.baseUrl }),
      ...options.env,
    },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(fake === undefined ? {} : { fetch: fake.fetch }),
    ...(options.store === undefined ? {} : { store: options.store }),
  };
  const code = await run(argv, io);
  const text = (stream: Writable): string =>
    'text' in stream ? (stream as { text: () => string }).text() : '';
  return { code, stdout: text(stdout), stderr: stderr.text() };
}

/** A name of the client in kebab case, as the CLI's words and flags are: `paymentLinks`, `due_date`. */
export const kebab = (name: string): string =>
  name.replaceAll('_', '-').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
