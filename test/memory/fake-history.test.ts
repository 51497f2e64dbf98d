/**
 * A long-running fake keeps bounded history: the request log, the event log and the idempotency
 * store keep their last `historyLimit` entries, so once they are full the retained heap stops
 * growing. (Over `chainbill-fake`, with its RSS printed: test/fake/server-history.test.ts.)
 */
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { mixed } from '../fake/mixed-requests.js';
import { collectGarbage } from '../helpers.js';

const MB = 1024 * 1024;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);

describe('a fake serving 12 000 requests, keeping the last 1 000', () => {
  it('in process: the retained heap stops growing once the logs are full', async () => {
    const fake = createFakeChainbill({ historyLimit: 1_000 });
    fake.seed.paymentMethod({ chain: 'tron', token: 'USDT' });
    const plan = fake.seed.plan({ amount: 19.99 });
    const customer = fake.seed.customer({ email: 'ops@example.com' });
    const created = await fake.fetch(`${fake.baseUrl}/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer_id: customer.id, plan_id: plan.id }),
    });
    const { id } = (await created.json()) as { id: string };
    const send = async (from: number, to: number): Promise<void> => {
      for (let k = from; k < to; k++) {
        const response = await fake.fetch(...mixed(fake.baseUrl, fake.apiKey, id, k));
        if (!response.ok) throw new Error(`request ${k}: ${response.status}`);
        await response.arrayBuffer();
      }
    };
    collectGarbage();
    const before = process.memoryUsage();
    await send(0, 4_000); // 2 000 keys, 2 000 events: every log is full from here on
    collectGarbage();
    const full = process.memoryUsage().heapUsed;
    await send(4_000, 12_000);
    collectGarbage();
    const after = process.memoryUsage();
    const perRequest = (after.heapUsed - full) / 8_000;
    console.log(
      `fake in process, 12 000 requests: heap ${mb(before.heapUsed)} → ${mb(full)} (4 000) → ${mb(after.heapUsed)} MB,` +
        ` ${perRequest.toFixed(0)} B retained per request after the first 4 000; RSS ${mb(before.rss)} → ${mb(after.rss)} MB`,
    );
    // Keeping every request, event and key retains about 1 KB a request (docs/performance.md).
    expect(perRequest).toBeLessThan(100);
    expect([fake.requests.length, fake.events.length]).toEqual([1_000, 1_000]);
    expect(fake.requests.at(-1)?.sequence).toBe(12_001);
  }, 180_000);
});
