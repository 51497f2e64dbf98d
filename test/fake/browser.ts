/**
 * A real browser for the tests of the inspector's page: Debian's Chromium (`/usr/bin/chromium`)
 * driven by playwright-core, never a browser Playwright downloads; one profile, fresh, per test
 * file. Each page's console errors and uncaught exceptions are collected, and each page is closed
 * after its test, with a screenshot and what it showed when the test failed.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { root } from './cli-process.js';

const chromiumPath = '/usr/bin/chromium';
/** Whether Chromium is installed where Debian's package puts it. */
export const hasChromium: boolean = existsSync(chromiumPath);
/** Why the browser tests are skipped without it, and how to install it. */
export const missing: string = `Chromium is missing at ${chromiumPath}: install it with \`apt-get update && apt-get install -y chromium\` (as root)`;
if (!hasChromium) process.stderr.write(`the inspector's browser tests are skipped: ${missing}\n`);

let context: BrowserContext;
/** The pages of the test running, and what each reported. */
const pages: { page: Page; errors: string[] }[] = [];

/**
 * Starts the browser for the test file that calls it (at its top level), in a fresh profile, and
 * closes it after the file; each page is closed after its test. Per file, not per module: the files
 * of a tier share a worker and its module cache, so hooks registered on import would run for the
 * first file only.
 */
export function useBrowser(): void {
  const profile = mkdtempSync(join(tmpdir(), 'chainbill-chromium-'));
  afterEach(async ({ task }) => {
    for (const { page, errors } of pages.splice(0)) {
      // A wait that never ends fails by the test's timeout: show what the page showed then.
      if (task.result?.state === 'fail') {
        const path = join(root, '.tmp/inspector-failure.png');
        await page.screenshot({ path });
        const shown = await page.locator('#notice, #answer').allTextContents();
        process.stderr.write(
          `the page showed ${JSON.stringify(shown)}, console errors ${JSON.stringify(errors)}: ${path}\n`,
        );
      }
      await page.close();
    }
  });
  beforeAll(async () => {
    if (!hasChromium) return;
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1280, height: 960 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    // Far above what a step takes on a busy machine: a wait that never ends fails naming what it
    // waited for, before the test's own timeout ends it without saying.
    context.setDefaultTimeout(60_000);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });
}

/**
 * A new page at `url`, with every console error and uncaught exception it reports; with
 * `clock: true`, its timers run only as the test moves Playwright's clock (`page.clock`).
 */
export async function open(
  url: string,
  { clock = false }: { clock?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  if (clock) await page.clock.install();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  pages.push({ page, errors });
  // The page reads the fake every 100 ms instead of every second: each wait for a change is shorter.
  await page.goto(url.includes('#') ? `${url}&poll=100` : url);
  return { page, errors };
}

/** Lets the pages of `origin` read and write the clipboard (the inspector's copy buttons). */
export function grantClipboard(origin: string): Promise<void> {
  return context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/**
 * A picture of the page for the docs: kept in `.tmp/<name of docs>` on every run, and written to
 * `docs` only when `UPDATE_SCREENSHOT=1` (its ids and times change each run).
 *
 * @param docs - Its path in the repository, for example `docs/inspector.png`.
 */
export async function screenshot(page: Page, docs: string): Promise<void> {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const path = join(root, '.tmp', basename(docs));
  await page.screenshot({ path });
  if (process.env['UPDATE_SCREENSHOT'] === '1') copyFileSync(path, join(root, docs));
}
