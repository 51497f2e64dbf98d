/**
 * A web-standard handler (`Request` in, `Response` out) served over `node:http`: the approval
 * pages and `--http`. A body is read up to 1 MiB (larger: 413, unread); a response body streams
 * as it is written (the MCP handler's SSE).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** The most a request body may hold. */
const maxBody = 1024 * 1024;

/** A running server. */
export interface FetchServer {
  /** Its origin: `http://127.0.0.1:43117`. */
  readonly origin: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBody) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function relay(
  handle: (request: Request) => Promise<Response>,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined)
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  // The URL names the host the client used, so a handler can refuse a rebound name.
  const host = req.headers.host ?? new URL(origin).host;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${host}`);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? null : await bodyOf(req);
  if (body === null && method !== 'GET' && method !== 'HEAD') {
    res.writeHead(413, { connection: 'close' }).end();
    return;
  }
  const request = new Request(url, {
    method,
    headers,
    body: body && new Uint8Array(body),
    signal: controller.signal,
  });
  const response = await handle(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null || method === 'HEAD') res.end();
  else Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
}

/**
 * Serves a handler.
 *
 * @param handle - Answers one request.
 * @param host - The address to bind.
 * @param port - The port; 0 picks a free one.
 * @returns The server, once it listens.
 * @throws {Error} when it cannot listen (`EADDRINUSE`, `EACCES`).
 */
export async function serveFetch(
  handle: (request: Request) => Promise<Response>,
  host: string,
  port: number,
): Promise<FetchServer> {
  let origin = '';
  const server = createServer((req, res) => {
    relay(handle, origin, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
