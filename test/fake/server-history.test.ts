/**
 * Bounded history over `chainbill-fake` (package tier: the built CLI): 12 000 mixed requests keep
 * the last 10 000 in the request log, `?since=N` stays exact across the drop, and the server's RSS
 * before and after is printed (the heap bound itself: test/memory/fake-history.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startCli } from './cli-process.js';
import { mixed } from './mixed-requests.js';

const MB = 1024 * 1024;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);

// chainbill-fake as its users run it (test/fake/cli-process.ts), over real HTTP.
describe('chainbill-fake serving 12 000 requests', () => {
  it('keeps the last 10 000 requests, and ?since=N stays exact; prints its RSS before and after', async () => {
    const token = 'memory-control-token';
    const line = await startCli('--control-token', token);
    const { child } = line;
    const control = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const seedFile = {
      organizations: [
        {
          id: 'org_memory',
          keys: { sandbox: ['sk_test_memory_1'] },
          sandbox: {
            customers: [{ $name: 'ops', email: 'ops@example.com' }],
            plans: [{ $name: 'pro', amount: 19.99 }],
            payment_methods: [{ chain: 'tron', token: 'USDT', is_default: true }],
          },
        },
      ],
    };
    const seeded = await fetch(`${line.controlUrl}seed`, {
      method: 'POST',
      headers: control,
      body: JSON.stringify(seedFile),
    });
    const { names } = (await seeded.json()) as { names: Record<string, string> };
    const apiKey = 'sk_test_memory_1';
    const created = await fetch(`${line.baseUrl}/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer_id: names['ops'], plan_id: names['pro'] }),
    });
    const { id } = (await created.json()) as { id: string };
    const rss = (): number =>
      Number(execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)]).toString()) * 1024;
    const before = rss();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < 12_000) {
        const response = await fetch(...mixed(line.baseUrl, apiKey, id, next++));
        await response.arrayBuffer();
      }
    };
    await Promise.all([worker(), worker()]);
    const after = rss();
    // RSS is what the issue measured (48 → 172 MB over 50 000); over a run this short it says
    // little (the logs have just filled): the bound is the in-process heap test of the memory
    // tier; this prints the figure. 12 000 requests cross the 10 000 drop, so ?since=N is proven
    // across it, in a quarter of the time 50 000 took (53 s of a 140 s npm test on a busy machine).
    console.log(`chainbill-fake, 12 000 requests: RSS ${mb(before)} → ${mb(after)} MB`);
    const log = await fetch(`${line.controlUrl}requests?since=11991`, { headers: control });
    const {
      requests,
      next: seen,
      missed,
    } = (await log.json()) as { requests: unknown[]; next: number; missed: number };
    expect({ kept: requests.length, seen, missed }).toEqual({ kept: 10, seen: 12_001, missed: 0 });
    const all = (await (await fetch(`${line.controlUrl}requests`, { headers: control })).json()) as {
      requests: unknown[];
      missed: number;
    };
    expect([all.requests.length, all.missed]).toEqual([10_000, 2_001]);
  }, 300_000);
});
