#!/usr/bin/env node
// chainbill-mcp: the Chainbill API as MCP tools (docs/mcp.md). The MCP SDK is an optional peer, so
// it is loaded here first: without it, one line says how to install it. `install`, `--help` and
// `--version` need neither the SDK nor a key.

const peer = '@modelcontextprotocol/server';

/** Whether loading failed because the peer itself is not installed. */
function isMissingPeer(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes(`'${peer}`)
  );
}

/** One line on stderr, never a stack trace; 2 for bad input or a bad key, 1 when serving failed. */
function fail(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  const usage = name === 'UsageError' || name === 'AuthenticationError';
  const text = error instanceof Error ? error.message : String(error);
  const label = name === 'AuthenticationError' ? 'AuthenticationError (api_key_invalid): ' : '';
  process.stderr.write(`chainbill-mcp: ${label}${text.split('\n')[0]}\n`);
  process.exit(usage ? 2 : 1);
}

async function start(argv: readonly string[]): Promise<void> {
  if (argv[0] === 'install') {
    const { install } = await import('./install.js');
    return install(argv.slice(1));
  }
  const early = argv.some((arg) => /^(-h|--help|-v|--version)$/.test(arg));
  if (!early) {
    try {
      await import('@modelcontextprotocol/server');
    } catch (error) {
      if (!isMissingPeer(error)) throw error;
      process.stderr.write(
        `chainbill-mcp: needs the MCP SDK, an optional peer of chainbill: npm install ${peer}\n`,
      );
      process.exit(2);
    }
  }
  const { run } = await import('./main.js');
  await run(argv);
}

process.on('uncaughtException', fail).on('unhandledRejection', fail);
start(process.argv.slice(2)).catch(fail);
