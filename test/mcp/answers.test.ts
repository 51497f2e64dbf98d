/**
 * Answers an agent can afford: compact records, `fields`, `structuredContent` that matches the
 * tool's `outputSchema` (the v2 client checks it), a short text, descriptions without the SDK's
 * words, the SDK's own codes in refusals, and never a byte of the key, even one holding `"` or `\`.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/catalog/catalog.js';
import { jargon } from '../../src/mcp/describe.js';
import { connect } from './harness.js';

/** payouts_list { limit: 100 } over 100 drafts with descriptions answered 127 558 bytes before. */
const bytesBefore = 127_558;

describe('payouts_list', () => {
  it('over 100 drafts with descriptions answers at most a quarter of the bytes it used to', async () => {
    const { call, fake } = await connect({ era: '2026' });
    for (let i = 0; i < 100; i += 1)
      fake.seed.payout({
        status: 'draft',
        amount: 100 + i,
        description: `Invoice INV-${2000 + i} for March consulting, net 30`,
      });
    const answer = await call('payouts_list', { limit: 100 });
    const bytes = Buffer.byteLength(JSON.stringify(answer.raw));
    expect(bytes).toBeLessThanOrEqual(bytesBefore / 4);
    const records = answer.json['data'] as Record<string, unknown>[];
    expect(records).toHaveLength(100);
    // The resource's important fields, nulls dropped; the text is a summary, not a copy.
    expect(Object.keys(records[0] ?? {})).toEqual(
      expect.arrayContaining(['id', 'status', 'amount', 'token', 'recipient_address']),
    );
    expect(Object.values(records[0] ?? {})).not.toContain(null);
    expect(records[0]).not.toHaveProperty('org_id');
    expect(answer.text.length).toBeLessThan(200);
  });

  it('keeps the fields asked for, or every field with ["*"]; a bad list is refused naming fields', async () => {
    const { call, fake } = await connect({ era: '2026' });
    fake.seed.payout({ status: 'draft', amount: 5 });
    const some = await call('payouts_list', { fields: ['amount', 'org_id'] });
    expect(Object.keys((some.json['data'] as object[])[0] ?? {})).toEqual(['id', 'amount', 'org_id']);
    const all = await call('payouts_list', { fields: ['*'] });
    expect((all.json['data'] as object[])[0]).toHaveProperty('updated_at');
    const bad = await call('payouts_list', { fields: 'amount' });
    expect(bad.json['error']).toMatchObject({ type: 'RequestValidationError', param: 'fields' });
  });
});

describe('tools/list', () => {
  it('describes each tool for an agent: what it does, what it costs, no SDK or docs jargon', async () => {
    const { mcp } = await connect({ era: '2026', tools: 'write', allowApprove: true });
    const { tools } = await mcp.listTools();
    expect(tools).toHaveLength(catalog.length);
    for (const tool of tools) {
      const texts = [
        tool.description ?? '',
        ...Object.values(tool.inputSchema.properties ?? {}).map((field) =>
          String((field as { description?: unknown }).description ?? ''),
        ),
      ];
      for (const text of texts)
        for (const word of jargon) expect(text, `${tool.name}: ${text}`).not.toMatch(word);
      expect(tool.description, tool.name).toMatch(/Cost:/);
      expect(tool.outputSchema?.['type'], tool.name).toBe('object');
    }
  });

  it.each(['2026', '2025'] as const)(
    'structuredContent matches each outputSchema (%s client)',
    async (era) => {
      const { call, fake } = await connect({ era, tools: 'write' });
      fake.seed.payout({ status: 'draft', amount: 5 });
      // The v2 client validates structuredContent against outputSchema and throws on a mismatch.
      for (const [tool, args] of [
        ['payouts_list', {}],
        ['customers_list', {}],
        [
          'payouts_create',
          {
            recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
            chain: 'tron',
            token: 'USDT',
            amount: 1,
            currency: 'USD',
          },
        ],
        ['customers_create', { email: 'ada@example.com' }],
      ] as const) {
        const answer = await call(tool, args);
        expect(answer.isError, `${tool}: ${answer.text}`).toBe(false);
      }
    },
  );
});

describe('refusals', () => {
  it('carry the SDK own codes, never a code of the schema library', async () => {
    const { call } = await connect({ tools: 'write' });
    const payout = {
      recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKm',
      chain: 'tron',
      token: 'USDT',
      amount: 1,
      currency: 'USD',
    };
    const address = await call('payouts_create', payout);
    expect(address.json['error']).toMatchObject({ code: 'invalid_address', param: 'recipient_address' });
    const decimals = await call('payouts_create', {
      ...payout,
      recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
      amount: 1.0000001,
    });
    expect(decimals.json['error']).toMatchObject({ code: 'invalid_amount', param: 'amount' });
    const unknown = await call('payouts_list', { colour: 'red' });
    expect(unknown.json['error']).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    for (const answer of [address, decimals, unknown])
      expect(['custom', 'too_big', 'invalid_type', 'unrecognized_keys']).not.toContain(
        (answer.json['error'] as { code: string }).code,
      );
  });
});

describe('the key', () => {
  it.each(['sk_test_quote"Wv\\RkLpMnXtGh7Jy', 'sk_test_back\\slash\\Wv"RkLp'])(
    'holding " or \\ (%s) reaches neither the text nor the structured answer',
    async (apiKey) => {
      const echo: typeof fetch = async (input, init) =>
        new Response(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'bad',
              param: null,
              message: `bad key ${(input instanceof Request ? input.headers : new Headers(init?.headers)).get('authorization')}`,
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      const { call } = await connect({
        client: { apiKey, baseUrl: 'https://api.chainbill.example/v1', fetch: echo },
      });
      const answer = await call('payouts_list');
      // A record the API answers with the key in it (an agent wrote it into a name): the client
      // checks only error text, so the server's own redaction is all that stands between.
      const record = async (input: RequestInfo | URL) => {
        const auth = (input instanceof Request ? input.headers : new Headers()).get('authorization') ?? '';
        return Response.json(
          {
            id: 'cus_1',
            org_id: 'org_1',
            email: 'ada@example.com',
            name: auth.slice('Bearer '.length),
            external_id: null,
            metadata: {},
            environment: 'sandbox',
            created_at: '2026-06-01T09:00:00Z',
            updated_at: '2026-06-01T09:00:00Z',
          },
          { status: 201 },
        );
      };
      const writer = await connect({
        tools: 'write',
        client: { apiKey, baseUrl: 'https://api.chainbill.example/v1', fetch: record as typeof fetch },
      });
      const created = await writer.call('customers_create', { email: 'ada@example.com' });
      expect(created.isError, created.text).toBe(false);
      expect(JSON.stringify(created.raw)).not.toContain(apiKey.slice('sk_test_'.length + 4));
      expect(created.json['name']).toBe('sk_test_***');
      const wire = JSON.stringify(answer.raw);
      const tail = apiKey.slice('sk_test_'.length + 4);
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/sk_test_\*\*\*/);
      expect(answer.text).not.toContain(tail);
      expect(wire).not.toContain(JSON.stringify(tail).slice(1, -1));
      expect(wire).not.toContain(tail);
    },
  );
});
