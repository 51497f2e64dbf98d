/**
 * The MCP server of `chainbill-mcp` on the official v2 SDK's `Server`: `tools/list` from the
 * catalog, `tools/call` through the client, approvals where the person is, an audit line per call
 * and before each write, the key taken out of everything that leaves (docs/mcp.md). One factory
 * builds a server per stdio connection or per HTTP request, over state they share.
 */
import { randomBytes } from 'node:crypto';
import {
  type CallToolResult,
  createRequestStateCodec,
  type InputRequiredResult,
  isInputRequiredResult,
  type RequestStateCodec,
  Server,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import type { Chainbill } from '../client.js';
import { keyRedactor } from '../internal/redact.js';
import { VERSION } from '../version.js';
import { errorSummary, summaryOf } from './answer.js';
import { runApproval } from './approval.js';
import type { ApprovalPages } from './approval-page.js';
import { askerFor } from './ask.js';
import type { AuditLog, AuditRecord } from './audit.js';
import { type CallContext, type CallNotes, callMethod, createMoney, inputOf } from './call.js';
import { ToolRefusal, toolError } from './errors.js';
import { allTools, type ChainbillTool, definitionOf } from './tools.js';

/** What every server of one process is built from. */
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
  /** The one-time approval pages, for clients that cannot show a form. */
  readonly pages: ApprovalPages;
  /** Told once when the audit log failed: the server refuses every call after it. */
  readonly onAuditFailure?: ((error: unknown) => void) | undefined;
}

/** Who calls, over `--http`: from the bearer token. */
export interface Caller {
  /** The token's subject. */
  readonly sub: string | null;
  /** The OAuth client it was issued to. */
  readonly clientId: string | null;
  /** The tools its scopes allow, among those offered. */
  readonly tools: ReadonlySet<string>;
}

const instructions = `Tools of the Chainbill stablecoin payments API, one per API operation.
List tools answer one page of compact records in structuredContent and a next_cursor (or next_offset): page on purpose, and ask only for the fields you need.
A failed call answers isError with { error: { type, code, param, requestId, message } }.
Money: creating a payout makes a draft and moves nothing. Approving one is the person's decision: each approval asks them, and answers either the outcome or a one-time URL to give them.`;

function hintFor(tool: ChainbillTool): string {
  if (tool.kind === 'approval') return '--allow-approve (each call then asks the person)';
  return tool.kind === 'write' ? '--tools write' : `--tools read (or a list naming ${tool.name})`;
}

function offeredTool(offered: ReadonlyMap<string, ChainbillTool>, name: string): ChainbillTool {
  const tool = offered.get(name);
  if (tool !== undefined) return tool;
  const known = allTools.find((candidate) => candidate.name === name);
  throw known === undefined
    ? new ToolRefusal('unknown_tool', `There is no tool ${JSON.stringify(name)}.`)
    : new ToolRefusal(
        'tool_not_offered',
        `${name} is not offered: chainbill-mcp was started without ${hintFor(known)}.`,
      );
}

/** The builder of servers for one process: their shared state, and a server per connection or request. */
export interface ChainbillMcp {
  /**
   * A server for one stdio connection or one HTTP request.
   *
   * @param caller - Over `--http`, who calls and which tools their token allows.
   * @returns The SDK's server, with `tools/list` and `tools/call` handled.
   */
  server(caller?: Caller): Server;
}

/**
 * Builds the servers' shared state: the tool definitions, the redactor, the approvals' state codec.
 *
 * @param setup - The client, the key, the tools, the audit log, the approval timeout and pages.
 * @returns The factory of servers.
 * @throws {Error} when a tool's schema cannot be written as JSON Schema (a bug of the SDK).
 */
export function chainbillMcp(setup: ServerSetup): ChainbillMcp {
  const redactor = keyRedactor(setup.apiKey);
  const redact = <T>(value: T): T => redactor.value(value) as T;
  const names = setup.tools.map((tool) => tool.name);
  const definitions = new Map(setup.tools.map((tool) => [tool.name, definitionOf(tool, names)]));
  const codec = createRequestStateCodec({
    key: randomBytes(32),
    ttlSeconds: Math.ceil(setup.approvalTimeoutMs / 1000),
    bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
  });
  let told = false;

  /** Writes an audit line; a failure fails this write and every later one. */
  const audit = async (record: AuditRecord): Promise<void> => {
    if (setup.audit === undefined) return;
    try {
      // Redacted as values, before JSON's escapes could hide a key with a `"` in it.
      await setup.audit.write(redact(record));
    } catch (failure) {
      if (!told) setup.onAuditFailure?.(failure);
      told = true;
      throw new ToolRefusal(
        'audit_failed',
        'The audit log cannot be written, so this server sends nothing more.',
      );
    }
  };

  const shared: Shared = { setup, redact, audit, codec, definitions };
  return { server: (caller) => buildServer(shared, caller) };
}

interface Shared {
  readonly setup: ServerSetup;
  readonly redact: <T>(value: T) => T;
  readonly audit: (record: AuditRecord) => Promise<void>;
  readonly codec: RequestStateCodec;
  readonly definitions: ReadonlyMap<string, ReturnType<typeof definitionOf>>;
}

