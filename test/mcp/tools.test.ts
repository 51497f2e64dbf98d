/**
 * chainbill-mcp's tools, through the MCP SDK's own `Client` over an in-memory transport: one tool
 * per catalog entry, read-only by default, lists one page at a time, errors without the key.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/catalog/catalog.js';
import { inputJsonSchema } from '../../src/catalog/json-schema.js';
import { selectTools, UsageError } from '../../src/mcp/options.js';
import { libraryInputs } from '../helpers.js';
import { useLoopback } from '../loopback.js';
import { rows, validId, validParams } from '../property-rows.js';
import { connect, sent } from './harness.js';

const ajv = addFormats.default(new Ajv({ strict: true, allErrors: true }));
const asJson = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value ?? {}));
const loopback = useLoopback();
/** A tool's name, written out here: the resource path and method in snake case. */
const nameOf = (entry: (typeof catalog)[number]): string =>
  [...entry.resource, entry.method]
    .map((word) => word.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`))
    .join('_');

describe('tools/list', () => {
  it('with every tool offered, is the catalog: a tool per entry, its schema, its annotations', async () => {
    const { mcp } = await connect({ tools: 'write', allowApprove: true });
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(catalog.map(nameOf));
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'payouts_list',
        'payouts_create',
        'payouts_settlements_list',
        'revenue_events_list',
      ]),
    );
    catalog.forEach((entry, i) => {
      const tool = tools[i];
      const schema = inputJsonSchema(entry);
      expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual([
        ...Object.keys(schema.properties),
        ...(entry.paging === 'none' ? [] : ['fields']),
      ]);
      expect(tool?.inputSchema.required).toEqual(schema.required);
      expect(tool?.outputSchema).toMatchObject({ type: 'object' });
      expect(tool?.annotations).toEqual({
        readOnlyHint: entry.effect === 'read',
        destructiveHint: entry.effect === 'destructive',
        idempotentHint: entry.idempotent,
        openWorldHint: true,
      });
    });
  });

  it.each(catalog.map((entry, i) => [entry.name, i] as const))(
    '%s: the listed input schema accepts the params the SDK accepts',
    async (name, i) => {
      const { mcp } = await connect({ tools: 'write', allowApprove: true });
      const schema = (await mcp.listTools()).tools[i]?.inputSchema;
      const row = rows.find((r) => r.name === name);
      const entry = catalog[i];
      if (row === undefined || entry === undefined) throw new Error(`no row for ${name}`);
      const validate = ajv.compile(schema ?? {});
      fc.assert(
        fc.property(validId(row), validParams(row), (id, params) => {
          const input = { ...(entry.idPrefix ? { id } : {}), ...(entry.takesParams ? asJson(params) : {}) };
          expect(validate(input), JSON.stringify(validate.errors)).toBe(true);
        }),
        { numRuns: 10 },
      );
    },
  );

  it('by default offers the read tools only, and a write is refused with nothing sent', async () => {
    const { mcp, call, fake } = await connect();
    const { tools } = await mcp.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.map((tool) => tool.name)).toEqual(
      catalog.filter((entry) => entry.effect === 'read').map(nameOf),
    );
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(tools.map((tool) => tool.name)).not.toContain('payouts_create');
    const refused = await call('payouts_create', {
      recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
      chain: 'tron',
      token: 'USDT',
      amount: 12.5,
      currency: 'USD',
    });
    expect(refused.isError).toBe(true);
    expect(refused.json['error']).toMatchObject({ type: 'ToolRefusal', code: 'tool_not_offered' });
    expect(String((refused.json['error'] as { message: string }).message)).toMatch(/--tools write/);
    expect(fake.requests).toHaveLength(0);
  });

  it('--tools takes a list of names, read and write among them; an unknown name is a usage error', async () => {
    expect(selectTools('payouts_list,payouts_create', false).map((t) => t.name)).toEqual([
      'payouts_create',
      'payouts_list',
    ]);
    expect(selectTools('read,payouts_cancel', false).map((t) => t.name)).toContain('payouts_cancel');
    expect(() => selectTools('payouts_lst', false)).toThrow(UsageError);
    expect(() => selectTools('payouts_lst', false)).toThrow(/payouts_list/);
    const { mcp } = await connect({ tools: 'revenue_events_list' });
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual(['revenue_events_list']);
  });
});

describe('list tools', () => {
  it('answer one page and its next_cursor, which the next call passes back', async () => {
    const { call, fake } = await connect();
    for (let i = 0; i < 3; i += 1) fake.seed.payout({ amount: 10 + i });
    const first = await call('payouts_list', { limit: 2 });
    expect(first.isError).toBe(false);
    expect(first.json).toMatchObject({ has_more: true });
    expect(first.json['data']).toHaveLength(2);
    const second = await call('payouts_list', { limit: 2, cursor: first.json['next_cursor'] });
    expect(second.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.json['data']).toHaveLength(1);
    expect(sent(fake)).toEqual(['GET /payouts', 'GET /payouts']);
  });

  it('an offset list answers its next_offset', async () => {
    const { call, fake } = await connect();
    for (let i = 0; i < 3; i += 1) fake.seed.customer({ email: `c${i}@example.com` });
    const first = await call('customers_list', { limit: 2 });
    expect(first.json).toMatchObject({ has_more: true, next_offset: 2 });
    const last = await call('customers_list', { limit: 2, offset: 2 });
    expect(last.json).toMatchObject({ has_more: false, next_offset: null });
  });

  it('refuse a limit over 100 before sending, naming it', async () => {
    const { call, fake } = await connect();
    const refused = await call('payouts_list', { limit: 101 });
    expect(refused.isError).toBe(true);
    expect(refused.json['error']).toEqual({
      type: 'RequestValidationError',
      code: 'parameter_invalid',
      param: 'limit',
      requestId: null,
      message: expect.stringMatching(/limit/),
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('hostile arguments', () => {
  it('are refused before anything is sent, naming the argument', async () => {
    const { call, fake } = await connect({ tools: 'write', allowApprove: true });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 5000; i += 1) deep = { deep };
    const cases: [string, Record<string, unknown>, string][] = [
      ['payouts_list', { status: deep }, 'status'],
      ['payouts_list', { due_date_after: '+275760-09-13T00:00:00.001Z' }, 'due_date_after'],
      [
        'payouts_create',
        { recipient_address: 'T\ud800', chain: 'tron', token: 'USDT', amount: 1, currency: 'USD' },
        'recipient_address',
      ],
      ['payouts_cancel', { id: { toString: 'po_1' } }, 'id'],
      ['payouts_approve', { id: 'po_1/../po_2' }, 'id'],
    ];
    for (const [tool, args, param] of cases) {
      const answer = await call(tool, args);
      expect(answer.isError, `${tool} ${param}`).toBe(true);
      expect(answer.json['error'], tool).toMatchObject({ type: 'RequestValidationError', param });
    }
    expect(fake.requests).toHaveLength(0);
    // The MCP SDK drops a `"__proto__"` key as it reads the request: nothing of it is sent.
    const listed = await call('payouts_list', JSON.parse('{"__proto__": {"limit": 5, "status": "draft"}}'));
    expect(listed.isError).toBe(false);
    expect(fake.requests.map((request) => request.query)).toEqual([{}]);
  });
});

describe('errors', () => {
  it('carry type, code, param, requestId and message, never a stack', async () => {
    const { call } = await connect({ tools: 'write' });
    const missing = await call('payouts_cancel', { id: 'po_doesnotexist' });
    expect(missing.isError).toBe(true);
    expect(missing.json['error']).toMatchObject({ type: expect.any(String), status: 404 });
    expect((missing.json['error'] as { requestId: unknown }).requestId).toEqual(expect.any(String));
    expect(Object.keys(missing.json['error'] as object).sort()).toEqual(
      ['code', 'message', 'param', 'requestId', 'status', 'type'].sort(),
    );
    expect(missing.text).not.toMatch(/\bat .+:\d+:\d+/);
    const unknown = await call('payouts_teleport');
    expect(unknown.json['error']).toMatchObject({ type: 'ToolRefusal', code: 'unknown_tool' });
  });

  it('never show the key a server echoes into an error', async () => {
    const apiKey = 'sk_test_mcp_echo_4b1d9e';
    const api = await loopback((req, res) => {
      res.writeHead(400, {
        'content-type': 'application/json',
        'x-request-id': `req_${req.headers.authorization}`,
      });
      res.end(
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            code: 'bad',
            param: 'limit',
            message: `bad key ${req.headers.authorization}`,
          },
        }),
      );
    });
    const { call } = await connect({ client: { apiKey, baseUrl: api.url, fetch: globalThis.fetch } });
    const answer = await call('payouts_list');
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({ type: 'invalid_request_error', param: 'limit' });
    expect(answer.text).toMatch(/sk_test_/);
    expect(answer.text).not.toContain(apiKey);
    expect(answer.text).not.toContain('mcp_echo');
  });
});

describe('the library', () => {
  it('`import "chainbill"` reaches nothing of the MCP server or the MCP SDK', async () => {
    const inputs = await libraryInputs();
    expect(inputs.some((file) => file.endsWith('src/client.ts'))).toBe(true);
    expect(inputs.filter((file) => /src\/mcp\/|@modelcontextprotocol/.test(file))).toEqual([]);
  });
});
