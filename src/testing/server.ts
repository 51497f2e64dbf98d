import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** A running fake API on real HTTP. */
export interface FakeServer {
  /** The base URL to give the client, for example `http://127.0.0.1:53211/v1`. */
  url: string;
  /** The port it listens on. */
  port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Serves a web-standard handler over `node:http` on 127.0.0.1 (loopback only).
 *
 * @param handle - Turns a `Request` into a `Response`.
 * @param port - Port to listen on; 0 picks a free one.
 */
export async function serve(handle: (request: Request) => Promise<Response>, port = 0): Promise<FakeServer> {
  const server = createServer((req, res) => {
    void relay(handle, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function relay(
  handle: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
    });
    const response = await handle(request);
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(body);
  } catch (error) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: { type: 'api_error', code: 'internal_error', message: String(error), param: null },
      }),
    );
  }
}
