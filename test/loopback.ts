import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** A running loopback server: its base URL (ending in `/v1`) and how many requests it got. */
export interface Loopback {
  /** `http://127.0.0.1:<port>/v1`. */
  url: string;
  /** The number of requests the server received so far. */
  hits: () => number;
}

/**
 * Gives a test file real `node:http` servers on 127.0.0.1, each closed (connections included)
 * after the test that started it. Call at the top level of a test file.
 *
 * @returns `loopback(handle)`: starts a server whose requests go to `handle`, body already drained.
 */
export function useLoopback(): (
  handle: (req: IncomingMessage, res: ServerResponse) => void,
) => Promise<Loopback> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  });
  return async (handle) => {
    let hits = 0;
    const server = createServer((req, res) => {
      hits += 1;
      req.resume();
      handle(req, res);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/v1`, hits: () => hits };
  };
}

/**
 * Lets real I/O (sockets, a loopback server) run, one turn of the event loop at a time, until
 * `done()` holds. Under fake timers (`setTimeout` faked, `setImmediate` not) the clock stands
 * still meanwhile, so a test moves time and network separately.
 */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve)); // and what `done` set off, to its next wait
}
