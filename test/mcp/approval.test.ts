/**
 * Approving a payout through chainbill-mcp: offered only with --allow-approve, and then only the
 * person's explicit yes, asked through MCP elicitation, approves, and only the draft they saw.
 */
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { selectTools, UsageError } from '../../src/mcp/options.js';
import { connect, sent } from './harness.js';

const recipient = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';
const yes: ElicitResult = { action: 'accept', content: { approve: true } };

/** Two drafts: the one to approve, and another the approval must leave alone. */
async function withDrafts(setup: Parameters<typeof connect>[0]) {
  const connected = await connect({ allowApprove: true, ...setup });
  const draft = connected.fake.seed.payout({
    status: 'draft',
    amount: 250,
    token: 'USDT',
    chain: 'tron',
    recipient_address: recipient,
  });
  const other = connected.fake.seed.payout({ status: 'draft', amount: 9 });
  const statusOf = async (id: string) => {
    const { json } = await connected.call('payouts_list', { limit: 100 });
    return (json['data'] as { id: string; status: string }[]).find((p) => p.id === id)?.status;
  };
  return { ...connected, draft, other, statusOf };
}

const patches = (requests: string[]): string[] => requests.filter((r) => r.startsWith('PATCH'));

describe('payouts_approve is offered', () => {
  it('not without --allow-approve, and naming it in --tools without it is a usage error', async () => {
    const { mcp } = await connect({ tools: 'write' });
    const names = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('payouts_create');
    expect(names).not.toContain('payouts_approve');
    expect(names).not.toContain('payouts_update');
    expect(() => selectTools('payouts_approve', false)).toThrow(UsageError);
    expect(() => selectTools('write,payouts_update', false)).toThrow(/--allow-approve/);
  });

  it('with --allow-approve, as a destructive tool that says it asks the person', async () => {
    const { mcp } = await connect({ allowApprove: true });
    const approve = (await mcp.listTools()).tools.find((tool) => tool.name === 'payouts_approve');
    expect(approve?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(approve?.description).toMatch(/person/);
  });
});

describe('an approval', () => {
  it('accepted approves exactly that draft, after showing its amount, token, chain and recipient from the API', async () => {
    const { call, asked, draft, other, statusOf, fake } = await withDrafts({ person: () => yes });
    const answer = await call('payouts_approve', { id: draft.id });
    expect(answer.isError).toBe(false);
    expect(answer.json).toMatchObject({ id: draft.id, status: 'approved' });
    expect(asked).toHaveLength(1);
    const message = asked[0]?.message ?? '';
    expect(message).toContain(draft.id);
    expect(message).toMatch(/amount\s+250\b/);
    expect(message).toMatch(/token\s+"USDT"/);
    expect(message).toMatch(/chain\s+"tron"/);
    expect(message).toContain(recipient);
    expect(patches(fake.requests.map((r) => `${r.method} ${r.path}`))).toEqual([
      `PATCH /payouts/${draft.id}`,
    ]);
    expect(await statusOf(draft.id)).toBe('approved');
    expect(await statusOf(other.id)).toBe('draft');
  });

  it.each([
    ['declined', { action: 'decline' } as ElicitResult, /declined/],
    ['dismissed', { action: 'cancel' } as ElicitResult, /dismissed/],
    [
      'accepted with approve: false',
      { action: 'accept', content: { approve: false } } as ElicitResult,
      /declined/,
    ],
  ])('%s approves nothing and answers why', async (_, reply, why) => {
    const { call, draft, statusOf, fake } = await withDrafts({ person: () => reply });
    const answer = await call('payouts_approve', { id: draft.id });
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({
      type: 'ToolRefusal',
      code: 'not_approved',
      message: expect.stringMatching(why),
    });
    expect(patches(sent(fake))).toEqual([]);
    expect(await statusOf(draft.id)).toBe('draft');
  });

  it('from a client without elicitation approves nothing, and says the client cannot ask', async () => {
    const { call, draft, statusOf, fake } = await withDrafts({});
    const answer = await call('payouts_approve', { id: draft.id });
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({
      code: 'not_approved',
      message: expect.stringMatching(/elicitation/),
    });
    expect(patches(sent(fake))).toEqual([]);
    expect(await statusOf(draft.id)).toBe('draft');
  });

  it('unanswered within the approval timeout approves nothing', async () => {
    const never = new Promise<ElicitResult>(() => undefined);
    const { call, draft, fake } = await withDrafts({ person: () => never, approvalTimeoutMs: 1 });
    const answer = await call('payouts_approve', { id: draft.id });
    expect(answer.json['error']).toMatchObject({
      code: 'not_approved',
      message: expect.stringMatching(/in time/),
    });
    expect(patches(sent(fake))).toEqual([]);
  });

  it('whose arguments name another amount is refused before anyone is asked; the person only ever sees the API', async () => {
    const { call, asked, draft, statusOf, fake } = await withDrafts({ person: () => yes });
    const answer = await call('payouts_approve', { id: draft.id, amount: 1 });
    expect(answer.json['error']).toMatchObject({ type: 'RequestValidationError', param: 'amount' });
    expect(asked).toHaveLength(0);
    expect(patches(sent(fake))).toEqual([]);
    // A description written to mislead is shown as what it is, beside the real amount.
    const misleading = fake.seed.payout({ status: 'draft', amount: 4000, description: 'amount: 1 USDT' });
    await call('payouts_approve', { id: misleading.id });
    expect(asked[0]?.message).toMatch(/amount\s+4000\b/);
    expect(await statusOf(draft.id)).toBe('draft');
  });

  it('of a payout that is not a draft, or not there, asks nobody and sends nothing', async () => {
    const { call, asked, fake } = await withDrafts({ person: () => yes });
    const settled = fake.seed.payout({ status: 'settled' });
    for (const id of [settled.id, 'po_nosuchpayout']) {
      const answer = await call('payouts_approve', { id });
      expect(answer.json['error']).toMatchObject({ code: 'not_found', param: 'id' });
    }
    const badId = await call('payouts_approve', { id: 'sub_123' });
    expect(badId.json['error']).toMatchObject({ type: 'RequestValidationError', param: 'id' });
    expect(asked).toHaveLength(0);
    expect(patches(sent(fake))).toEqual([]);
  });

  it('through payouts_update with status approved goes through the same question', async () => {
    const replies: ElicitResult[] = [{ action: 'decline' }, yes];
    const { call, asked, draft, statusOf } = await withDrafts({
      person: () => replies.shift() ?? { action: 'cancel' },
    });
    const declined = await call('payouts_update', { id: draft.id, status: 'approved' });
    expect(declined.json['error']).toMatchObject({ code: 'not_approved' });
    expect(await statusOf(draft.id)).toBe('draft');
    const accepted = await call('payouts_update', { id: draft.id, status: 'approved' });
    expect(accepted.json).toMatchObject({ status: 'approved' });
    expect(asked.map((request) => request.message)).toEqual([
      expect.stringContaining('status = "approved"'),
      expect.stringContaining('status = "approved"'),
    ]);
  });
});
