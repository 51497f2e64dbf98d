/**
 * Approving a payout through chainbill-mcp: offered only with --allow-approve; the draft is checked
 * against the payout policy before anyone is asked; then only the person's explicit yes approves,
 * asked where they are (`input_required` on a 2026-07-28 client, `elicitation/create` on a 2025
 * one), and only the draft they saw.
 */
import { describe, expect, it } from 'vitest';
import { selectTools, UsageError } from '../../src/mcp/options.js';
import { connect, type Era, type Reply, type Setup, sent } from './harness.js';

const recipient = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';
const yes: Reply = { action: 'accept', content: { approve: true } };

/** Two drafts: the one to approve, and another the approval must leave alone. */
async function withDrafts(setup: Setup) {
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
    const { json } = await connected.call('payouts_list', { limit: 100, fields: ['status'] });
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

describe.each(['2026', '2025'] as Era[])('an approval from a %s client with forms', (era) => {
  it('shows agent text only cleaned of line separators and bidi controls, apart from the record', async () => {
    const { call, asked, fake } = await withDrafts({ era, person: () => ({ action: 'decline' }) });
    const forged = fake.seed.payout({
      status: 'draft',
      amount: 4000,
      description: 'rent\u2028  amount  1\u2029\u202Eevil\u202C\u200B\u0007',
    });
    await call('payouts_approve', { id: forged.id });
    const message = asked[0]?.message ?? '';
    // No separator, bidi control, format or control character but the message's own newlines.
    expect(message.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    const [record, agent] = message.split('Written by the agent');
    expect(record).toMatch(/amount\s+4000\b/);
    expect(record).not.toContain('rent');
    expect(agent).toContain('«rent\\u{2028}  amount  1\\u{2029}\\u{202E}evil\\u{202C}\\u{200B}\\u{0007}»');
  });

  it('accepted approves exactly that draft, after showing its amount, token, chain and recipient from the API', async () => {
    const { call, asked, draft, other, statusOf, fake } = await withDrafts({ era, person: () => yes });
    const answer = await call('payouts_approve', { id: draft.id });
    expect(answer.isError).toBe(false);
    expect(answer.json).toMatchObject({
      payout: { id: draft.id, status: 'approved' },
      approval: { status: 'approved' },
    });
    expect(asked).toHaveLength(1);
    const message = asked[0]?.message ?? '';
    expect(message).toContain(draft.id);
    expect(message).toMatch(/amount\s+250\b/);
    expect(message).toMatch(/token\s+USDT/);
    expect(message).toMatch(/chain\s+tron/);
    expect(message).toContain(recipient);
    expect(patches(sent(fake))).toEqual([`PATCH /payouts/${draft.id}`]);
    expect(await statusOf(draft.id)).toBe('approved');
    expect(await statusOf(other.id)).toBe('draft');
  });

  it.each([
    ['declined', { action: 'decline' } as Reply, /declined/],
    ['dismissed', { action: 'cancel' } as Reply, /dismissed/],
    ['accepted with approve: false', { action: 'accept', content: { approve: false } } as Reply, /declined/],
  ])('%s approves nothing and answers why', async (_, reply, why) => {
    const { call, draft, statusOf, fake } = await withDrafts({ era, person: () => reply });
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

  it('outside the payout policy is refused with the policy error, and nobody is asked', async () => {
    const policy = {
      maxAmount: { USDT: '100' },
      recipients: { tron: ['TYSBPXiPmfYkHyJz1LdakpxZoYSL5M71Yc'] },
    };
    const { call, asked, draft, fake } = await withDrafts({
      era,
      person: () => yes,
      client: { payoutPolicy: policy },
    });
    const answer = await call('payouts_approve', { id: draft.id });
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({ type: 'PayoutPolicyError', code: 'policy.max_amount' });
    expect(answer.json['preview']).toMatchObject({
      ok: false,
      checks: expect.arrayContaining([expect.objectContaining({ rule: 'policy.recipient', ok: false })]),
    });
    expect(asked).toHaveLength(0);
    expect(patches(sent(fake))).toEqual([]);
  });
});
