/**
 * `chainbill … --all` holds about a page, however long the list: the live heap, sampled as the
 * lines arrive, stays flat over 2 500 items (the memory tier: a fork that runs one file at a time, `--expose-gc`).
 */
import { Writable } from 'node:stream';
import { createFakeChainbill } from 'chainbill/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { collectGarbage, settledHeap } from '../helpers.js';

describe('memory', () => {
  it('chainbill payouts list --all over 2 500 items keeps the live heap flat', {
    timeout: 120_000,
  }, async () => {
    const fake = createFakeChainbill();
    const long = 'x'.repeat(400); // larger items make a list held in memory plain to see
    for (let i = 0; i < 2_500; i++) fake.seed.payout({ amount: (i % 1000) + 1, description: `${long}${i}` });
    // A first run loads the CLI's modules, which are not what this measures.
    await runCli(['payouts', 'list', '--all', '--limit', '100', '--status', 'settled'], {
      fake,
      stdout: new Writable({ write: (_c, _e, done) => done() }),
    });
    fake.requests.length = 0;
    const before = await settledHeap();
    let lines = 0;
    let peak = before;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        const count = String(chunk).split('\n').length - 1;
        for (let i = 0; i < count; i++) {
          lines += 1;
          if (lines % 250 === 0) {
            collectGarbage();
            peak = Math.max(peak, process.memoryUsage().heapUsed);
          }
        }
        done();
      },
    });
    const ran = await runCli(['payouts', 'list', '--all', '--limit', '100'], { fake, stdout: sink });
    const peakMb = (peak - before) / 2 ** 20;
    console.log(
      `--all over 2 500 items: peak live heap +${peakMb.toFixed(2)} MB, ${fake.requests.length} requests`,
    );
    expect(ran.code).toBe(0);
    expect(lines).toBe(2_500);
    // Streamed, it is about a page's worth; the whole list held is several times the bound
    // (docs/performance.md).
    expect(peakMb).toBeLessThan(2.5);
  });
});
