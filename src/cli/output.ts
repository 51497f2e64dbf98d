/**
 * Writing to stdout and stderr: each write waits until the stream has handed it on (to the pipe,
 * the file, the terminal), so a list streamed with `--all` holds at most a page in memory however
 * slow the reader, and a checkpoint saved after a line is never ahead of it; a reader that went
 * away (`| head -1`) ends the command quietly, any other failed write with exit 1; and no write
 * carries the API key: values are redacted before they are encoded, text once more as written.
 */
import { keyRedactor, type Redactor } from '../internal/redact.js';
import { jsonOf } from './encode.js';
import { Failure } from './errors.js';

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

const codeOf = (error: unknown): string =>
  String((error as { code?: unknown } | null)?.code ?? (error instanceof Error ? error.message : error));

/** One output stream, written with backpressure and redaction. */
export class Output {
  readonly #stream: OutStream;
  readonly #name: string;
  readonly #redactor: Redactor | undefined;
  /** Why the stream can take no more: `EPIPE`, `ENOSPC`, …. */
  #failed: string | undefined;

  /**
   * @param stream - Where to write.
   * @param name - `stdout` or `stderr`, for the message of a failed write.
   * @param secret - The API key: replaced wherever it appears, in any form the SDK knows (as sent,
   *   percent-encoded, base64), as any `sk_live_…`/`sk_test_…` is; empty when there is none (and
   *   then nothing from the API is printed).
   */
  constructor(stream: OutStream, name: string, secret: string) {
    this.#stream = stream;
    this.#name = name;
    this.#redactor = secret === '' ? undefined : keyRedactor(secret);
    // Without a listener an EPIPE would be thrown as an uncaught error, with its stack trace.
    stream.on('error', (error) => {
      this.#failed ??= codeOf(error);
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
   * A copy of a value with the key redacted in every string and key, for encoding.
   *
   * @param value - A value from the API or about it.
   * @returns The redacted copy.
   */
  redact<T>(value: T): T {
    return (this.#redactor === undefined ? value : this.#redactor.value(value)) as T;
  }

  /**
   * A value as JSON: redacted first (a key holding `"` or `\` is escaped by the encoding, which a
   * redaction of the text would then miss), then encoded with nothing a terminal acts on.
   *
   * @param value - The value.
   * @param indent - Spaces of indentation; none for one line.
   * @returns The JSON text.
   */
  json(value: unknown, indent?: number): string {
    return jsonOf(this.redact(value), indent);
  }

  /**
   * Writes text, and waits until the stream has handed it on: a process's stdout is then in the
   * pipe or the file, where a kill cannot lose it.
   *
   * @param text - The text.
   * @returns When the text is out of this process's hands.
   * @throws {ReaderGone} once the reader has gone away (`EPIPE`).
   * @throws {Failure} when the write failed for another reason (a full disk): exit 1.
   */
  async write(text: string): Promise<void> {
    if (this.#failed === undefined && this.#stream.destroyed === true) this.#failed = 'EPIPE';
    if (this.#failed !== undefined) throw this.#failure();
    await new Promise<void>((resolve, reject) => {
      this.#stream.write(this.#text(text), (error) => {
        if (error == null) return resolve();
        this.#failed ??= codeOf(error);
        reject(this.#failure());
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
    if (this.#failed !== undefined || this.#stream.destroyed === true) return;
    this.#stream.write(this.#text(text));
  }

  #text(text: string): string {
    return this.#redactor === undefined ? text : this.#redactor.text(text);
  }

  #failure(): Error {
    return this.#failed === 'EPIPE'
      ? new ReaderGone('the reader went away')
      : new Failure(`cannot write to ${this.#name}: ${this.#failed}`);
  }
}
