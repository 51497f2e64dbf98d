/**
 * Writing to stdout and stderr: each write waits until the stream has handed it on (to the pipe,
 * the file, the terminal), so a list streamed with `--all` holds at most a page in memory however
 * slow the reader, and a checkpoint saved after a line is never ahead of it; a reader that went
 * away (`| head -1`) ends the command quietly; and no write carries the API key.
 */
import { keyRedactor } from '../internal/redact.js';

/** A stream the command writes to: a process's stdout or stderr, or a test's. */
export interface OutStream {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  /** A terminal's. */
  readonly isTTY?: boolean | undefined;
  /** A terminal's width. */
  readonly columns?: number | undefined;
  readonly destroyed?: boolean | undefined;
}

/** The reader of stdout went away (`EPIPE`): the command stops writing and ends with exit 0. */
export class ReaderGone extends Error {
  override readonly name = 'ReaderGone';
}

/** One output stream, written with backpressure and redaction. */
export class Output {
  readonly #stream: OutStream;
  readonly #redact: (text: string) => string;
  #gone = false;

  /**
   * @param stream - Where to write.
   * @param secret - The API key: replaced wherever it appears, in any form the SDK knows (as sent,
   *   percent-encoded, base64), as any `sk_live_…`/`sk_test_…` is; empty when there is none (and
   *   then nothing from the API is printed).
   */
  constructor(stream: OutStream, secret: string) {
    this.#stream = stream;
    this.#redact = secret === '' ? (text) => text : keyRedactor(secret).text;
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
   * Writes text, and waits until the stream has handed it on: a process's stdout is then in the
   * pipe or the file, where a kill cannot lose it.
   *
   * @param text - The text.
   * @returns When the text is out of this process's hands.
   * @throws {ReaderGone} once the reader has gone away.
   */
  async write(text: string): Promise<void> {
    if (this.#gone || this.#stream.destroyed === true) throw new ReaderGone('the reader went away');
    await new Promise<void>((resolve, reject) => {
      this.#stream.write(this.#redact(text), (error) => {
        if (error == null) return resolve();
        this.#gone = true;
        reject(new ReaderGone('the reader went away'));
      });
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
    this.#stream.write(this.#redact(text));
  }
}
