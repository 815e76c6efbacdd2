import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { askToCancel } from './test-utils/ask-to-cancel.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { giveOrder } from './test-utils/orders.js';

// Told when an approval waits (issue 32), in Chromium against the real stack: the tab's title
// says so while the session on the page waits, and a browser notification comes while the tab is
// hidden, once the person allowed it with a click; the page never asks for permission by itself.

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

const BASE_TITLE = 'Order assistant';

/** Counts the page's asks for notification permission, from before its first script runs. */
async function countPermissionAsks(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsks: number };
    w.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.permissionAsks++;
      return ask(...args);
    };
  });
  return () => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
}

chromium.describe('told when an approval waits (in Chromium)', () => {
  browserIt('says in the tab title that an approval waits, and no more once it is answered', async (pages) => {
    const app = await askToCancel(pages, stack, 'T-1001');
    await app.page.waitForFunction((title) => document.title === title, `(1) Approval waiting — ${BASE_TITLE}`);
    const card = await app.approval('cancelOrder', 'waiting');
    await card.locator('button.approve').click();
    await app.assistantSays('Order T-1001 has been cancelled.');
    await app.page.waitForFunction((title) => document.title === title, BASE_TITLE);
  });

  browserIt('asks for notification permission only when the person clicks for it, never on load', async (pages) => {
    const page = await pages.newUserPage();
    const asks = await countPermissionAsks(page);
    const app = await new AppPage(page).open(stack.url);
    await giveOrder(stack.admin, await app.uid(), 'T-2001');
    await app.send('Please cancel my order T-2001, I ordered the wrong grinder.');
    await app.approval('cancelOrder', 'waiting');
    await app.idle();
    // Loaded, signed in, an approval waiting: nothing asked, the browser's answer still unset.
    expect(await asks()).toBe(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const button = page.getByRole('button', { name: 'Notify me when an approval waits' });
    await button.click();
    await page.waitForFunction(() => (window as unknown as { permissionAsks: number }).permissionAsks === 1);
  });

  browserIt('notifies once, while the tab is hidden, of an approval that comes to wait', async (pages) => {
    const page = await pages.newUserPage();
    await page.context().grantPermissions(['notifications'], { origin: stack.url });
    // The tab's visibility and the notifications it shows, as the page sees them.
    await page.addInitScript(() => {
      const w = window as unknown as { tabHidden: boolean; shown: { title: string; body?: string; tag?: string }[] };
      w.tabHidden = false;
      w.shown = [];
      Object.defineProperty(document, 'hidden', { get: () => w.tabHidden });
      const Real = Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          w.shown.push({ title, body: options?.body, tag: options?.tag });
        }
      }
      window.Notification = Recorded as typeof Notification;
    });
    const app = await new AppPage(page).open(stack.url);
    expect(await page.getByRole('button', { name: 'Notify me when an approval waits' }).isVisible()).toBe(false);
    await giveOrder(stack.admin, await app.uid(), 'T-3001');
    // The person sends, then turns to another tab before the approval comes.
    await page.evaluate(() => {
      (window as unknown as { tabHidden: boolean }).tabHidden = true;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await app.send('Please cancel my order T-3001, I ordered the wrong grinder.');
    await page.waitForFunction(() => (window as unknown as { shown: unknown[] }).shown.length > 0);
    await app.idle();
    const shown = await page.evaluate(() => (window as unknown as { shown: unknown[] }).shown);
    expect(shown).toEqual([{ title: 'Approval waiting', body: 'Cancel order T-3001?', tag: expect.any(String) }]);
  });
});
