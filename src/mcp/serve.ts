/**
 * Serving `chainbill-mcp`: over stdio, both protocol eras on one connection (`serveStdio`), or
 * over `--http` (http.ts). Approval pages are served on loopback, or by the `--http` server.
 */
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { VERSION } from '../version.js';
import type { Prepared } from './main.js';
import { loopbackPages } from './pages-server.js';
import { chainbillMcp } from './server.js';

const onAuditFailure = (error: unknown): void => {
  process.stderr.write(
    `chainbill-mcp: the audit log cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}); refusing every further call\n`,
  );
};

/**
 * Serves until stdin closes (stdio) or a signal ends the process (`--http`).
 *
 * @param prepared - The options, the client, the key and the audit log.
 * @returns Once serving has started.
 * @throws {Error} when the HTTP server cannot listen or the authorization server cannot be read.
 */
export async function serve(prepared: Prepared): Promise<void> {
  const { options, client, apiKey, audit } = prepared;
  const where = options.fake ? 'an embedded fake API' : `${client.baseUrl} (${client.environment})`;
  if (options.http !== undefined) {
    const { serveHttp } = await import('./http.js');
    const url = await serveHttp(prepared, onAuditFailure);
    process.stderr.write(
      `chainbill-mcp ${VERSION}: ${options.tools.length} tools at ${url}, against ${where}; ${prepared.store}\n`,
    );
    return;
  }
  const loopback = loopbackPages(options.approvalTimeoutMs);
  const mcp = chainbillMcp({
    client,
    apiKey,
    tools: options.tools,
    audit,
    approvalTimeoutMs: options.approvalTimeoutMs,
    pages: loopback.pages,
    onAuditFailure,
  });
  const handle = serveStdio(() => mcp.server());
  process.stdin.once('end', () => {
    void Promise.all([handle.close(), loopback.close(), audit?.close()]);
  });
  process.stderr.write(
    `chainbill-mcp ${VERSION}: ${options.tools.length} tools on stdio, against ${where}; ${prepared.store}\n`,
  );
}
