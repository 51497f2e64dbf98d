import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chainbill } from 'chainbill';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { grantClipboard, hasChromium, missing, open, screenshot, useBrowser } from './browser.js';
import { type Started, startCli, useCli } from './cli-process.js';

useBrowser();

// The inspector (`/_fake/ui`) in a real browser, against `chainbill-fake` as its users start it
// (test/fake/browser.ts), one process for the file, reset for each test. Every wait is a
// Playwright locator's or `waitForFunction`'s, which retry until the page shows what they ask for.
const key = 'sk_test_inspector';
const scratch = mkdtempSync(join(tmpdir(), 'chainbill-inspector-'));
const seedPath = join(scratch, 'seed.json');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeFileSync(
  seedPath,
  JSON.stringify({
    organizations: [
      {
        id: 'org_shop',
        keys: { sandbox: [key] },
        sandbox: {
          customers: [
            { $name: 'alice', email: 'alice@example.com', name: 'Alice Example' },
            { $name: 'mallory', email: 'mallory@example.com', name: '<img src=x onerror="window.pwned=1">' },
          ],
          plans: [{ $name: 'monthly', name: 'Monthly', amount: 20 }],
          payment_methods: [{ chain: 'tron', token: 'USDT', display_name: 'Tron USDT' }],
          checkouts: [{ amount_usd: 49, metadata: { order: 'A-1001' } }],
          payouts: [
            { status: 'approved', amount: 25.5, description: 'June affiliate payout' },
            { status: 'draft', amount: 125.5, description: 'July affiliate payout' },
          ],
        },
      },
    ],
  }),
);
/** The file's chainbill-fake, reset to the seed file for each test. */
const served = useCli('--seed', seedPath);

const client = (server: Started): Chainbill =>
  new Chainbill({ apiKey: key, baseUrl: server.baseUrl, maxRetries: 0, logLevel: 'off' });

function control(server: Started, method: string, path: string): Promise<Response> {
  return fetch(`${server.controlUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.controlToken}` },
  });
}

/** The count in "3 of 20 confirmations" of a row of the chain's table. */
const confirmations = (page: Page, id: string): Promise<number> =>
  page
    .locator(`#chain tr[data-id="${id}"] .confirmations`)
    .textContent()
    .then((text) => Number.parseInt(text ?? '', 10));

