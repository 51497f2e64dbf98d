/**
 * A real browser for the tests of the inspector's page: Debian's Chromium (`/usr/bin/chromium`)
 * driven by playwright-core, never a browser Playwright downloads; one profile, fresh, per test
 * file, and one tab that each test navigates anew (a tab costs its own renderer's start). Each
 * page's console errors and uncaught exceptions are collected per test, and after each test the
 * tab leaves its page (a page of its own is closed), with a screenshot and what it showed when the
 * test failed.
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
/** The tab every test navigates, made on first use, and what it reported during the test running. */
let tab: { page: Page; errors: string[] } | undefined;
/** The pages of the test running, and what each reported. */
const pages: { page: Page; errors: string[] }[] = [];
/** Where the tab is parked between tests: the 404s of that page and its icon may be reported after the next test starts. */
const parked = new Set<string>();

/**
 * Starts the browser for the test file that calls it (at its top level), in a fresh profile, and
 * closes it after the file; the tab leaves its page after each test. Per file, not per module: the files
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
      // Off the page, so that it reads nothing more, to its server's root, which is the same site
      // as the next test's page: the tab keeps its renderer (`about:blank` would swap it).
      if (page === tab?.page) {
        const root = new URL('/', page.url()).href;
        parked.add(root).add(new URL('/favicon.ico', root).href);
        await page.goto(root);
      } else await page.close();
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
        // The pages in the browser's own process: a renderer process and a GPU process are work
        // no test here needs (a sixth of the browser's CPU time).
        '--single-process',
      ],
    });
    // Far above what a step takes on a busy machine: a wait that never ends fails naming what it
    // waited for, before the test's own timeout ends it without saying.
    context.setDefaultTimeout(60_000);
  }, 120_000);
  afterAll(async () => {
    tab = undefined;
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });
}

/**
 * The file's tab loaded anew at `url`, with every console error and uncaught exception it reports
 * from now on; with `clock: true`, a new page whose timers run only as the test moves Playwright's
 * clock (`page.clock`), which stays installed in a page for good.
 */
export async function open(
  url: string,
  { clock = false }: { clock?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const opened = clock || tab === undefined ? watched(await context.newPage()) : { ...tab, errors: [] };
  if (clock) await opened.page.clock.install();
  else tab = opened;
  pages.push(opened);
  // The page reads the fake every 100 ms instead of every second: each wait for a change is shorter.
  await opened.page.goto(url.includes('#') ? `${url}&poll=100` : url);
  return opened;
}

/** A page whose console errors and uncaught exceptions go to the errors of its current test. */
function watched(page: Page): { page: Page; errors: string[] } {
  const own = { page, errors: [] as string[] };
  const errorsNow = () => (page === tab?.page ? tab.errors : own.errors);
  page.on('console', (message) => {
    if (message.type() === 'error' && !parked.has(message.location().url)) errorsNow().push(message.text());
  });
  page.on('pageerror', (error) => errorsNow().push(`uncaught: ${error.message}`));
  return own;
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
