import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (scripts/ensure-chromium.sh installs it). */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Where failed tests leave their screenshots and console logs (gitignored). */
export const RESULTS_DIR = resolve(import.meta.dirname, '../../test-results');

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
  async newUserPage(): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: 1000, height: 900 } });
    // The first call of a flow starts a function runtime: give the page time.
    context.setDefaultTimeout(60_000);
    this.contexts.push(context);
    const page = await context.newPage();
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
