import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppPage } from './test-utils/app-page.js';
import { askAboutOrder } from './test-utils/ask-about-order.js';
import { DESKTOP, PHONE } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import type { StreamGate } from './test-utils/stream-gate.js';

// What the person must act on or read comes into view whole, whoever scrolled up to read: an
// approval card that arrives, its decline form once opened, and the line that says a turn was
// stopped; the "New words below" control never covers them. The flows talk to the repo's fake
// Gemini server through a gate (the stack's `model`), so a turn is held while the reader scrolls up.

const chromium = chromiumSuite({ gatedModel: true });
const { stack, it: browserIt } = chromium;

const model = (): StreamGate => stack.model as StreamGate;

/** Where `selector`'s element is: whole inside the conversation's visible area, and whether "New words below" covers it. */
const placeOf = (page: Page, selector: string) =>
  page.evaluate((target) => {
    const element = [...document.querySelectorAll(target)].at(-1) as HTMLElement;
    const box = element.getBoundingClientRect();
    const area = (document.querySelector('#scroller') as HTMLElement).getBoundingClientRect();
    const below = document.querySelector('.new-words') as HTMLElement;
    const cover = below.getBoundingClientRect();
    const overlaps =
      !below.hidden &&
      cover.left < box.right &&
      box.left < cover.right &&
      cover.top < box.bottom &&
      box.top < cover.bottom;
    return {
      whole:
        box.top >= area.top - 1 && box.bottom <= area.bottom + 1 && box.left >= 0 && box.right <= window.innerWidth,
      covered: overlaps,
    };
  }, selector);

/** The reader scrolls the conversation to its top (to read back), away from where answers arrive. */
async function scrollUp(app: AppPage): Promise<void> {
  await app.page.locator('#scroller').evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await app.page.waitForFunction(() => (document.querySelector('#scroller') as HTMLElement).scrollTop === 0);
}

/** A conversation longer than the screen: three questions answered about `orderId`. */
async function longConversation(app: AppPage, orderId: string): Promise<void> {
  for (const question of [`Is ${orderId} on its way?`, `When does ${orderId} arrive?`]) {
    await app.send(question);
    await app.page.locator('.bubble.user', { hasText: question }).waitFor();
    await app.idle();
  }
}

chromium.describe('what the person acts on, in view whole (in Chromium)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    browserIt(`shows an arriving approval card and its decline form whole, uncovered (${size})`, async (pages) => {
      const orderId = size === 'phone' ? 'V-1001' : 'V-1002';
      const app = await askAboutOrder(pages, stack, orderId, viewport);
      await longConversation(app, orderId);
      // The turn looks the order up, then is held before the model asks to cancel it.
      const held = model().holdBefore(1);
      await app.send(`Please cancel my order ${orderId}, I ordered the wrong grinder.`);
      await held.reached;
      await scrollUp(app);
      held.release();
      const card = await app.approval('cancelOrder', 'waiting');
      await app.idle();
      await expect.poll(() => placeOf(app.page, 'article.approval')).toEqual({ whole: true, covered: false });
      await scrollUp(app);
      await card.locator('.choices button.decline').click();
      await card.locator('.decline-form').waitFor();
      await expect.poll(() => placeOf(app.page, '.decline-form')).toEqual({ whole: true, covered: false });
    });

    browserIt(`shows the line that says a turn was stopped whole, uncovered (${size})`, async (pages) => {
      const orderId = size === 'phone' ? 'V-1003' : 'V-1004';
      const app = await askAboutOrder(pages, stack, orderId, viewport);
      await longConversation(app, orderId);
      const held = model().holdBefore(1);
      await app.send(`Please cancel my order ${orderId}, I ordered the wrong grinder.`);
      await held.reached;
      await scrollUp(app);
      await app.page.locator('#stop').click();
      await app.page.locator('#log .turn-note.stopped').waitFor();
      held.release();
      await app.idle();
      await expect.poll(() => placeOf(app.page, '#log .turn-note.stopped')).toEqual({ whole: true, covered: false });
    });
  }
});
