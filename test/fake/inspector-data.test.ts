import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chainbill } from 'chainbill';
import { afterAll, describe, expect, it } from 'vitest';
import { hasChromium, missing, open, useBrowser } from './browser.js';
import { type Started, useCli } from './cli-process.js';

useBrowser();

// The inspector's answers to "what did it send back" and "where is that record" in a real browser
// (test/fake/browser.ts), against `chainbill-fake` as its users start it (one process for the
// file, reset for each test): a request's answer as sent (redacted, a fault's included), a
// record's events, tables by importance searched, filtered and paged through every record, one
// block of a chain at a time.
const key = 'sk_test_inspector_data';
const scratch = mkdtempSync(join(tmpdir(), 'chainbill-inspector-data-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A seed file of 232 payouts (every fourth approved, numbered by invoice) and three revenue events. */
function seedFile(): string {
  const path = join(scratch, 'seed.json');
  const payouts = Array.from({ length: 232 }, (_, i) => ({
    status: i % 4 === 0 ? 'approved' : 'draft',
    amount: i + 1,
    chain: 'base',
    token: 'USDC',
    description: `Invoice INV-${String(i).padStart(4, '0')}`,
  }));
  const revenue = [10, 20, 30].map((amount) => ({ amount, event_type: 'checkout_confirmed' }));
  const sandbox = { customers: [{ email: 'alice@example.com' }], payouts, revenue_events: revenue };
  writeFileSync(
    path,
    JSON.stringify({ organizations: [{ id: 'org_data', keys: { sandbox: [key] }, sandbox }] }),
  );
  return path;
}
const seedPath = seedFile();
/** The file's chainbill-fake, reset to the seed file for each test. */
const served = useCli('--seed', seedPath);

const client = (server: Started): Chainbill =>
  new Chainbill({ apiKey: key, baseUrl: server.baseUrl, maxRetries: 0, logLevel: 'off' });

function control(server: Started, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.controlUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.controlToken}` },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const payout = {
  recipient_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  chain: 'base',
  token: 'USDC',
  amount: 12.5,
  currency: 'USD',
} as const;

describe.skipIf(!hasChromium)(
  `the inspector's data in Chromium${hasChromium ? '' : ` (skipped: ${missing})`}`,
  { timeout: 120_000 },
  () => {
    it('a request opens with the answer as sent, redacted, a fault’s too; a payout links to its events', async () => {
      const server = await served();
      const created = await client(server).payouts.create({ ...payout, description: `for ${key}` });
      await control(server, 'POST', 'faults', {
        match: { method: 'GET', route: '/customers' },
        fault: { status: 503 },
      });
      await expect(client(server).customers.list()).rejects.toMatchObject({ status: 503 });
      const { page, errors } = await open(server.inspectorUrl);

      await page.locator('#requests li', { hasText: 'POST /payouts 201' }).click();
      const json = page.locator('#json-dialog[open] #json');
      await json.waitFor();
      const detail = JSON.parse((await json.textContent()) ?? '');
      expect(detail.response).toMatchObject({
        status: 201,
        body: { id: created.id, description: 'for sk_test_***' },
      });
      expect(detail.request.headers.authorization).toBe('Bearer sk_test_***');
      expect(await json.textContent()).not.toContain(key);
      await page.locator('#json-close').click();
      await page.locator('#requests li', { hasText: 'GET /customers 503' }).click();
      await page.locator('#json-dialog[open] #json', { hasText: '"fault": "status"' }).waitFor();
      expect(JSON.parse((await json.textContent()) ?? '').response).toMatchObject({
        status: 503,
        body: { error: { type: 'api_error' } },
      });
      await page.locator('#json-close').click();

      const row = page.locator(`[data-resource="payouts"] tr[data-id="${created.id}"]`);
      await row.getByRole('button', { name: 'events' }).click();
      await page.locator('#events-of', { hasText: created.id }).waitFor();
      await client(server).payouts.approve(created.id);
      await page.locator('#events li[data-type="payout.approved"]').waitFor();
      const shown = await page.locator('#events li').allTextContents();
      expect(shown.length).toBe(2);
      expect(shown.every((text) => text.includes(created.id))).toBe(true);
      await page.getByRole('button', { name: 'Show all' }).click();
      // The seeded payouts' events come back beside this one's.
      await page.locator('#events li[data-type="payout.created"]').nth(2).waitFor();
      expect(await page.locator('#events-of').isHidden()).toBe(true);
      expect(errors.filter((error) => !/status of 503/.test(error))).toEqual([]);
    });

    it('tables show the declared columns first, and search, filter and page through every record', async () => {
      const server = await served();
      const { page, errors } = await open(server.inspectorUrl);
      const payouts = page.locator('[data-resource="payouts"]');
      await payouts.locator('.position', { hasText: '1–100 of 232' }).waitFor();
      expect(await payouts.locator('thead th').allTextContents()).toEqual(
        expect.arrayContaining(['id', 'status', 'amount', 'token', 'chain', 'recipient_address']),
      );
      expect((await payouts.locator('thead th').allTextContents()).slice(0, 3)).toEqual([
        'id',
        'status',
        'amount',
      ]);
      const revenue = page.locator('[data-resource="revenue_events"] thead th');
      expect(await revenue.allTextContents()).toEqual(expect.arrayContaining(['event_type', 'amount']));

      await payouts.getByRole('button', { name: 'Older' }).click();
      await payouts.locator('.position', { hasText: '101–200 of 232' }).waitFor();
      await payouts.getByRole('button', { name: 'Older' }).click();
      await payouts.locator('.position', { hasText: '201–232 of 232' }).waitFor();
      expect(await payouts.locator('tbody tr').count()).toBe(32);
      expect(await payouts.locator('tbody tr').last().textContent()).toContain('Invoice INV-0000');

      await payouts.getByRole('searchbox', { name: 'Search payouts' }).fill('inv-0007');
      await payouts.locator('.position', { hasText: '1–1 of 1 (232 in all)' }).waitFor();
      expect(await payouts.locator('tbody tr').textContent()).toContain('Invoice INV-0007');
      await payouts.getByRole('searchbox', { name: 'Search payouts' }).fill('');
      await payouts.getByRole('combobox', { name: 'Status of payouts' }).selectOption('approved');
      await payouts.locator('.position', { hasText: '1–58 of 58 (232 in all)' }).waitFor();
      expect(await payouts.locator('tbody .status').allTextContents()).toEqual(Array(58).fill('approved'));
      expect(errors).toEqual([]);
    });

    it('"+1 block" moves the clock to a chain’s next block: a Base payout is verifying, then settled', async () => {
      const server = await served();
      const created = await client(server).payouts.create(payout);
      await client(server).payouts.approve(created.id);
      await control(server, 'POST', 'clock', { set: '2030-01-01T00:00:00Z' });
      await control(server, 'POST', `simulate/executePayout`, { args: [created.id] });
      const { page, errors } = await open(server.inspectorUrl);
      const row = page.locator(`#chain tr[data-id="${created.id}"]`);
      await row.locator('.status', { hasText: 'executed' }).waitFor();
      await page.getByRole('button', { name: '+1 block base' }).click();
      await page.locator('#clock-now', { hasText: '2030-01-01T00:00:02.000Z' }).waitFor();
      await row.locator('.status', { hasText: 'verifying' }).waitFor();
      await page.getByRole('button', { name: '+1 block base' }).click();
      await row.locator('.status', { hasText: 'settled' }).waitFor();
      await page.locator('#clock-now', { hasText: '2030-01-01T00:00:04.000Z' }).waitFor();
      await page.getByRole('button', { name: '+1 block arbitrum' }).click();
      await page.locator('#clock-now', { hasText: '2030-01-01T00:00:04.250Z' }).waitFor();
      expect(errors).toEqual([]);
    });
  },
);
