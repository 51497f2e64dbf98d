/**
 * URL mode: a client that cannot show a form (Claude Desktop, a 2025 client over stateless HTTP, a
 * 2026 client without elicitation) gets a one-time approval page on loopback. Driven in Debian's
 * Chromium (test/fake/browser.ts): the person reads the draft as the API has it, the checks, and
 * the agent's text set apart and cleaned, and clicks Approve or Deny.
 */
import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hasChromium, missing, open } from '../fake/browser.js';
import { connect, type Era, sent } from './harness.js';

const recipient = 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn';
// A description written to draw a line of its own under the record, reversed, with markup.
const hostile = 'Invoice 7\u2028amount          1\u202Egnp.exe\u202C <img src=x onerror="window.pwned=1">';

async function setUp(era: Era, now?: () => number) {
  const connected = await connect({
    era,
    allowApprove: true,
    ...(now ? { now, approvalTimeoutMs: 60_000 } : {}),
  });
  const draft = connected.fake.seed.payout({
    status: 'draft',
    amount: 250,
    token: 'USDT',
    chain: 'tron',
    recipient_address: recipient,
    description: hostile,
  });
  const approve = () => connected.call('payouts_approve', { id: draft.id });
  return { ...connected, draft, approve };
}

const urlOf = (json: Record<string, unknown>): string =>
  String((json['approval'] as { approval_url?: unknown } | undefined)?.approval_url);

describe('an approval from a client without forms', () => {
  it.each(['2025-http', '2026'] as Era[])(
    '(%s) answers a one-time loopback URL and sends nothing yet',
    async (era) => {
      const { approve, fake, draft } = await setUp(era);
      const first = await approve();
      expect(first.isError).toBe(false);
      expect(first.json).toMatchObject({
        payout: { id: draft.id, status: 'draft' },
        approval: { status: 'awaiting_person' },
      });
      expect(urlOf(first.json)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\/[A-Za-z0-9_-]{22}$/);
      expect(first.text).toContain(urlOf(first.json));
      // Asking again while the page waits gives the same page.
      expect(urlOf((await approve()).json)).toBe(urlOf(first.json));
      expect(sent(fake).filter((r) => r.startsWith('PATCH'))).toEqual([]);
    },
  );

  it('expires with the approval timeout: the page is gone, and the later call says so', async () => {
    let now = Date.parse('2026-06-01T09:00:00Z');
    const { approve, fake } = await setUp('2025-http', () => now);
    const url = urlOf((await approve()).json);
    now += 60_001;
    const page = await fetch(url);
    expect(page.status).toBe(410);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const later = await approve();
    expect(later.json['error']).toMatchObject({
      code: 'not_approved',
      message: expect.stringMatching(/in time/),
    });
    expect(sent(fake).filter((r) => r.startsWith('PATCH'))).toEqual([]);
  });

  it('refuses an answer that did not come from the page: no token, another origin', async () => {
    const { approve, fake } = await setUp('2025-http');
    const url = urlOf((await approve()).json);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const forged = await fetch(url, { method: 'POST', headers: form, body: 'decision=approve&token=guess' });
    expect(forged.status).toBe(400);
    const html = await (await fetch(url)).text();
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const crossSite = await fetch(url, {
      method: 'POST',
      headers: { ...form, origin: 'https://evil.example' },
      body: `decision=approve&token=${token}`,
    });
    expect(crossSite.status).toBe(403);
    // A name rebound to 127.0.0.1 (DNS rebinding): fetch cannot set Host, node:http can.
    const rebound = await new Promise<number>((resolve, reject) => {
      get(url, { headers: { host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(rebound).toBe(403);
    expect(sent(fake).filter((r) => r.startsWith('PATCH'))).toEqual([]);
  });
});

describe.skipIf(!hasChromium)(
  `the approval page in Chromium${hasChromium ? '' : ` (skipped: ${missing})`}`,
  { timeout: 120_000 },
  () => {
    it('shows the draft and its checks, the agent text apart and cleaned; Approve approves it once', async () => {
      const { approve, fake, draft } = await setUp('2025-http');
      const url = urlOf((await approve()).json);
      const { page, errors } = await open(url);
      const field = (name: string) => page.locator(`#record td[data-field="${name}"]`).textContent();
      expect(await field('amount')).toBe('250');
      expect(await field('token')).toBe('USDT');
      expect(await field('chain')).toBe('tron');
      expect(await field('recipient_address')).toBe(recipient);
      expect(await field('environment')).toBe('sandbox');
      expect(await page.locator('#checks li[data-rule="address"]').textContent()).toMatch(/pass/);
      const agent = await page.locator('.agent td[data-field="description"]').textContent();
      expect(agent).toContain('\\u{2028}');
      expect(agent).toContain('\\u{202E}');
      expect(agent).toContain('<img src=x onerror="window.pwned=1">');
      expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
      await page.locator('#approve').click();
      await page.locator('#outcome', { hasText: 'Approved' }).waitFor();
      expect(errors).toEqual([]);
      expect(sent(fake).filter((r) => r.startsWith('PATCH'))).toEqual([`PATCH /payouts/${draft.id}`]);
      const later = await approve();
      expect(later.json).toMatchObject({
        payout: { id: draft.id, status: 'approved' },
        approval: { status: 'approved' },
      });
      // Single use: the page is gone.
      expect((await fetch(url)).status).toBe(410);
    });

    it('Deny approves nothing, and the later call says the person declined', async () => {
      const { approve, fake } = await setUp('2025-http');
      const url = urlOf((await approve()).json);
      const { page } = await open(url);
      await page.locator('#deny').click();
      await page.locator('#outcome', { hasText: 'Denied' }).waitFor();
      const later = await approve();
      expect(later.json['error']).toMatchObject({
        code: 'not_approved',
        message: expect.stringMatching(/declined/),
      });
      expect(sent(fake).filter((r) => r.startsWith('PATCH'))).toEqual([]);
    });
  },
);
