import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { it } from 'vitest';

/** Debian's Chromium (scripts/ensure-chromium.sh installs it). */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Where failed tests leave their screenshots and console logs (gitignored). */
export const RESULTS_DIR = resolve(import.meta.dirname, '../../test-results');

/** Where the tests leave the screenshots the docs show. */
export const SCREENSHOTS_DIR = resolve(import.meta.dirname, '../../../docs/screenshots');

/** A phone's viewport (CSS pixels), as the "390×844". */
export const PHONE = { width: 390, height: 844 } as const;

/** A laptop's viewport. */
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Saves a screenshot of what `page` shows now as docs/screenshots/`name`.png, when asked
 * (`SCREENSHOTS=1`): an ordinary run leaves the committed pictures alone.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // The caret blinks and the working dots pulse: hide them so a screenshot shows the same each run.
  await page.screenshot({ path: resolve(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

// This machine has no network beyond loopback: background networking only fills the log with refusals.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium; Playwright gives it a fresh, empty user-data-dir of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** The pages a test opened, each with what its console said; screenshots of them all on failure. */
export class PageSet {
  private readonly contexts: BrowserContext[] = [];
  private readonly pages: { page: Page; log: string[] }[] = [];

  constructor(private readonly browser: Browser) {}

  /** A page in a new browser context: a new profile, so a new anonymous user. */
  async newUserPage(viewport: { width: number; height: number } = { width: 1000, height: 900 }): Promise<Page> {
    const context = await this.browser.newContext({ viewport });
    // The first call of a flow starts a function runtime: give the page time.
    context.setDefaultTimeout(60_000);
    this.contexts.push(context);
    return this.watch(await context.newPage());
  }

  /** Another tab of the same profile as `page` (the same signed-in user, sharing its storage). */
  async sameUserPage(page: Page): Promise<Page> {
    return this.watch(await page.context().newPage());
  }

  private watch(page: Page): Page {
    const log: string[] = [];
    page.on('console', (message) => log.push(`[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => log.push(`[pageerror] ${error.message}`));
    this.pages.push({ page, log });
    return page;
  }

  /** Saves a full-page screenshot and the console log of every page, named after `test`. */
  async saveEvidence(test: string): Promise<string[]> {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const slug = test.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 80);
    const saved: string[] = [];
    for (const [i, { page, log }] of this.pages.entries()) {
      const base = resolve(RESULTS_DIR, `${slug}-${i + 1}`);
      await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
      writeFileSync(`${base}.console.txt`, log.join('\n'));
      saved.push(`${base}.png`);
    }
    return saved;
  }

  /** Closes every context it opened. */
  async close(): Promise<void> {
    await Promise.all(this.contexts.map((context) => context.close().catch(() => undefined)));
  }
}

/** A test with its own pages; on failure their screenshots and console logs go to web/test-results/. */
export function browserIt(name: string, browser: () => Browser, body: (pages: PageSet) => Promise<void>): void {
  it(name, async () => {
    const pages = new PageSet(browser());
    try {
      await body(pages);
    } catch (error) {
      const saved = await pages.saveEvidence(name);
      console.error(`[browser test] "${name}" failed; screenshots: ${saved.join(', ')}`);
      throw error;
    } finally {
      await pages.close();
    }
  });
}
