/**
 * The MCP server of `chainbill-mcp` on the official SDK's `Server`: `tools/list` from the catalog,
 * `tools/call` through the client, approvals through elicitation, an audit line per call, and the
 * key taken out of everything that leaves (docs/mcp.md). Its transport is the caller's: stdio in
 * the bin, in memory in tests.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { Chainbill } from '../client.js';
import { keyRedactor } from '../internal/redact.js';
import { VERSION } from '../version.js';
import { type Ask, runApproval } from './approval.js';
import type { AuditLog, AuditRecord } from './audit.js';
import { type CallContext, type CallNotes, callMethod, createMoney, inputOf } from './call.js';
import { ToolRefusal, toolError } from './errors.js';
import { allTools, type ChainbillTool, definitionOf } from './tools.js';

/** What a server is built from. */
export interface ServerSetup {
  /** The client every tool calls through (its key, base URL and payout policy). */
  readonly client: Chainbill;
  /** The key, taken out of every answer and audit line. */
  readonly apiKey: string;
  /** The tools to offer. */
  readonly tools: readonly ChainbillTool[];
  /** Where each call is recorded, if anywhere. */
  readonly audit?: AuditLog | undefined;
  /** How long an approval waits for the person, in milliseconds. */
  readonly approvalTimeoutMs: number;
  /** Told when the audit log failed: the server refuses every call after it. */
  readonly onAuditFailure?: ((error: unknown) => void) | undefined;
}

const instructions = `Tools of the Chainbill stablecoin payments API, one per API operation.
List tools answer one page and a next_cursor (or next_offset): page on purpose, never all at once.
A failed call answers isError with { error: { type, code, param, requestId, message } }.
Money: creating a payout makes a draft and moves nothing. Approving one is the person's decision:
a tool that approves is offered only when the person allowed it, and each call asks them in this
client, showing the payout as the API has it.`;

// One boolean the person must tick: an accept without it, or with `false`, approves nothing.
const requestedSchema = {
  type: 'object' as const,
  properties: {
    approve: {
      type: 'boolean' as const,
      title: 'Approve',
      description: 'Send exactly what is shown above.',
      default: false,
    },
  },
  required: ['approve'],
};

function hintFor(tool: ChainbillTool): string {
  if (tool.kind === 'approval') return '--allow-approve (each call then asks the person)';
  return tool.kind === 'write' ? '--tools write' : `--tools read (or a list naming ${tool.name})`;
}

function answer(payload: Record<string, unknown>, isError: boolean): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(payload) }],
    structuredContent: payload,
    ...(isError ? { isError: true } : {}),
  };
}

/** Asks the person through the client's elicitation, within the approval timeout. */
function askerFor(server: Server, timeoutMs: number, requestId: string | number): Ask {
  return async (message, signal) => {
    if (server.getClientCapabilities()?.elicitation?.form === undefined) return 'unsupported';
    try {
      const result = await server.elicitInput(
        { mode: 'form', message, requestedSchema },
        { timeout: timeoutMs, relatedRequestId: requestId, ...(signal && { signal }) },
      );
      if (result.action !== 'accept') return result.action;
      return result.content?.['approve'] === true ? 'accept' : 'decline';
    } catch (error) {
      const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
      return timedOut && !signal?.aborted ? 'timeout' : 'failed';
    }
  };
}

/** Runs a call of an offered tool; a tool not offered, or unknown, is refused with what would offer it. */
async function dispatch(
  offered: ReadonlyMap<string, ChainbillTool>,
  name: string,
  args: Record<string, unknown>,
  context: CallContext,
  ask: Ask,
): Promise<Record<string, unknown>> {
  const tool = offered.get(name);
  if (tool === undefined) {
    const known = allTools.find((candidate) => candidate.name === name);
    throw known === undefined
      ? new ToolRefusal('unknown_tool', `There is no tool ${JSON.stringify(name)}.`)
      : new ToolRefusal(
          'tool_not_offered',
          `${name} is not offered: chainbill-mcp was started without ${hintFor(known)}.`,
        );
  }
  const input = inputOf(tool.entry, args);
  const value =
    tool.kind === 'approval'
      ? await runApproval(tool, input, context, ask)
      : tool.entry.movesMoney
        ? await createMoney(tool, input, context)
        : await callMethod(tool, input, context);
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { result: value }
  ) as Record<string, unknown>;
}

/**
 * Builds the server. Connect it to a transport (`server.connect(transport)`) to serve.
 *
 * @param setup - The client, the key, the tools, the audit log and the approval timeout.
 * @returns The SDK's server, with `tools/list` and `tools/call` handled.
 * @throws {Error} when a tool's input schema cannot be written as JSON Schema (a bug of the SDK).
 */
export function createChainbillMcpServer(setup: ServerSetup): Server {
  const server = new Server(
    { name: 'chainbill-mcp', version: VERSION },
    { capabilities: { tools: {} }, instructions },
  );
  const offered = new Map(setup.tools.map((tool) => [tool.name, tool]));
  const definitions = setup.tools.map(definitionOf);
  const redactor = keyRedactor(setup.apiKey);
  const redact = <T>(value: T): T => redactor.value(value) as T;
  let auditFailed = false;

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const notes: CallNotes = {};
    const context: CallContext = { client: setup.client, options: { signal: extra.signal }, notes };
    let payload: Record<string, unknown>;
    let record: AuditRecord;
    try {
      if (auditFailed)
        throw new ToolRefusal(
          'audit_failed',
          'The audit log cannot be written, so this server answers no call.',
        );
      payload = await dispatch(
        offered,
        name,
        args,
        context,
        askerFor(server, setup.approvalTimeoutMs, extra.requestId),
      );
      record = { time: '', tool: name, arguments: args, outcome: 'ok', requestId: notes.requestId ?? null };
    } catch (caught) {
      const error = toolError(caught);
      payload = { error, ...(notes.preview === undefined ? {} : { preview: notes.preview }) };
      record = { time: '', tool: name, arguments: args, outcome: 'error', requestId: error.requestId, error };
    }
    record.time = new Date().toISOString();
    if (notes.approval !== undefined) record.approval = notes.approval;
    if (setup.audit !== undefined && !auditFailed) {
      try {
        // Redacted as values, before JSON's escapes could hide a key with a `"` in it.
        await setup.audit.write(redact(record));
      } catch (failure) {
        auditFailed = true;
        setup.onAuditFailure?.(failure);
        const outcome = record.outcome === 'ok' ? `succeeded (request id ${record.requestId})` : 'failed';
        const refusal = new ToolRefusal(
          'audit_failed',
          `The call ${outcome}, but the audit log could not be written; this server answers no further call.`,
        );
        return redact(answer({ error: toolError(refusal), call: payload }, true));
      }
    }
    return redact(answer(payload, record.outcome === 'error'));
  });
  return server;
}
