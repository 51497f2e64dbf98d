import { Chainbill } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { useFakeServers } from '../loopback.js';
import { payout as params } from './edge-helpers.js';

// No msw here: these requests cross a real socket.
describe('fake API over real HTTP', () => {
  const listening = useFakeServers();

  it('listen() serves the same API on 127.0.0.1', async () => {
    const local = createFakeChainbill();
    const server = await listening(local);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const api = new Chainbill({ apiKey: local.apiKey, baseUrl: server.url });
    const payout = await api.payouts.create(params);
    expect((await api.payouts.list()).data.map((p) => p.id)).toEqual([payout.id]);
    expect(local.requests.map((r) => r.path)).toEqual(['/payouts', '/payouts']);
    const unknown = await fetch(`${server.url}/nowhere`, {
      headers: { Authorization: `Bearer ${local.apiKey}` },
    });
    expect(unknown.status).toBe(404);
  });
});
