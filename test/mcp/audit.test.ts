/**
 * chainbill-mcp's audit log: a JSON line per tool call, written before the answer, with the
 * person's answer for an approval, and never the key.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditLog } from '../../src/mcp/audit.js';
import { connect } from './harness.js';

const scratch = mkdtempSync(join(tmpdir(), 'chainbill-mcp-audit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
const lines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('the audit log', () => {
  it('has a line per call, each written by the time the answer arrives, and no key', async () => {
    files += 1;
    const path = join(scratch, `audit-${files}.jsonl`);
    const audit = await openAuditLog(path);
    const replies = [
      { action: 'accept' as const, content: { approve: true } },
      { action: 'decline' as const },
    ];
    const { call, fake } = await connect({
      tools: 'write',
      allowApprove: true,
      audit,
      person: () => replies.shift() ?? { action: 'cancel' },
    });
    const first = fake.seed.payout({ status: 'draft', amount: 250 });
    const second = fake.seed.payout({ status: 'draft', amount: 75 });

    await call('payouts_list', { limit: 1 });
    expect(lines(path)).toHaveLength(1);
    await call('payouts_approve', { id: first.id });
    // The approval's own line before its write, then its outcome.
    expect(lines(path).map((line) => line['outcome'])).toEqual(['ok', 'sending', 'ok']);
    await call('payouts_approve', { id: second.id });
    // The agent hands over the key as an argument: the line records the call, not the key.
    await call('payouts_cancel', { id: second.id, description: fake.apiKey });
    await call('customers_list', { limit: 500 });
    await audit.close();

    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(fake.apiKey);
    const [list, sending, approved, declined, extra, refused] = lines(path);
    expect(lines(path)).toHaveLength(6);
    expect(sending).toMatchObject({
      tool: 'payouts_approve',
      outcome: 'sending',
      approval: { answer: 'accept' },
    });
    expect(list).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      tool: 'payouts_list',
      arguments: { limit: 1 },
      outcome: 'ok',
      requestId: expect.stringMatching(/^req_/),
    });
    expect(approved).toMatchObject({
      tool: 'payouts_approve',
      arguments: { id: first.id },
      outcome: 'ok',
      requestId: expect.any(String),
      approval: { answer: 'accept', shown: { id: first.id, amount: 250 } },
    });
    expect(declined).toMatchObject({
      outcome: 'error',
      approval: { answer: 'decline', shown: { amount: 75 } },
      error: { code: 'not_approved' },
    });
    expect(extra).toMatchObject({
      tool: 'payouts_cancel',
      outcome: 'error',
      error: { param: 'description' },
    });
    expect(JSON.stringify(extra)).toContain('sk_test_***');
    expect(refused).toMatchObject({ outcome: 'error', requestId: null, error: { param: 'limit' } });
  });

  it('that cannot be written fails closed: that call says so, and every later call is refused', async () => {
    const audit = await openAuditLog('/dev/full');
    const { call, fake } = await connect({ audit });
    const first = await call('payouts_list');
    expect(first.isError).toBe(true);
    expect(first.json['error']).toMatchObject({ code: 'audit_failed' });
    expect(first.text).toMatch(/succeeded/);
    const later = await call('payouts_list');
    expect(later.json['error']).toMatchObject({ code: 'audit_failed' });
    expect(fake.requests).toHaveLength(1);
  });

  it('that fails while an approval waits for the person: the approval fails, and nothing is sent', async () => {
    const audit = await openAuditLog('/dev/full');
    let other: Promise<unknown> | undefined;
    const connected = await connect({
      tools: 'write',
      allowApprove: true,
      audit,
      person: async () => {
        // Another call's line fails while the person reads the question; then they say yes.
        other = connected.call('payouts_list');
        await other;
        return { action: 'accept', content: { approve: true } };
      },
    });
    const draft = connected.fake.seed.payout({ status: 'draft', amount: 40 });
    const approval = await connected.call('payouts_approve', { id: draft.id });
    expect(other).toBeDefined();
    expect(approval.isError).toBe(true);
    expect(approval.json['error']).toMatchObject({ code: 'audit_failed' });
    expect(connected.fake.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });
});
