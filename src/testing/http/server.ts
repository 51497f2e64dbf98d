import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  bodyTooLarge,
  checkDeclaredLength,
  concat,
  type Incoming,
  MAX_BODY_BYTES,
  unreadable,
} from './body.js';
import { FakeApiError } from './errors.js';
import { hostCheck } from './hosts.js';

/** A running fake API on real HTTP. */
export interface FakeServer {
  /** The base URL to give the client, for example `http://127.0.0.1:53211/v1`. */
  url: string;
  /** The port it listens on. */
  port: number;
  /**
   * With a control token: the inspector's page, with the token in its fragment
   * (`http://127.0.0.1:53211/_fake/ui#token=…`; docs/fake-server.md: The inspector).
   */
  inspectorUrl?: string;
  /** Stops listening and closes open connections (a request held by an injected delay ends with its connection). */
  close(): Promise<void>;
}

/** Whether a request's body was left unread part way (too large): its connection must close. */
interface Reading {
  abandoned: boolean;
}

/**
 * Serves the fake's handler over `node:http`, on 127.0.0.1 unless told otherwise. Requests go to
 * the handler without a `Request` in between, so any method reaches it (and gets its 405) and a
 * body is counted as it streams, never buffered past {@link MAX_BODY_BYTES}. A `Response.error()`
 * from the handler (an injected reset or dropped response) destroys the connection unanswered.
 *
 * @param handle - Answers one request.
 * @param basePath - The path the API is served under, for example `/v1`; `url` ends in it.
 * @param port - Port to listen on; 0 picks a free one.
 * @param host - Address to bind; the URL names it (IPv6 in brackets).
 * @param allowedHosts - The names a request's `Host` may give beside loopback names, IP addresses
 *   and `host` (hosts.ts); any other is refused with 403 before the handler sees it.
 * @returns The running server.
 */
export async function serve(
  handle: (incoming: Incoming) => Promise<Response>,
  basePath: string,
  port = 0,
  host = '127.0.0.1',
  allowedHosts: readonly string[] = [],
): Promise<FakeServer> {
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  let origin = `http://${hostInUrl}`;
  const refusedHost = hostCheck(host, allowedHosts);
  const server = createServer((req, res) => {
    const refused = refusedHost(req.headers.host);
    void relay(refused === undefined ? handle : async () => toResponse(refused), origin, req, res);
  });
  // Requests node cannot parse, and CONNECT, never reach the handler: answer them in the API's shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    if (error.code === 'ECONNRESET' || !socket.writable) socket.destroy();
    else writeRaw(socket, refusal(status, 'request_malformed', 'The request is not valid HTTP/1.1.'));
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    writeRaw(socket, refusal(405, 'method_not_allowed', 'CONNECT is not a method of this API'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  origin = `http://${hostInUrl}:${bound}`;
  return {
    url: `${origin}${basePath}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function relay(
  handle: (incoming: Incoming) => Promise<Response>,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const reading: Reading = { abandoned: false };
  // The client went away before its answer (a timeout, an abort, `close()`): the request's signal.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  let response: Response;
  try {
    const incoming = fromNode(req, origin, reading, gone.signal);
    response = incoming instanceof FakeApiError ? toResponse(incoming) : await handle(incoming);
  } catch (error) {
    response = toResponse(new FakeApiError(500, 'api_error', 'internal_error', String(error)));
  }
  if (response.type === 'error') {
    req.socket.destroy(); // an injected reset, or a response dropped after the write (fake.faults)
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  // The rest of an abandoned body is never parsed: the connection closes after the answer.
  if (reading.abandoned) {
    headers['connection'] = 'close';
    linger(req);
  }
  res.writeHead(response.status, headers);
  res.end(body);
}

/** How long a connection whose body was abandoned stays open after its answer, at most. */
const LINGER_MS = 5_000;

/**
 * Closes a connection whose body was abandoned without a reset. Closing a socket with unread bytes
 * sends one, and a client still sending loses the answer it has not read yet (EPIPE, ECONNRESET).
 * So the answer ends with a FIN, the rest of the body is read and thrown away, and the socket
 * closes when the client closes its side (or after {@link LINGER_MS}).
 */
function linger(req: IncomingMessage): void {
  const socket = req.socket;
  // Node calls it once the `Connection: close` answer is written; destroying then is the reset.
  socket.destroySoon = () => socket.end();
  req.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** The request as the router reads it, or the 400 for a target that is not a path. */
function fromNode(
  req: IncomingMessage,
  origin: string,
  reading: Reading,
  signal: AbortSignal,
): Incoming | FakeApiError {
  const target = req.url ?? '';
  // Absolute-form (`GET http://other/v1/payouts`) is for proxies; the fake is not one.
  if (!target.startsWith('/'))
    return refusal(400, 'request_target_invalid', 'The request target must be a path, such as /v1/payouts.');
  let url: URL;
  try {
    url = new URL(`${origin}${target}`);
  } catch {
    return refusal(400, 'request_target_invalid', 'The request target is not a valid path.');
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string); // pairs by contract
  return {
    method: req.method ?? 'GET',
    url,
    headers,
    signal,
    readBody: () => readNode(req, headers, reading),
  };
}

/** Reads a body while counting; past the bound it stops reading and leaves the rest unread. */
function readNode(req: IncomingMessage, headers: Headers, reading: Reading): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: FakeApiError | null): void => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (error === null) {
        resolve(concat(chunks, size));
        return;
      }
      reading.abandoned = true;
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) finish(bodyTooLarge());
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(null);
    const onError = (): void => finish(unreadable());
    const onClose = (): void => finish(req.complete ? null : unreadable());
    try {
      checkDeclaredLength(headers);
    } catch (error) {
      finish(error as FakeApiError); // checkDeclaredLength throws only FakeApiError
      return;
    }
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

function refusal(status: number, code: string, message: string): FakeApiError {
  return new FakeApiError(status, 'invalid_request_error', code, message);
}

function toResponse(error: FakeApiError): Response {
  return Response.json(error.toBody(), { status: error.status });
}

/** Answers on a socket that has no `ServerResponse` (a parse error, CONNECT), then closes it. */
function writeRaw(socket: Duplex, error: FakeApiError): void {
  const body = JSON.stringify(error.toBody());
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}
