/**
 * The demo tells what happened (examples/demo.ts, `npm run demo`): a payout's way on the chain is
 * told as numbered steps with the time since it was sent, and the test clock's story shows no
 * renewal at a subscription's creation. Its stories run here against a fake on loopback, their
 * lines read from the console.
 */
import { Chainbill } from 'chainbill';
import { createFakeChainbill } from 'chainbill/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payoutStory } from '../examples/demo/payouts.js';
import { testingStory } from '../examples/demo/testing.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function linesOf(
  story: (
    chainbill: Chainbill,
    baseUrl: string,
    fake: ReturnType<typeof createFakeChainbill>,
  ) => Promise<void>,
) {
  const fake = createFakeChainbill();
  const server = await fake.listen();
  closing.push(server.close);
  const chainbill = new Chainbill({ apiKey: fake.apiKey, baseUrl: server.url }); // retries on: the lost answer is retried
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await story(chainbill, server.url, fake);
  return log.mock.calls.map(([line]) => String(line));
}

describe('the demo', () => {
  it('tells a payout’s way on the chain as numbered steps, with the time since it was sent', async () => {
    const lines = await linesOf(payoutStory);
    const steps = lines.filter((line) => /^ {3}step \d: /.test(line));
    expect(steps).toEqual([
      '   step 1: the clock moved 3 s (3 s since sent): verifying',
      '   step 2: the clock moved 3 s (6 s since sent): settled, 2 confirmations',
      '   step 3: the clock moved 30 s (36 s since sent): settled, 12 confirmations',
    ]);
    expect(lines.filter((line) => /^ {3}\+\d+ s:/.test(line))).toEqual([]);
  });

  it('the test clock’s story has no renewal when the subscription is created', async () => {
    // What the demo's billing story leaves behind: a default payment method, a plan without a trial.
    const lines = await linesOf((chainbill, _url, fake) => {
      fake.seed.paymentMethod({ is_default: true });
      fake.seed.plan({ name: 'Pro', amount: 49 });
      return testingStory(chainbill, fake);
    });
    const story = lines
      .filter((line) => / {2}subscription\./.test(line))
      .map((line) => line.trim().split(/\s+/));
    const created = story.find(([, type]) => type === 'subscription.created');
    expect(created?.[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(story.filter(([day, type]) => day === created?.[0] && type === 'subscription.renewed')).toEqual(
      [],
    );
    expect(story.map(([, type]) => type)).toEqual([
      'subscription.created',
      'subscription.trial_ended',
      'subscription.renewal_failed',
      'subscription.renewed',
      'subscription.renewed',
    ]);
  });
});
