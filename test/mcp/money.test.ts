/**
 * payouts_create through chainbill-mcp: the SDK's checks and the payout policy run before anything
 * is sent, and what it makes is a draft, which moves no money; the answer carries the preview.
 */
import { describe, expect, it } from 'vitest';
import { connect, sent } from './harness.js';

const payout = {
  recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
  chain: 'tron',
  token: 'USDT',
  amount: 125.5,
  currency: 'USD',
};

describe('payouts_create', () => {
  it('makes a draft, and answers it with the preview of every check', async () => {
    const { call, fake } = await connect({ tools: 'write' });
    const answer = await call('payouts_create', payout);
    expect(answer.isError).toBe(false);
    expect(answer.json).toEqual({
      created: expect.objectContaining({
        status: 'draft',
        amount: 125.5,
        recipient_address: payout.recipient_address,
      }),
      preview: expect.objectContaining({ ok: true, amountAtomic: '125500000' }),
    });
    const checks = (answer.json['preview'] as { checks: { rule: string; ok: boolean }[] }).checks;
    expect(checks.map((check) => check.rule)).toEqual(
      expect.arrayContaining(['params', 'amount', 'address']),
    );
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(sent(fake)).toEqual(['POST /payouts']);
  });

  it('outside the payout policy is refused, naming the rule, with the preview and nothing sent', async () => {
    const { call, fake } = await connect({
      tools: 'write',
      client: { payoutPolicy: { maxAmount: { USDT: '100' } } },
    });
    const answer = await call('payouts_create', payout);
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({
      type: 'PayoutPolicyError',
      code: 'policy.max_amount',
      param: 'amount',
      requestId: null,
      message: expect.stringMatching(/100/),
    });
    expect(answer.json['preview']).toMatchObject({
      ok: false,
      checks: expect.arrayContaining([expect.objectContaining({ rule: 'policy.max_amount', ok: false })]),
    });
    expect(fake.requests).toHaveLength(0);
    const within = await call('payouts_create', { ...payout, amount: 99.5 });
    expect(within.isError).toBe(false);
    expect(sent(fake)).toEqual(['POST /payouts']);
  });

  it.each([
    ['a bad checksum', { recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKm' }],
    ['an address of another chain', { recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
  ])('with %s is refused, naming the address, with nothing sent', async (_, change) => {
    const { call, fake } = await connect({ tools: 'write' });
    const answer = await call('payouts_create', { ...payout, ...change });
    expect(answer.isError).toBe(true);
    expect(answer.json['error']).toMatchObject({
      type: 'RequestValidationError',
      param: 'recipient_address',
    });
    expect(answer.json['preview']).toMatchObject({
      ok: false,
      checks: expect.arrayContaining([expect.objectContaining({ rule: 'address', ok: false })]),
    });
    expect(fake.requests).toHaveLength(0);
  });
});
