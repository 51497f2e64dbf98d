/**
 * Reads a response body as text within bounds: at most `maxBytes` decoded bytes, strict UTF-8 when
 * asked, and never past the attempt's signal (docs/security.md).
 */

/** The body grew past `maxResponseBytes`; it was abandoned at the bound. */
export class BodyTooLarge {
  /**
   * @param maxBytes - The bound that was passed.
   */
  constructor(readonly maxBytes: number) {}
}

/** The body holds bytes that are not UTF-8. */
export class BodyNotUtf8 {
  /**
   * @param bytes - How many bytes had been read when the bad sequence was found.
   */
  constructor(readonly bytes: number) {}
}

const noop = (): void => {};

// One decoder of each kind, made on first use: a whole body is decoded in one call, which leaves
// no state behind, and making a decoder costs about as much as decoding a small body.
let decoders: { fatal: TextDecoder; lenient: TextDecoder } | undefined;
const decoderFor = (fatal: boolean): TextDecoder => {
  decoders ??= {
    fatal: new TextDecoder('utf-8', { fatal: true }),
    lenient: new TextDecoder('utf-8'),
  };
  return fatal ? decoders.fatal : decoders.lenient;
};

/**
 * Reads the body, counting bytes as they stream in (after the platform's decompression), and
 * cancels the stream as soon as it passes the bound, so memory stays within about `maxBytes`.
 * undici ties the signal to the body stream, but msw and many custom `fetch`es do not: without the
 * listener a stalled body would outlive `timeout` and the caller's abort.
 *
 * @param response - The response whose body to read.
 * @param signal - The attempt's signal; its abort rejects with its reason.
 * @param maxBytes - The most bytes to accept.
 * @param fatal - Reject bytes that are not UTF-8 (2xx bodies) instead of replacing them.
 * @returns The text; rejects with {@link BodyTooLarge}, {@link BodyNotUtf8}, the signal's reason or
 *   the stream's own error.
 */
export function readBody(
  response: Response,
  signal: AbortSignal,
  maxBytes: number,
  fatal: boolean,
): Promise<string> {
  const stream = response.body;
  if (stream === null) return Promise.resolve('');
  const length = knownLength(response);
  if (length !== undefined && length <= maxBytes) return whole(response, signal, fatal);
  const reader = stream.getReader();
  return new Promise<string>((resolve, reject) => {
    const onAbort = (): void => {
      reject(signal.reason);
      reader.cancel(signal.reason).catch(noop);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    collect(reader, maxBytes, fatal)
      .then(resolve, (error: unknown) => {
        reader.cancel().catch(noop);
        reject(error);
      })
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The body's length when the server declared it and nothing re-encodes it: with `content-encoding`
 * the declared length is the compressed one, and says nothing of the decoded size. Only a response
 * from the platform's network stack (`type` `basic` or `cors`) is held to its declared length; a
 * `Response` a custom `fetch` or a mock built (`default`) may declare one thing and stream another.
 */
function knownLength(response: Response): number | undefined {
  if (response.type !== 'basic' && response.type !== 'cors') return undefined;
  const encoding = response.headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') return undefined;
  const declared = response.headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

/**
 * Reads a body of a declared length within the bound in one go: the platform stops at the declared
 * length, so the bound holds without counting chunks, and one decode of one buffer is several
 * times cheaper than a reader loop.
 */
function whole(response: Response, signal: AbortSignal, fatal: boolean): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const onAbort = (): void => {
      reject(signal.reason);
      response.body?.cancel(signal.reason).catch(noop);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    response
      .arrayBuffer()
      .then((buffer) => {
        try {
          resolve(decoderFor(fatal).decode(buffer));
        } catch {
          reject(new BodyNotUtf8(buffer.byteLength));
        }
      }, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function collect(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  fatal: boolean,
): Promise<string> {
  // The chunks are kept as they came and decoded once at the end: decoding as they arrive would
  // leave a string per chunk for the collector, and an abandoned body would still cost twice.
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw new BodyTooLarge(maxBytes);
    chunks.push(value);
  }
  const decoder = new TextDecoder('utf-8', { fatal });
  let text = '';
  try {
    for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
    return text + decoder.decode();
  } catch {
    throw new BodyNotUtf8(size);
  }
}
