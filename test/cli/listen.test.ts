/**
 * `chainbill listen --forward-to`: the revenue feed POSTed to a local handler that verifies each
 * delivery with `verifyWebhook`, a line per attempt; a failed delivery tried again with backoff,
 * and one that keeps failing ends the command with the checkpoint before it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryStore } from 'chainbill';
import { createFakeChainbill, type FakeChainbill } from 'chainbill/testing';
import { verifyWebhook } from 'chainbill/webhooks';
import { describe, expect, it } from 'vitest';
import { useLoopback } from '../loopback.js';
import { runCli } from './run-cli.js';

const loopback = useLoopback();
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Three events, a second apart, an hour ago. */
function ledger(): { fake: FakeChainbill; ids: string[] } {
  const fake = createFakeChainbill();
  const start = Date.now() - 3_600_000;
  const ids = [0, 1, 2].map(
    (i) =>
      fake.seed.revenueEvent({
        event_type: 'refund',
        amount: i + 1,
        occurred_at: new Date(start + i * 1_000).toISOString(),
      }).id,
  );
  return { fake, ids };
}

/** A handler that verifies each delivery; `answer` picks the status of the n-th request. */
async function handler(
  answer: (n: number) => number,
  delivered: string[],
  interrupt?: AbortController,
  stopAt = 0,
) {
  let n = 0;
  return loopback((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      n += 1;
      const status = answer(n);
      if (status < 300) {
        const event = verifyWebhook(body, req.headers, secret);
        delivered.push(event.data.id);
        if (delivered.length === stopAt) interrupt?.abort();
      }
      res.writeHead(status).end();
    });
  });
}

const scratch = (): string => join(mkdtempSync(join(tmpdir(), 'chainbill-listen-')), 'listen.ckpt');
const from = () => new Date(Date.now() - 7_200_000).toISOString();

describe('chainbill listen', () => {
  it('POSTs each event, signed so that verifyWebhook takes it, a line per delivery; Ctrl+C is exit 130', async () => {
    const { fake, ids } = ledger();
    const delivered: string[] = [];
    const interrupt = new AbortController();
    const server = await handler(() => 204, delivered, interrupt, 3);
    const file = scratch();
    const ran = await runCli(
      ['listen', '--forward-to', `${server.url}/hooks`, '--from', from(), '--secret', secret].concat([
        '--checkpoint-file',
        file,
        '--poll-interval',
        '10',
      ]),
      { fake, signal: interrupt.signal },
    );
    expect(ran.code).toBe(130);
    expect(delivered).toEqual(ids);
    // Ctrl+C came while the third answer was on its way: its line may be missing, as its checkpoint is.
    expect(ran.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    expect(ran.stdout).toMatch(new RegExp(`^\\S+Z  refund  ${ids[0]}  → 204 \\(\\d+ ms\\)$`, 'm'));
    expect(ran.stderr).toContain(`the signing secret is ${secret}`);
    expect(readFileSync(file, 'utf8')).toMatch(/^rf1\./);
  });

  it('tries a failed delivery again with backoff; one that keeps failing ends it (exit 1), the checkpoint before it', async () => {
    const { fake, ids } = ledger();
    const delivered: string[] = [];
    // The second event's first attempt fails, then every attempt from the fourth request on.
    const server = await handler((n) => (n === 2 || n >= 4 ? 500 : 204), delivered);
    const file = scratch();
    const argv = ['listen', '--forward-to', server.url, '--secret', secret, '--checkpoint-file', file].concat(
      ['--poll-interval', '10', '--max-attempts', '2', '--format', 'jsonl'],
    );
    const ran = await runCli([...argv, '--from', from()], { fake });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(
      new RegExp(`delivering ${ids[2]} to .* failed 2 times \\(last: 500\\); the checkpoint is before it`),
    );
    expect(delivered).toEqual(ids.slice(0, 2));
    const lines = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map(({ id, attempt, status }) => [id, attempt, status])).toEqual([
      [ids[0], 1, 204],
      [ids[1], 1, 500],
      [ids[1], 2, 204],
      [ids[2], 1, 500],
      [ids[2], 2, 500],
    ]);
    // Run again against a handler that takes it: it resumes at the undelivered event.
    const again: string[] = [];
    const interrupt = new AbortController();
    const healthy = await handler(() => 200, again, interrupt, 1);
    const argv2 = argv.map((arg) => (arg === server.url ? healthy.url : arg));
    const resumed = await runCli(argv2, { fake, signal: interrupt.signal });
    expect(resumed.code).toBe(130);
    expect(again).toEqual([ids[2]]);
  });

  it('with a store, forwards as revenueEvents.consume: the position in the store, never past an undelivered event', async () => {
    const { fake, ids } = ledger();
    const store = memoryStore();
    const delivered: string[] = [];
    let failing = true;
    const interrupt = new AbortController();
    // The second event fails while `failing`; once healthy, Ctrl+C after the third.
    const server = await handler((n) => (failing && n === 2 ? 500 : 204), delivered, interrupt, 3);
    const argv = ['listen', '--forward-to', server.url, '--secret', secret, '--poll-interval', '10'].concat([
      '--max-attempts',
      '1',
      '--from',
      from(),
    ]);
    const stopped = await runCli(argv, { fake, store });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(
      /the position in the memory store, as "chainbill listen http:\/\/127\.0\.0\.1:\d+\/v1"/,
    );
    expect(stopped.stderr).toMatch(new RegExp(`delivering ${ids[1]} to .* failed 1 times`));
    expect(delivered).toEqual([ids[0]]);
    failing = false;
    const resumed = await runCli(argv, { fake, store, signal: interrupt.signal });
    expect(resumed.code).toBe(130);
    expect(delivered).toEqual(ids);
    const both = await runCli([...argv, '--checkpoint-file', scratch()], { fake, store });
    expect(both).toMatchObject({ code: 2, stderr: expect.stringMatching(/both keep a position/) });
  });

  it('refuses what it cannot deliver to: no --forward-to, a URL that is not http(s), a secret that is not one', async () => {
    const fake = createFakeChainbill();
    for (const [argv, message] of [
      [[], /needs --forward-to <url>/],
      [['--forward-to', 'file:///etc/passwd'], /an http: or https: URL, not file:/],
      [
        ['--forward-to', 'http://localhost:3000', '--secret', 'not-a-secret'],
        /--secret takes a Standard Webhooks secret/,
      ],
    ] as const) {
      const ran = await runCli(['listen', ...argv], { fake });
      expect(ran).toMatchObject({ code: 2, stderr: expect.stringMatching(message) });
    }
    expect(fake.requests).toEqual([]);
  });
});
