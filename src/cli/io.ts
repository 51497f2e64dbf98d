/**
 * What a command runs with, apart from its arguments: streams, environment, signal, fetch. A leaf
 * that `run`, `call` and the client builder share, so none of them imports the module that runs it.
 */
import type { Fetch } from '../core/types.js';
import type { ChainbillStore } from '../store/store.js';
import type { OutStream } from './output.js';

/** The stream a confirmation is read from: the process's stdin, or a test's. */
export interface InStream extends NodeJS.ReadableStream {
  /** A terminal's: only then is a question asked. */
  readonly isTTY?: boolean | undefined;
}

/** What the command runs with: the process's streams and environment, or a test's. */
export interface Io {
  /** Read for a confirmation, when it is a terminal. */
  readonly stdin: InStream;
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  /** The environment: `CHAINBILL_API_KEY`, `CHAINBILL_BASE_URL`, `CHAINBILL_LOG`, `COLUMNS`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl+C: the request in flight ends, and the command with exit 130. */
  readonly signal?: AbortSignal | undefined;
  /** The client's `fetch`, for a test; otherwise one over `node:http` (docs/performance.md). */
  readonly fetch?: Fetch | undefined;
  /** The store of `listen`'s consumer, for a test; otherwise PostgreSQL at `CHAINBILL_DATABASE_URL`. */
  readonly store?: ChainbillStore | undefined;
}
