import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { askAboutOrder } from './test-utils/ask-about-order.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';

// The page as a person holds it, in Chromium against the real stack: a conversation opens at its
// newest words with nothing over them, and a 360 px phone never scrolls sideways, whoever is
// signed in (a guest, an owner, a manager with the Approvals button), in light and dark.

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

/** The narrowest phone the app is laid out for. */
const NARROW = { width: 360, height: 740 } as const;

/** How far the conversation is from its bottom, and whether "New words below" shows. */
const bottomOf = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('#scroller') as HTMLElement;
    const below = document.querySelector('.new-words') as HTMLElement;
    return {
      fromBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
      overflows: scroller.scrollHeight > scroller.clientHeight,
      newWordsShown: !below.hidden,
    };
  });

/** What a narrow page's header does: how much wider than the screen the page is, and what is covered or cut. */
const headerOf = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => (document.querySelector(selector) as HTMLElement).getBoundingClientRect();
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const logo = box('.logo');
    const title = box('.top h1');
    const buttons = [...document.querySelectorAll<HTMLElement>('.actions > button:not([hidden])')].map((button) =>
      button.getBoundingClientRect(),
    );
    const whoami = document.querySelector('#whoami') as HTMLElement;
    const brand = box('.brand');
    return {
      // The controls stand beside the name, not on a row of their own under it.
      oneRow: buttons.every((button) => button.top < brand.bottom && button.bottom > brand.top),
      sideways: document.documentElement.scrollWidth - window.innerWidth,
      headerSideways: (document.querySelector('.top') as HTMLElement).scrollWidth - window.innerWidth,
      covered: buttons.some((button) => overlaps(button, logo) || overlaps(button, title)),
      offScreen: buttons.some((button) => button.right > window.innerWidth || button.left < 0),
      whoamiCut: whoami.scrollWidth > whoami.clientWidth,
      whoami: whoami.textContent ?? '',
    };
  });

/**
 * Opens the header's menu from the keyboard and Tabs into it: its button says it is expanded,
 * and its items (each `names` among them) take the focus in turn. Leaves it open.
 */
async function usesMenuByKeyboard(page: Page, names: string[]): Promise<void> {
  const menu = page.locator('#menu');
  await menu.waitFor();
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  await menu.focus();
  await page.keyboard.press('Enter');
  await page.locator('#menu[aria-expanded="true"]').waitFor();
  await page.locator('#header-menu').waitFor();
  const items = page.locator('#header-menu > button:not([hidden])');
  const shown = await items.allTextContents();
  for (const name of names) expect(shown.some((text) => text.includes(name))).toBe(true);
  for (let i = 0; i < shown.length; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#header-menu') !== null)).toBe(true);
  }
}

chromium.describe('the page laid out for the person reading it (in Chromium)', () => {
  browserIt('shows every header control in its row on a desktop, with no menu', async (pages) => {
    const page = await pages.newUserPage(DESKTOP);
    await new AppPage(page).open(stack.url, '?user=mary');
    await page.locator('#approvals').waitFor();
    expect(await page.locator('#menu').isVisible()).toBe(false);
    for (const control of ['#approvals', '#history', '#new'])
      expect(await page.locator(control).isVisible()).toBe(true);
    expect(await headerOf(page)).toMatchObject({ sideways: 0, oneRow: true });
  });

  for (const [size, viewport] of [
    ['phone', { width: PHONE.width, height: 520 }],
    ['desktop', { width: DESKTOP.width, height: 460 }],
  ] as const) {
    browserIt(
      `opens a conversation longer than the screen at its newest words, nothing over them (${size})`,
      async (pages) => {
        const orderId = size === 'phone' ? 'L-1001' : 'L-1002';
        const app = await askAboutOrder(pages, stack, orderId, viewport);
        await app.send(`And where is my order ${orderId} now?`);
        await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').nth(1).waitFor();
        await app.idle();

        await app.reload();
        await app.page.locator('.bubble.user', { hasText: 'now?' }).waitFor();
        // The newest answer's words are drawn, and the page rests at them.
        await app.page.waitForFunction(() => {
          const scroller = document.querySelector('#scroller') as HTMLElement;
          return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
        });
        const opened = await bottomOf(app.page);
        expect(opened.overflows).toBe(true);
        expect(opened.newWordsShown).toBe(false);

        // A second tab at the bottom follows a new answer to its end.
        const second = new AppPage(await pages.sameUserPage(app.page));
        await second.open(stack.url, `?session=${app.sessionId()}`);
        await app.send(`Is ${orderId} late?`);
        await second.page.locator('.bubble.user', { hasText: 'late?' }).waitFor();
        await second.idle();
        await app.idle();
        for (const tab of [app, second]) {
          await tab.page.waitForFunction(() => {
            const scroller = document.querySelector('#scroller') as HTMLElement;
            return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
          });
          expect((await bottomOf(tab.page)).newWordsShown).toBe(false);
        }
        expect(await axeViolations(app.page)).toEqual([]);
      },
    );
  }

  for (const [who, query] of [
    ['a guest', ''],
    ['an owner', '?user=alice'],
    ['a manager', '?user=mary'],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      browserIt(`never scrolls sideways on a 360 px phone, for ${who} (${scheme})`, async (pages) => {
        const page = await pages.newUserPage(NARROW);
        await page.emulateMedia({ colorScheme: scheme });
        const app = await new AppPage(page).open(stack.url, query);
        // A manager's Approvals button is in the header, in its row or in its menu.
        if (who === 'a manager') await page.locator('#approvals').waitFor({ state: 'attached' });
        const header = await headerOf(page);
        expect(header).toMatchObject({
          sideways: 0,
          headerSideways: 0,
          covered: false,
          offScreen: false,
          oneRow: true,
        });
        expect(header.whoamiCut).toBe(false);
        expect(header.whoami).toMatch(who === 'a guest' ? /^Guest · / : /^Signed in as /);
        // The message box is as wide as the text it shows: most of the screen.
        const box = await app.page.locator('#message').evaluate((node) => node.getBoundingClientRect().width);
        expect(box).toBeGreaterThan(NARROW.width * 0.5);
        expect(await axeViolations(page)).toEqual([]);
        if (scheme === 'light') await saveScreenshot(page, `phone-360-${who.replace(/^an? /, '')}`);
        await usesMenuByKeyboard(page, who === 'a manager' ? ['Approvals', 'Conversations'] : ['Conversations']);
        expect(await axeViolations(page)).toEqual([]);
        if (scheme === 'light' && who === 'a manager') await saveScreenshot(page, 'menu-open-phone');
        await page.keyboard.press('Escape');
        await page.locator('#menu[aria-expanded="false"]').waitFor();
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('menu');
        expect(await page.locator('#header-menu').isVisible()).toBe(false);
      });
    }
  }
});
