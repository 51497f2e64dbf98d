/**
 * payouts_create through chainbill-mcp: the SDK's checks run before anything is sent, and what it
 * makes is a draft, which moves no money.
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
  it('makes a draft', async () => {
    const { call, fake } = await connect({ tools: 'write' });
    const answer = await call('payouts_create', payout);
    expect(answer.isError).toBe(false);
    expect(JSON.stringify(answer.json)).toContain('"status":"draft"');
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
    expect(fake.requests).toHaveLength(0);
  });
});
