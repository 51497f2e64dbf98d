/**
 * Where the approval pages are served: over `--http`, by that server; otherwise by a server of
 * their own on 127.0.0.1, started at the first page a client needs and on a port the system picks.
 */
import { outcomePage, pageHeaders } from './approval-html.js';
import { ApprovalPages } from './approval-page.js';
import { type FetchServer, serveFetch } from './node-http.js';

/** The pages, and how to stop their server. */
export interface LoopbackPages {
  readonly pages: ApprovalPages;
  /** Stops their server, if it was started. */
  close(): Promise<void>;
}

/**
 * Approval pages on a loopback server of their own, started on first use.
 *
 * @param timeoutMs - How long a page answers.
 * @param now - The clock, in ms since the epoch.
 * @returns The pages.
 */
export function loopbackPages(timeoutMs: number, now?: () => number): LoopbackPages {
  let server: Promise<FetchServer> | undefined;
  const notFound = () =>
    new Response(outcomePage('Not found', 'Nothing is served here.'), { status: 404, headers: pageHeaders });
  const pages: ApprovalPages = new ApprovalPages(
    async () => {
      server ??= serveFetch(async (request) => (await pages.handle(request)) ?? notFound(), '127.0.0.1', 0);
      return (await server).origin;
    },
    timeoutMs,
    now,
  );
  return { pages, close: async () => (await server)?.close() };
}
