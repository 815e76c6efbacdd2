import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { AppPage } from './test-utils/app-page.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, type PageSet, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { newOrderOwner } from './test-utils/order-owner.js';
import { giveOrder } from './test-utils/orders.js';

// The versions of a conversation (the kit's branches) as a person uses them: Edit on a sent
// message opens it in place and saves it as a new version (the client's `editMessage`), the
// `< 2 / 2 >` switcher goes back to the old words and forth (`showBranch`, the pick kept across a
// reload), Regenerate asks for the last answer again as one more version (`regenerate`), and no
// accessibility rule is broken in any of these states (axe).

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

/** The `n`th of the person's messages on the page (0-based). */
const userMessage = (app: AppPage, n: number): Locator => app.page.locator('#log .message.user').nth(n);

/** Waits until `message`'s switcher reads `count` ("2 / 2"). */
async function versionReads(message: Locator, count: string): Promise<void> {
  await message.locator('.versions .version-count > [aria-hidden="true"]', { hasText: count }).waitFor();
}

/** Whether `message`'s switcher buttons are disabled: [previous, next]. */
async function stepsDisabled(message: Locator): Promise<boolean[]> {
  return Promise.all(
    ['Previous version', 'Next version'].map((name) => message.getByRole('button', { name }).isDisabled()),
  );
}

/** The accessible name of the element that has the focus (its label, or its words). */
const focused = (app: AppPage): Promise<string> =>
  app.page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
  );

/** A conversation of two turns on a desktop: "Hello", then where order `orderId` is, both answered. */
async function askedTwice(pages: PageSet, orderId: string): Promise<AppPage> {
  const app = await newOrderOwner(pages, stack, orderId, DESKTOP);
  await app.send('Hello');
  await app.assistantSays('Which order do you mean?');
  await app.idle();
  await app.send(`Where is my order ${orderId}?`);
  await app.assistantSays(`Order ${orderId} (Espresso grinder) is processing`);
  await app.idle();
  return app;
}

chromium.describe('versions of a conversation (in Chromium)', () => {
  browserIt(
    'edits a sent message into a new version, and switches back to the old words and forth, across a reload',
    async (pages) => {
      const app = await askedTwice(pages, 'V-2001');
      await giveOrder(stack.admin, await app.uid(), 'V-2002');

      // The first message goes on from the empty conversation: its Edit is offered as every other.
      const first = userMessage(app, 0).getByRole('button', { name: 'Edit' });
      await first.waitFor();
      expect(await first.getAttribute('aria-disabled')).toBeNull();

      // Edit opens the message in place; Escape leaves it as it was, the focus back on Edit.
      const second = userMessage(app, 1);
      await second.getByRole('button', { name: 'Edit' }).click();
      const box = second.getByRole('textbox', { name: 'Edit your message' });
      expect(await box.inputValue()).toBe('Where is my order V-2001?');
      expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await axeViolations(app.page)).toEqual([]);
      await box.press('Escape');
      await second.locator('.bubble.user').waitFor({ state: 'visible' });
      expect(await box.count()).toBe(0);
      expect(await focused(app)).toBe('Edit');

      // Saved (Enter), the message goes on as a new version, which the page shows: 2 / 2.
      await second.getByRole('button', { name: 'Edit' }).click();
      await box.fill('Where is my order V-2002?');
      await box.press('Enter');
      await app.assistantSays('Order V-2002 (Espresso grinder) is processing');
      await app.idle();
      await versionReads(second, '2 / 2');
      expect(await second.locator('.bubble.user').textContent()).toBe('Where is my order V-2002?');
      expect(await stepsDisabled(second)).toEqual([false, true]);
      expect(await app.page.locator('#log .bubble.user').allTextContents()).toEqual([
        'Hello',
        'Where is my order V-2002?',
      ]);
      expect(await axeViolations(app.page)).toEqual([]);
      await saveScreenshot(app.page, 'versions-desktop');

      // Back to the old words (1 / 2), their answer with them; the focus stays on the switcher.
      await second.getByRole('button', { name: 'Previous version' }).click();
      await versionReads(second, '1 / 2');
      await second.locator('.bubble.user', { hasText: 'Where is my order V-2001?' }).waitFor();
      await app.assistantSays('Order V-2001 (Espresso grinder) is processing');
      expect(await app.page.locator('#log .bubble.assistant', { hasText: 'V-2002' }).count()).toBe(0);
      expect(await stepsDisabled(second)).toEqual([true, false]);
      expect(await focused(app)).toBe('Next version');
      expect(await app.composerHint()).toMatch(/earlier version/);
      // The version picked is kept across a reload.
      await app.reload();
      await versionReads(second, '1 / 2');
      await app.assistantSays('Order V-2001 (Espresso grinder) is processing');

      await second.getByRole('button', { name: 'Next version' }).click();
      await versionReads(second, '2 / 2');
      await second.locator('.bubble.user', { hasText: 'Where is my order V-2002?' }).waitFor();
    },
  );

  browserIt('regenerates the last answer as a new version of it, the one before still there to read', async (pages) => {
    const app = await askedTwice(pages, 'V-2003');
    await app.page.getByRole('button', { name: 'Regenerate' }).click();
    const second = userMessage(app, 1);
    await versionReads(second, '2 / 2');
    await app.assistantSays('Order V-2003 (Espresso grinder) is processing');
    await app.idle();
    await app.page.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(await stepsDisabled(second)).toEqual([false, true]);
    expect(await axeViolations(app.page)).toEqual([]);
    await second.getByRole('button', { name: 'Previous version' }).click();
    await versionReads(second, '1 / 2');
    await app.assistantSays('Order V-2003 (Espresso grinder) is processing');
    expect(await stepsDisabled(second)).toEqual([true, false]);
  });
});
