/**
 * A chainbill-mcp server and an MCP client of either protocol era, in one process: a 2026-07-28
 * client (the v2 SDK's `Client`, stateless, over the server's HTTP handler called in process) or a
 * 2025 client (the 1.32 SDK's `Client`, over an in-memory connection, as stdio serves it).
 */
import { Client as Client2026, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { Client as Client2025 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransport2025 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { Chainbill, type ClientOptions } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { afterEach } from 'vitest';
import type { AuditLog } from '../../src/mcp/audit.js';
import { selectTools } from '../../src/mcp/options.js';
import { loopbackPages } from '../../src/mcp/pages-server.js';
import { chainbillMcp } from '../../src/mcp/server.js';

/** The elicitation a person is shown, and what they answer. */
export interface Elicitation {
  message: string;
  requestedSchema?: unknown;
}
export type Reply =
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'decline' | 'cancel' };

/**
 * Which client: `2026` (v2 SDK, protocol 2026-07-28, `input_required`), `2025` (1.32 SDK, a
 * connection with `elicitation/create`), or `2025-http` (1.32 SDK over stateless HTTP: no way to
 * ask back, so approvals go to a page).
 */
export type Era = '2026' | '2025' | '2025-http';

/** How a test's MCP client and server are set up: the flags, and how the person answers. */
export interface Setup {
  era?: Era;
  /** `--tools`; default `read`. */
  tools?: string;
  /** `--allow-approve`. */
  allowApprove?: boolean;
  /** The person: answers each form. Without it, the client declares no elicitation. */
  person?: (request: Elicitation) => Reply | Promise<Reply>;
  /** The audit log. */
  audit?: AuditLog;
  /** How long an approval waits, in ms (default 60 000). */
  approvalTimeoutMs?: number;
  /** The approval pages' clock. */
  now?: () => number;
  /** Options of the client the tools call through; it talks to `fake` unless `baseUrl` and `apiKey` say otherwise. */
  client?: ClientOptions;
}

/** What a tool call answered: its structured content, its text, whether it is an error. */
export interface Answer {
  isError: boolean;
  json: Record<string, unknown>;
  text: string;
  raw: Record<string, unknown>;
}

/** A connected pair. */
export interface Connected {
  fake: FakeChainbill;
  mcp: { listTools(): Promise<{ tools: Tool[] }> };
  /** Every form the person was sent. */
  asked: Elicitation[];
  /** Calls a tool. */
  call: (name: string, args?: Record<string, unknown>) => Promise<Answer>;
}

const open: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

const shapeOf = (result: Record<string, unknown>): Answer => {
  const content = result['content'] as { type: string; text: string }[];
  return {
    isError: result['isError'] === true,
    json: (result['structuredContent'] ?? {}) as Record<string, unknown>,
    text: content[0]?.text ?? '',
    raw: result,
  };
};

/** Connects an MCP client of `setup.era` to a chainbill-mcp server, the server's client on a fresh fake. */
export async function connect(setup: Setup = {}): Promise<Connected> {
  const fake = createFakeChainbill();
  const options = {
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    fetch: fake.fetch,
    maxRetries: 0,
    logLevel: 'off' as const,
    ...setup.client,
  };
  const timeout = setup.approvalTimeoutMs ?? 60_000;
  const loopback = loopbackPages(timeout, setup.now);
  open.push(() => loopback.close());
  const mcp = chainbillMcp({
    client: new Chainbill(options),
    apiKey: options.apiKey ?? fake.apiKey,
    tools: selectTools(setup.tools ?? 'read', setup.allowApprove ?? false),
    audit: setup.audit,
    approvalTimeoutMs: timeout,
    pages: loopback.pages,
  });
  const asked: Elicitation[] = [];
  const { person } = setup;
  const answer = async (params: Elicitation): Promise<Reply> => {
    asked.push(params);
    if (person === undefined) throw new Error('no person');
    return person(params);
  };
  const capabilities = person ? { elicitation: { form: {} } } : {};
  const era = setup.era ?? '2025';
  const info = { name: 'test-agent', version: '1.0.0' };
  if (era === '2026') {
    const handler = createMcpHandler(() => mcp.server());
    const client = new Client2026(info, {
      capabilities,
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    });
    if (person)
      client.setRequestHandler(
        'elicitation/create',
        async (request) => (await answer(request.params as Elicitation)) as never,
      );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    open.push(() => client.close());
    return {
      fake,
      mcp: client as unknown as Connected['mcp'],
      asked,
      call: async (name, args = {}) =>
        shapeOf((await client.callTool({ name, arguments: args })) as Record<string, unknown>),
    };
  }
  const client = new Client2025(info, { capabilities });
  if (person)
    client.setRequestHandler(
      ElicitRequestSchema,
      async (request) => await answer(request.params as Elicitation),
    );
  if (era === '2025') {
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await mcp.server().connect(serverSide);
    await client.connect(clientSide);
  } else {
    const handler = createMcpHandler(() => mcp.server());
    await client.connect(
      new HttpTransport2025(new URL('http://mcp.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
  }
  open.push(() => client.close());
  return {
    fake,
    mcp: client as unknown as Connected['mcp'],
    asked,
    call: async (name, args = {}) =>
      shapeOf((await client.callTool({ name, arguments: args })) as Record<string, unknown>),
  };
}

/** The requests the fake got, as `METHOD /path`. */
export const sent = (fake: FakeChainbill): string[] => fake.requests.map((r) => `${r.method} ${r.path}`);
