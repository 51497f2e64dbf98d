/**
 * In the memory tier: a long-running fake keeps bounded history. 50 000 mixed
 * requests (lists, and pause/resume with an `Idempotency-Key`, which add no records) used to
 * retain about 1 KB each in process (every request, event and key kept forever) and grew a
 * `chainbill-fake` from 48 to 172 MB. Now the request log, the event log and the idempotency store
 * keep their last 10 000 entries, so once they are full the retained heap stops growing. (The
 * same over `chainbill-fake`, with its RSS printed: test/fake/server-history.test.ts.)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { mixed } from '../fake/mixed-requests.js';

/** A full collection: `gc()` when the memory tier exposes it, else one taken from V8 for this test. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const MB = 1024 * 1024;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);

describe('a fake serving 50 000 requests', () => {
  it('in process: the retained heap stops growing once the last 10 000 are kept', async () => {
    const gc = collector();
    const fake = createFakeChainbill();
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
    gc();
    const before = process.memoryUsage();
    await send(0, 25_000); // 12 500 keys, 12 500 events: every log is full from here on
    gc();
    const full = process.memoryUsage().heapUsed;
    await send(25_000, 50_000);
    gc();
    const after = process.memoryUsage();
    const perRequest = (after.heapUsed - full) / 25_000;
    console.log(
      `fake in process, 50 000 requests: heap ${mb(before.heapUsed)} → ${mb(full)} (25 000) → ${mb(after.heapUsed)} MB,` +
        ` ${perRequest.toFixed(0)} B retained per request after the first 25 000; RSS ${mb(before.rss)} → ${mb(after.rss)} MB`,
    );
    expect(perRequest).toBeLessThan(100); // it was about 1 KB
    expect([fake.requests.length, fake.events.length]).toEqual([10_000, 10_000]);
    expect(fake.requests.at(-1)?.sequence).toBe(50_001);
  }, 180_000);
});
