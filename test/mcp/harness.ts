import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { Chainbill, type ClientOptions } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { afterEach } from 'vitest';
import type { AuditLog } from '../../src/mcp/audit.js';
import { selectTools } from '../../src/mcp/options.js';
import { createChainbillMcpServer } from '../../src/mcp/server.js';

/** How a test's MCP client and server are set up: the flags, and how the person answers. */
export interface Setup {
  /** `--tools`; default `read`. */
  tools?: string;
  /** `--allow-approve`. */
  allowApprove?: boolean;
  /** The person: answers each elicitation. Without it, the client has no elicitation capability. */
  person?: (request: ElicitRequest) => ElicitResult | Promise<ElicitResult>;
  /** The audit log. */
  audit?: AuditLog;
  /** How long an approval waits, in ms (default 60 000). */
  approvalTimeoutMs?: number;
  /** Options of the client the tools call through; it talks to `fake` unless `baseUrl` and `apiKey` say otherwise. */
  client?: ClientOptions;
}

/** A connected pair: the SDK's own `Client` and a chainbill-mcp server, over an in-memory transport. */
export interface Connected {
  fake: FakeChainbill;
  mcp: Client;
  /** Every elicitation the person was sent. */
  asked: ElicitRequest['params'][];
  /** Calls a tool; the answer's JSON payload and whether it is an error. */
  call: (
    name: string,
    args?: Record<string, unknown>,
  ) => Promise<{ isError: boolean; json: Record<string, unknown>; text: string }>;
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/**
 * Connects the SDK's `Client` to a chainbill-mcp server over an in-memory transport, the server's
 * client on a fresh fake.
 */
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
  const server = createChainbillMcpServer({
    client: new Chainbill(options),
    apiKey: options.apiKey ?? fake.apiKey,
    tools: selectTools(setup.tools ?? 'read', setup.allowApprove ?? false),
    audit: setup.audit,
    approvalTimeoutMs: setup.approvalTimeoutMs ?? 60_000,
  });
  const asked: ElicitRequest['params'][] = [];
  const mcp = new Client(
    { name: 'test-agent', version: '1.0.0' },
    { capabilities: setup.person ? { elicitation: { form: {} } } : {} },
  );
  const { person } = setup;
  if (person)
    mcp.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return person(request);
    });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await mcp.connect(clientSide);
  open.push(mcp);
  return {
    fake,
    mcp,
    asked,
    call: async (name, args = {}) => {
      const result = await mcp.callTool({ name, arguments: args });
      const content = result.content as { type: string; text: string }[];
      const text = content[0]?.text ?? '';
      return { isError: result.isError === true, json: JSON.parse(text), text };
    },
  };
}

/** The requests the fake got, as `METHOD /path`. */
export const sent = (fake: FakeChainbill): string[] => fake.requests.map((r) => `${r.method} ${r.path}`);
