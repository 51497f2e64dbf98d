#!/usr/bin/env node
// chainbill-mcp: the Chainbill API as MCP tools over stdio (docs/mcp.md). The MCP SDK is an
// optional peer, so it is loaded here first: without it, one line says how to install it.

const peer = '@modelcontextprotocol/sdk';

/** Whether loading failed because the peer itself is not installed. */
function isMissingPeer(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes(`'${peer}`)
  );
}

/** One line on stderr, never a stack trace; 2 for bad input, 1 when serving failed. */
function fail(error: unknown): never {
  const usage = error instanceof Error && error.name === 'UsageError';
  const text = error instanceof Error ? error.message : String(error);
  process.stderr.write(`chainbill-mcp: ${text.split('\n')[0]}\n`);
  process.exit(usage ? 2 : 1);
}

async function start(): Promise<void> {
  try {
    await import('@modelcontextprotocol/sdk/server/index.js');
  } catch (error) {
    if (!isMissingPeer(error)) throw error;
    process.stderr.write(
      `chainbill-mcp: needs the MCP SDK, an optional peer of chainbill: npm install ${peer}\n`,
    );
    process.exit(2);
  }
  const { run } = await import('./main.js');
  await run(process.argv.slice(2));
}

process.on('uncaughtException', fail).on('unhandledRejection', fail);
start().catch(fail);
