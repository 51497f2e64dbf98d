/**
 * The CLI's `fetch`, over `node:http` and `node:https`. On Node 20 the platform's fetch starts
 * undici's HTTP client on first use, which costs a short command more than the rest of its start
 * (docs/performance.md). The SDK gets the same `Response` it gets from the platform; redirects are
 * not followed (the SDK sends `redirect: 'manual'`), and a compressed body is decompressed.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Fetch } from '../core/types.js';

/** The statuses whose response has no body, which a `Response` refuses to be given one. */
const nullBody = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for the SDK's client: one request, the `Response` as soon as its headers arrive, the
 * body streamed. The request's signal aborts it, body included.
 *
 * @param input - The request, as the SDK's client passes it.
 * @param init - Its options.
 * @returns The response.
 * @throws {TypeError} `fetch failed` with the cause, as the platform's fetch does; the signal's
 *   reason when it aborts.
 */
export const nodeFetch: Fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const { request: send } =
    url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  const { signal } = request;
  signal.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers }, (incoming) => {
      try {
        resolve(responseOf(incoming, signal));
      } catch (error) {
        reject(new TypeError('fetch failed', { cause: error }));
      }
    });
    const onAbort = (): void => {
      outgoing.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.once('close', () => signal.removeEventListener('abort', onAbort));
    outgoing.once('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    outgoing.end(body);
  });
};

function responseOf(incoming: IncomingMessage, signal: AbortSignal): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const onAbort = (): void => {
    incoming.destroy(signal.reason);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  incoming.once('close', () => signal.removeEventListener('abort', onAbort));
  if (nullBody.has(status)) {
    incoming.resume();
    return new Response(null, { status, statusText: incoming.statusMessage ?? '', headers });
  }
  const stream = Readable.toWeb(decoded(incoming)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, statusText: incoming.statusMessage ?? '', headers });
}

/** The body as sent, or decompressed when `content-encoding` says gzip, deflate or br. */
function decoded(incoming: IncomingMessage): Readable {
  const encoding = incoming.headers['content-encoding']?.trim().toLowerCase();
  if (encoding !== 'gzip' && encoding !== 'x-gzip' && encoding !== 'deflate' && encoding !== 'br')
    return incoming;
  const inflate =
    encoding === 'br' ? createBrotliDecompress() : encoding === 'deflate' ? createInflate() : createGunzip();
  incoming.once('error', (error) => inflate.destroy(error));
  return incoming.pipe(inflate);
}