function buildServer(shared: Shared, caller: Caller | undefined): Server {
  const { setup, redact, audit } = shared;
  const tools = setup.tools.filter((tool) => caller === undefined || caller.tools.has(tool.name));
  const offered = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'chainbill-mcp', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions,
      requestState: { verify: shared.codec.verify },
      inputRequired: { roundTimeoutMs: setup.approvalTimeoutMs },
    },
  );
  const who = caller === undefined ? {} : { sub: caller.sub, client_id: caller.clientId };

  // Our JSON Schema type is wider than the SDK's JSON value type; the values are JSON.
  server.setRequestHandler('tools/list', () => ({
    tools: tools.flatMap((tool) => shared.definitions.get(tool.name) ?? []) as unknown as Tool[],
  }));

  server.setRequestHandler(
    'tools/call',
    async (request, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const { name, arguments: args = {} } = request.params;
      const notes: CallNotes = {};
      const line = (outcome: AuditRecord['outcome'], extra: Partial<AuditRecord> = {}): AuditRecord => ({
        time: new Date().toISOString(),
        tool: name,
        arguments: args,
        outcome,
        requestId: notes.requestId ?? null,
        ...(notes.approval === undefined ? {} : { approval: notes.approval }),
        ...who,
        ...extra,
      });
      const context: CallContext = {
        client: setup.client,
        options: { signal: ctx.mcpReq.signal },
        notes,
        beforeWrite: () => audit(line('sending')),
      };
      let payload: Record<string, unknown>;
      let record: AuditRecord;
      let tool: ChainbillTool | undefined;
      try {
        if (setup.audit?.failed === true) await audit(line('error'));
        tool = offeredTool(offered, name);
        const value = await dispatch(shared, server, ctx, tool, args, context);
        if (isInputRequiredResult(value)) {
          await audit(line('awaiting_person'));
          return value;
        }
        payload = value;
        const awaiting =
          (payload['approval'] as { status?: unknown } | undefined)?.status === 'awaiting_person';
        record = line(awaiting ? 'awaiting_person' : 'ok');
      } catch (caught) {
        const error = toolError(caught);
        payload = { error, ...(notes.preview === undefined ? {} : { preview: notes.preview }) };
        record = line('error', { requestId: error.requestId, error });
      }
      try {
        await audit(record);
      } catch (failure) {
        const outcome = record.outcome === 'error' ? 'failed' : `succeeded (request id ${record.requestId})`;
        const refusal = toolError(failure);
        refusal.message = `The call ${outcome}, but its audit line could not be written; this server answers no further call.`;
        return answer({ error: refusal }, true, tool, redact);
      }
      return answer(payload, record.outcome === 'error', tool, redact);
    },
  );
  return server;
}

async function dispatch(
  shared: Shared,
  server: Server,
  ctx: ServerContext,
  tool: ChainbillTool,
  args: Record<string, unknown>,
  context: CallContext,
): Promise<Record<string, unknown> | InputRequiredResult> {
  const input = inputOf(tool.entry, args);
  if (tool.kind === 'approval') {
    const ask = askerFor({
      server,
      ctx,
      codec: shared.codec,
      timeoutMs: shared.setup.approvalTimeoutMs,
      pages: shared.setup.pages,
      pageActions: (send) => pageActions(shared, context, send),
    });
    const value = await runApproval(tool, input, context, ask);
    return isInputRequiredResult(value) ? value : (value as Record<string, unknown>);
  }
  const value = tool.entry.movesMoney
    ? await createMoney(tool, input, context)
    : await callMethod(tool, input, context);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { result: value };
}

/** What the person's answer on a page does: each writes its audit line, the approval before it is sent. */
function pageActions(shared: Shared, context: CallContext, send: () => Promise<unknown>) {
  const base = (
    outcome: AuditRecord['outcome'],
    answer: 'accept' | 'decline',
    extra: Partial<AuditRecord> = {},
  ) => ({
    time: new Date().toISOString(),
    tool: 'approval page',
    arguments: {},
    outcome,
    requestId: null,
    approval: { ...context.notes.approval, answer, via: 'page' as const },
    ...extra,
  });
  return {
    approve: async () => {
      try {
        const payout = await send();
        await shared.audit(base('ok', 'accept', { requestId: context.notes.requestId ?? null }));
        return shared.redact(payout);
      } catch (error) {
        await shared.audit(base('error', 'accept', { error: toolError(error) })).catch(() => undefined);
        throw error;
      }
    },
    deny: () => shared.audit(base('error', 'decline')),
  };
}

function answer(
  payload: Record<string, unknown>,
  isError: boolean,
  tool: ChainbillTool | undefined,
  redact: <T>(value: T) => T,
): CallToolResult {
  // Redacted as values before any text is made of them: no escape can hide a key.
  const clean = redact(payload);
  const text =
    isError || tool === undefined
      ? errorSummary(clean['error'] as ReturnType<typeof toolError>)
      : summaryOf(tool.entry, clean);
  return {
    content: [{ type: 'text', text }],
    structuredContent: clean,
    ...(isError ? { isError: true } : {}),
  };
}
