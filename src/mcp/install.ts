/**
 * `chainbill-mcp install --client <name> [--write] [-- <server flags>]` (docs/mcp.md: Configure a
 * client): the client's configuration for chainbill-mcp, printed, or merged into its file with
 * `--write`. The key is never written: the entry names the environment variable the client reads
 * at run time, where the client can (VS Code, Cursor, Claude Code), and nothing where it cannot.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from './options.js';

/** How one client is configured. */
interface ClientConfig {
  /** The file, relative to the project (or absolute). */
  readonly file: () => string;
  /** The key the servers live under. */
  readonly section: 'mcpServers' | 'servers';
  /** The entry's environment: each value a reference the client expands at run time. */
  readonly env: Readonly<Record<string, string>> | undefined;
  /** Said after the entry. */
  readonly note: string;
}

// The references each client expands at run time: `${env:NAME}` (VS Code, Cursor), `${NAME}` (Claude Code).
const envRef = (style: 'vscode' | 'shell') => (name: string) =>
  style === 'vscode' ? `\${env:${name}}` : `\${${name}}`;

function desktopFile(): string {
  const home = homedir();
  if (process.platform === 'darwin')
    return join(home, 'Library/Application Support/Claude/claude_desktop_config.json');
  if (process.platform === 'win32')
    return join(process.env['APPDATA'] ?? home, 'Claude/claude_desktop_config.json');
  return join(process.env['XDG_CONFIG_HOME'] ?? join(home, '.config'), 'Claude/claude_desktop_config.json');
}

const variables = ['CHAINBILL_API_KEY', 'CHAINBILL_BASE_URL'];
const envOf = (ref: (name: string) => string) =>
  Object.fromEntries(variables.map((name) => [name, ref(name)]));

const clients: Readonly<Record<string, ClientConfig>> = {
  'claude-code': {
    file: () => resolve('.mcp.json'),
    section: 'mcpServers',
    env: envOf(envRef('shell')),
    note: `Claude Code expands \${CHAINBILL_API_KEY} from the environment it starts in.`,
  },
  'claude-desktop': {
    file: desktopFile,
    section: 'mcpServers',
    env: undefined,
    note: "Claude Desktop writes no variables into a server's environment: chainbill-mcp reads CHAINBILL_API_KEY and CHAINBILL_BASE_URL from the environment Claude Desktop itself starts with (on macOS: launchctl setenv). Claude Desktop shows no forms: approvals open a one-time page on 127.0.0.1.",
  },
  vscode: {
    file: () => resolve('.vscode/mcp.json'),
    section: 'servers',
    env: envOf(envRef('vscode')),
    note: `VS Code expands \${env:CHAINBILL_API_KEY} from the environment it starts in.`,
  },
  cursor: {
    file: () => resolve('.cursor/mcp.json'),
    section: 'mcpServers',
    env: envOf(envRef('vscode')),
    note: `Cursor expands \${env:CHAINBILL_API_KEY} from the environment it starts in.`,
  },
};

/** The entry for chainbill-mcp, with the server's own flags after `--`. */
function entryOf(
  config: ClientConfig,
  serverArgs: readonly string[],
  client: string,
): Record<string, unknown> {
  return {
    ...(client === 'vscode' ? { type: 'stdio' } : {}),
    command: 'npx',
    args: ['-y', '-p', 'chainbill', '-p', '@modelcontextprotocol/server', 'chainbill-mcp', ...serverArgs],
    ...(config.env === undefined ? {} : { env: config.env }),
  };
}

function readConfig(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(
      `${file} is not JSON: fix it, or add the entry by hand (run without --write to see it)`,
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new UsageError(`${file} does not hold a JSON object`);
  return json as Record<string, unknown>;
}

/** Writes beside the file, then renames: a crash leaves the old file or the new one, never half. */
function writeConfig(file: string, config: Record<string, unknown>): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = join(dirname(file), `.chainbill-mcp-${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * Runs `chainbill-mcp install`.
 *
 * @param argv - The arguments after `install`.
 * @returns Once the configuration is printed or written.
 * @throws {UsageError} for an unknown client or flag, or a configuration file that is not a JSON object.
 */
export async function install(argv: readonly string[]): Promise<void> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const serverArgs = split === -1 ? [] : argv.slice(split + 1);
  let values: { client?: string | undefined; write?: boolean | undefined };
  try {
    values = parseArgs({
      args: [...own],
      options: { client: { type: 'string' }, write: { type: 'boolean' } },
    }).values;
  } catch (error) {
    throw new UsageError(`install: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const name = values.client ?? '';
  const config = clients[name];
  if (config === undefined)
    throw new UsageError(
      `install --client takes ${Object.keys(clients).join(', ')}; got ${JSON.stringify(name)}`,
    );
  const entry = entryOf(config, serverArgs, name);
  const file = config.file();
  if (values.write !== true) {
    process.stdout.write(`${JSON.stringify({ [config.section]: { chainbill: entry } }, null, 2)}\n`);
    process.stderr.write(`Add this to ${file} (or run again with --write). ${config.note}\n`);
    return;
  }
  const current = readConfig(file);
  const section = current[config.section];
  const servers = typeof section === 'object' && section !== null && !Array.isArray(section) ? section : {};
  writeConfig(file, { ...current, [config.section]: { ...servers, chainbill: entry } });
  process.stderr.write(`Wrote the chainbill server to ${file}. ${config.note}\n`);
}