describe.skipIf(!hasChromium)(
  `the inspector in Chromium${hasChromium ? '' : ` (skipped: ${missing})`}`,
  {
    timeout: 120_000,
  },
  () => {
    it('opens at the URL chainbill-fake prints and shows the seeded records, each JSON on click', async () => {
      const server = await served();
      const origin = new URL(server.baseUrl).origin;
      expect(server.inspectorUrl).toBe(`${origin}/_fake/ui#token=${encodeURIComponent(server.controlToken)}`);
      const { page, errors } = await open(server.inspectorUrl);
      const alice = page.locator(`[data-resource="customers"] tr[data-id="${server.names['alice']}"]`);
      await alice.waitFor();
      expect(await alice.textContent()).toContain('alice@example.com');
      expect(await page.locator('[data-resource="payouts"] tbody tr').count()).toBe(2);
      expect(await page.locator('[data-resource="checkouts"] tbody tr').count()).toBe(1);
      expect(
        await page.locator('[data-resource="payouts"] .status.moving', { hasText: 'approved' }).count(),
      ).toBe(1);
      await page.locator('#clock-mode', { hasText: 'real time' }).waitFor();

      await grantClipboard(origin);
      await alice.getByRole('button', { name: `Copy ${server.names['alice']}` }).click();
      await alice.locator('button.copy', { hasText: 'copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.names['alice']);
      expect(await page.locator('#json-dialog[open]').count()).toBe(0);

      await alice.click();
      const json = page.locator('#json-dialog[open] #json');
      await json.waitFor();
      expect(JSON.parse((await json.textContent()) ?? '')).toMatchObject({
        id: server.names['alice'],
        email: 'alice@example.com',
      });
      await page.locator('#json-close').click();
      await page.locator('#json-dialog:not([open])').waitFor({ state: 'attached' });
      expect(errors).toEqual([]);
    });

    it('advancing a month renews a subscription: its event appears without a reload; reset forgets it', async () => {
      const server = await served();
      const { page, errors } = await open(server.inspectorUrl);
      await page.locator('#set-clock input').fill('2030-01-15T12:00:00Z');
      await page.locator('#set-clock button').click();
      await page.locator('#clock-now', { hasText: '2030-01-15T12:00:00.000Z' }).waitFor();
      await page.locator('#clock-mode', { hasText: 'frozen' }).waitFor();
      const subscription = await client(server).subscriptions.create({
        customer_id: server.names['alice'] ?? '',
        plan_id: server.names['monthly'] ?? '',
      });
      await page.locator('#events li[data-type="subscription.created"]').waitFor();
      // Creating it charged the first period: one renewal already.
      const renewals = page.locator('#events li[data-type="subscription.renewed"]', {
        hasText: subscription.id,
      });
      const before = await renewals.count();
      expect(before).toBe(1);
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      await page.getByRole('button', { name: '+1 month' }).click();
      await renewals.nth(before).waitFor();
      await page.locator('#answer.ok', { hasText: 'renewed 1' }).waitFor();
      await page.locator('#clock-now', { hasText: '2030-02-15T12:00:00.000Z' }).waitFor();
      expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
      await page.getByRole('button', { name: 'Run' }).click();
      await page.locator('#clock-mode', { hasText: 'running' }).waitFor();
      await page.getByRole('button', { name: 'Real time' }).click();
      await page.locator('#clock-mode', { hasText: 'real time' }).waitFor();

      // A reset asks first: Cancel changes nothing, Yes resets.
      await page.locator('#reset').click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('#reset').waitFor();
      // Read again since: the subscription's story is still there.
      await client(server).customers.list();
      await page.locator('#requests li', { hasText: 'GET /customers' }).waitFor();
      expect(await renewals.count()).toBe(before + 1);
      await page.locator('#reset').click();
      await page.getByRole('button', { name: 'Yes, reset' }).click();
      await page.locator('#answer.ok', { hasText: 'startup seed applied again' }).waitFor();
      await page.locator('[data-resource="customers"]').waitFor();
      expect(await page.locator('#events li[data-type^="subscription."]').count()).toBe(0);
      expect(await page.locator('[data-resource="subscriptions"]').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('paying a checkout shows its confirmations grow as the clock moves, then confirmed; a payout settles', async () => {
      const server = await served();
      // A request in the log and a subscription, for the picture in the docs.
      await client(server).subscriptions.create({
        customer_id: server.names['alice'] ?? '',
        plan_id: server.names['monthly'] ?? '',
      });
      const { page, errors } = await open(server.inspectorUrl);
      // The clock frozen first: blocks come only with the buttons, so a slow machine cannot carry
      // the payout past `executed` before the page shows it.
      await page.getByRole('button', { name: '+10 s' }).click();
      await page.locator('#clock-mode', { hasText: 'frozen' }).waitFor();
      const checkout = page.locator('#chain tr[data-kind="checkout"]');
      await checkout.getByRole('button', { name: 'Pay' }).click();
      const id = (await checkout.getAttribute('data-id')) ?? '';
      await page.locator(`#chain tr[data-id="${id}"] .status`, { hasText: 'detected' }).waitFor();
      expect(await confirmations(page, id)).toBe(0);
      const payout = page.locator('#chain tr[data-kind="payout"]');
      await payout.getByRole('button', { name: 'Execute' }).click();
      await payout.locator('.status', { hasText: 'executed' }).waitFor();

      const seen = [0];
      for (const step of [1, 2]) {
        await page.getByRole('button', { name: '+10 s' }).click();
        // Each Tron block (3 s) adds one: 10 s adds three or four.
        await page.waitForFunction(
          ([selector, before]) =>
            Number.parseInt(document.querySelector(selector)?.textContent ?? '', 10) > before,
          [`#chain tr[data-id="${id}"] .confirmations`, seen[step - 1] ?? 0] as const,
        );
        seen.push(await confirmations(page, id));
        if (step === 1) {
          await page.locator(`#chain tr[data-id="${id}"] .status`, { hasText: 'confirming' }).waitFor();
          await payout.locator('.confirmations', { hasText: /^settled, \d+ confirmations$/ }).waitFor();
          await screenshot(page, 'docs/inspector.png');
        }
      }
      expect(seen[1]).toBeGreaterThanOrEqual(3);
      expect(seen[2]).toBeGreaterThan(seen[1] ?? 0);
      await page.getByRole('button', { name: '+1 hour' }).click();
      await page.locator(`#chain tr[data-id="${id}"] .status.good`, { hasText: 'confirmed' }).waitFor();
      expect(await confirmations(page, id)).toBe(20);
      await page.locator('#events li[data-type="checkout.confirmed"]').waitFor();
      expect(errors).toEqual([]);
    });

    it('a fault added from the page makes the next API call fail; clearing empties the list', async () => {
      const server = await served();
      const { page, errors } = await open(server.inspectorUrl);
      const form = page.locator('#add-fault');
      await form.locator('select[name="method"]').selectOption('POST');
      await form.locator('input[name="route"]').fill('/payouts');
      await form.locator('input[name="value"]').fill('503');
      await form.getByRole('button', { name: 'Add fault' }).click();
      await page.locator('#faults li', { hasText: 'POST /payouts' }).filter({ hasText: '1 left' }).waitFor();
      await page.locator('#answer.ok', { hasText: '1 fault pending' }).waitFor();

      const payout = {
        recipient_address: 'TDT4qBNKXeGkB34Ke5KW1ZB5PjndygogKn',
        chain: 'tron',
        token: 'USDT',
        amount: 25,
        currency: 'USD',
      } as const;
      await expect(client(server).payouts.create(payout)).rejects.toMatchObject({ status: 503 });
      await page
        .locator('#requests li', { hasText: 'POST /payouts' })
        .filter({ hasText: 'fault: status' })
        .waitFor();
      await page.locator('#faults li.empty').waitFor();
      expect((await client(server).payouts.create(payout)).status).toBe('draft');

      await form.locator('input[name="times"]').fill('2');
      await form.getByRole('button', { name: 'Add fault' }).click();
      await page.locator('#faults li', { hasText: '2 left' }).waitFor();
      await page.getByRole('button', { name: 'Clear faults' }).click();
      await page.locator('#faults li.empty').waitFor();
      expect(await (await control(server, 'GET', 'faults')).json()).toEqual({ pending: [] });
      expect(errors).toEqual([]);
    });

    it('a wrong token shows a clear message and no data; the right one typed in opens the page', async () => {
      const server = await served();
      const origin = new URL(server.baseUrl).origin;
      const { page, errors } = await open(`${origin}/_fake/ui#token=not-the-control-token`);
      await page.locator('#notice', { hasText: 'control token in this URL was refused' }).waitFor();
      expect(await page.locator('#notice').textContent()).toContain('401 control_token_invalid');
      expect(await page.locator('#data').isHidden()).toBe(true);
      expect(await page.locator('tr[data-id], #events li, #requests li').count()).toBe(0);
      expect(await page.locator('#clock-now').textContent()).toBe('');
      // The browser logs each refused request itself; nothing else may be logged.
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.filter((error) => !/status of 401 \(Unauthorized\)/.test(error))).toEqual([]);

      await page.goto(`${origin}/_fake/ui`);
      await page.locator('#notice', { hasText: 'Paste the control token' }).waitFor();
      await page.locator('#token-form input').fill(server.controlToken);
      await page.locator('#token-form button').click();
      await page.locator(`tr[data-id="${server.names['alice']}"]`).waitFor();
      expect(await page.locator('#notice').isHidden()).toBe(true);
      expect(errors.filter((error) => !/status of 401 \(Unauthorized\)/.test(error))).toEqual([]);
    });

    it('reads the fake as often as `poll` in the fragment says', async () => {
      const server = await served();
      const { page, errors } = await open(`${server.inspectorUrl}&poll=5000`, { clock: true });
      await page.locator(`tr[data-id="${server.names['alice']}"]`).waitFor();
      await client(server).customers.list();
      const listed = page.locator('#requests li', { hasText: 'GET /customers 200' });
      // Past the default second, not yet 5 s: no read since the first.
      await page.clock.runFor(4_000);
      expect(await listed.count()).toBe(0);
      await page.clock.runFor(1_000);
      await listed.waitFor();
      expect(errors).toEqual([]);
    });

    it('says how many requests the bounded history dropped before the page read them', async () => {
      const server = await startCli('--seed', seedPath, '--history-limit', '3');
      for (let i = 0; i < 5; i += 1) await client(server).customers.list();
      const { page, errors } = await open(server.inspectorUrl);
      await page.locator('#requests li.missed', { hasText: '2 requests missed' }).waitFor();
      expect(await page.locator('#requests li:not(.missed)').allTextContents()).toEqual([
        '#5 GET /customers 200',
        '#4 GET /customers 200',
        '#3 GET /customers 200',
      ]);
      await client(server).customers.list();
      await page.locator('#requests li', { hasText: '#6 GET /customers 200' }).waitFor();
      // Read after the drop: nothing more was missed.
      expect(await page.locator('#requests li.missed').count()).toBe(1);
      expect(errors).toEqual([]);
    });

    it('a record holding HTML shows it as text and runs no script', async () => {
      const server = await served();
      const { page, errors } = await open(server.inspectorUrl);
      const row = page.locator(`tr[data-id="${server.names['mallory']}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('<img src=x onerror="window.pwned=1">');
      await row.click();
      await page.locator('#json-dialog[open] #json', { hasText: 'onerror' }).waitFor();
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
      expect(errors).toEqual([]);
    });
  },
);
