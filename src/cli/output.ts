/**
 * Writing to stdout and stderr: each write waits while the stream is full, so a list streamed
 * with `--all` holds at most a page in memory however slow the reader; a reader that went away
 * (`| head -1`) ends the command quietly; and no write carries the API key.
 */
import { redactText } from '../internal/redact.js';

/** A stream the command writes to: a process's stdout or stderr, or a test's. */
export interface OutStream {
  write(chunk: string): boolean;
  once(event: 'drain' | 'error' | 'close', listener: (error?: unknown) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  removeListener(event: 'drain' | 'error' | 'close', listener: (error?: unknown) => void): unknown;
  /** A terminal's. */
  readonly isTTY?: boolean | undefined;
  /** A terminal's width. */
  readonly columns?: number | undefined;
  readonly writableNeedDrain?: boolean | undefined;
  readonly destroyed?: boolean | undefined;
}

/** The reader of stdout went away (`EPIPE`): the command stops writing and ends with exit 0. */
export class ReaderGone extends Error {
  override readonly name = 'ReaderGone';
}

/** One output stream, written with backpressure and redaction. */
export class Output {
  readonly #stream: OutStream;
  readonly #secret: string;
  #gone = false;

  /**
   * @param stream - Where to write.
   * @param secret - The API key: replaced wherever it appears, as any `sk_live_…`/`sk_test_…` is.
   */
  constructor(stream: OutStream, secret: string) {
    this.#stream = stream;
    this.#secret = secret;
    // Without a listener an EPIPE would be thrown as an uncaught error, with its stack trace.
    stream.on('error', () => {
      this.#gone = true;
    });
  }

  /** Whether the stream is a terminal. */
  get isTTY(): boolean {
    return this.#stream.isTTY === true;
  }

  /** The terminal's width, if it is one. */
  get columns(): number | undefined {
    return this.#stream.columns;
  }

  /**
   * Writes text, and waits while the stream is full.
   *
   * @param text - The text.
   * @returns When the stream can take more.
   * @throws {ReaderGone} once the reader has gone away.
   */
  async write(text: string): Promise<void> {
    if (this.#gone || this.#stream.destroyed === true) throw new ReaderGone('the reader went away');
    if (this.#stream.write(redactText(text, this.#secret))) return;
    await new Promise<void>((resolve, reject) => {
      const stop = (): void => {
        this.#stream.removeListener('drain', drained);
        this.#stream.removeListener('error', failed);
        this.#stream.removeListener('close', failed);
      };
      const drained = (): void => {
        stop();
        resolve();
      };
      const failed = (): void => {
        stop();
        this.#gone = true;
        reject(new ReaderGone('the reader went away'));
      };
      this.#stream.once('drain', drained);
      this.#stream.once('error', failed);
      this.#stream.once('close', failed);
    });
  }

  /**
   * Writes without waiting, for a progress line or a last message: what cannot be written is
   * dropped.
   *
   * @param text - The text.
   */
  note(text: string): void {
    if (this.#gone || this.#stream.destroyed === true) return;
    this.#stream.write(redactText(text, this.#secret));
  }
}
