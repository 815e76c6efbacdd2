import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { askToCancel } from './test-utils/ask-to-cancel.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { newOrderOwner } from './test-utils/order-owner.js';

// How the app feels to a person, in Chromium against the real stack (as approvals.browser.test.ts):
// honest message states, the composer, waiting and loading cues, the account across tabs, the
// layout on a phone and on a desktop, and an automated accessibility check (axe-core). The tests
// also write the screenshots the docs show (docs/screenshots/).

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

const CALLABLE = '**/orderAssistant';

/** A gate a routed request waits at until the test opens it. */
function gate(): { wait: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** The boxes of every visible control a finger may tap on `page`. */
function tapTargets(page: Page): Promise<{ name: string; width: number; height: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, textarea, summary, a[href]')]
      .filter((node) => node.offsetParent !== null && node.getClientRects().length > 0)
      .map((node) => {
        const box = node.getBoundingClientRect();
        return { name: node.textContent?.trim() || node.id || node.tagName, width: box.width, height: box.height };
      }),
  );
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling). */
function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

chromium.describe('the approvals web app, as a person uses it (in Chromium)', () => {
  browserIt('shows a message as sending, with a working row, until the first chunk arrives', async (pages) => {
    const app = await newOrderOwner(pages, stack, 'W-1001');
    const held = gate();
    await app.page.route(CALLABLE, async (route) => {
      await held.wait;
      await route.continue();
    });
    await app.send('Where is my order W-1001?');

    const message = app.page.locator('.message.user');
    expect(await message.getAttribute('data-state')).toBe('pending');
    expect(await message.locator('.message-status').textContent()).toBe('Sending…');
    await app.page.locator('.working', { hasText: 'Working…' }).waitFor();
    // The box takes a message in a new conversation's first turn as in any later one: it waits for this answer.
    expect(await app.page.locator('#message').isDisabled()).toBe(false);
    expect(await app.composerHint()).toBe('A message you send now waits for the current answer, then goes.');

    held.open();
    await app.assistantSays('is processing; estimated delivery 2026-12-04.');
    expect(await message.getAttribute('data-state')).toBe('sent');
    expect(await message.locator('.message-status').isVisible()).toBe(false);
    expect(await app.page.locator('.working').count()).toBe(0);
  });

  browserIt(
    'keeps an unsent message as "Not sent", across a reload, and retries it with the same request id',
    async (pages) => {
      const app = await newOrderOwner(pages, stack, 'N-1001');
      const calls = app.recordCalls();
      // The network is down: the call never reaches the function.
      await app.page.route(CALLABLE, (route) => route.abort('internetdisconnected'));
      await app.send('Please cancel my order N-1001.');

      const message = app.page.locator('.message.user[data-state="failed"]');
      await message.waitFor();
      expect(await message.locator('.bubble').textContent()).toBe('Please cancel my order N-1001.');
      expect(await message.locator('.message-status').textContent()).toBe('Not sent');
      expect(await app.notice('error')).not.toBe('');

      // A reload keeps it: still "Not sent", its text and its request id kept.
      await app.reload();
      await message.waitFor();
      expect(await message.locator('.bubble').textContent()).toBe('Please cancel my order N-1001.');

      await app.page.unroute(CALLABLE);
      await message.getByRole('button', { name: 'Retry' }).click();
      await app.approval('cancelOrder', 'waiting');
      expect(await app.page.locator('.bubble.user').allTextContents()).toEqual(['Please cancel my order N-1001.']);
      expect(await app.page.locator('.message.user').getAttribute('data-state')).toBe('sent');
      expect(calls.length).toBe(2);
      expect(calls[1]?.requestId).toBe(calls[0]?.requestId);
    },
  );

  browserIt('says plainly when messages come too fast (RATE_LIMITED) and keeps the message', async (pages) => {
    const app = await new AppPage(await pages.newUserPage()).open(stack.url);
    // What the callable answers when the per-user rate limit refuses a call (docs/reference.md, errors).
    await app.page.route(CALLABLE, (route: Route) => {
      if (route.request().method() === 'OPTIONS') return route.continue();
      // A streaming call hears its refusal as a server-sent event, as firebase-functions sends it.
      const error = {
        status: 'RESOURCE_EXHAUSTED',
        message: 'too many calls',
        details: { reason: 'RATE_LIMITED', retryAfterMs: 7000 },
      };
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        headers: { 'access-control-allow-origin': stack.url },
        body: `data: ${JSON.stringify({ error })}\n\n`,
      });
    });
    await app.send('Where is my order A-1001?');

    expect(await app.notice('error')).toBe("You're sending messages too fast — try again in 7 s.");
    const message = app.page.locator('.message.user[data-state="failed"]');
    expect(await message.locator('.bubble').textContent()).toBe('Where is my order A-1001?');
    expect(await message.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);

    // Edit takes it back into the box, so sending it again leaves one bubble, not two.
    await message.getByRole('button', { name: 'Edit' }).click();
    expect(await app.page.locator('#message').inputValue()).toBe('Where is my order A-1001?');
    expect(await app.page.locator('.message.user').count()).toBe(0);
  });

  browserIt(
    'moves the focus to a new card, announces it and waits for its answer before more messages',
    async (pages) => {
      const app = await askToCancel(pages, stack, 'F-1001');
      const card = await app.approval('cancelOrder', 'waiting');
      expect(await card.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await app.page.locator('#announcer').textContent()).toBe('Approval needed: Cancel order F-1001?');
      expect(await app.page.locator('#message').isDisabled()).toBe(true);
      expect(await app.composerHint()).toBe('Answer the approval above to continue.');

      await card.locator('button.approve').click();
      await app.approval('cancelOrder', 'approved');
      await app.idle();
      expect(await app.page.locator('#message').isDisabled()).toBe(false);
      expect(await app.composerHint()).toBe('');
    },
  );

  browserIt('asks before a new conversation drops a pending approval', async (pages) => {
    const app = await askToCancel(pages, stack, 'C-1001');
    const sessionId = app.sessionId();
    await app.page.locator('#new').click();
    const dialog = app.page.getByRole('dialog', { name: 'Start a new conversation?' });
    expect(await dialog.textContent()).toContain('“Cancel order C-1001?” is still waiting for your answer.');
    await dialog.getByRole('button', { name: 'Keep this conversation' }).click();
    await app.approval('cancelOrder', 'waiting');
    expect(app.sessionId()).toBe(sessionId);

    await app.page.locator('#new').click();
    await app.page.getByRole('dialog').getByRole('button', { name: 'Start over' }).click();
    await app.page.locator('.empty').waitFor();
    expect(await app.page.locator('.approval').count()).toBe(0);
    expect(app.sessionId()).toBeUndefined();
  });

  browserIt('grows the message box, counts up to the limit and never cuts a long paste', async (pages) => {
    const app = await new AppPage(await pages.newUserPage()).open(stack.url);
    const box = app.page.locator('#message');
    const oneLine = (await box.boundingBox())?.height ?? 0;
    await box.fill('one\ntwo\nthree\nfour');
    expect((await box.boundingBox())?.height).toBeGreaterThan(oneLine * 2);
    expect(await app.page.locator('#counter').isVisible()).toBe(false);

    await box.fill('x'.repeat(31_000));
    expect(await app.page.locator('#counter').textContent()).toBe('31,000 / 32,000');
    expect(await app.page.locator('#send').isEnabled()).toBe(true);

    await box.fill('x'.repeat(32_050));
    expect(await box.inputValue()).toHaveLength(32_050);
    expect(await app.page.locator('#counter').textContent()).toBe('50 characters over the 32,000 limit');
    expect(await app.page.locator('#send').isDisabled()).toBe(true);

    // Enter sends, Shift+Enter starts a new line.
    await box.fill('Where is my order');
    await box.press('Shift+Enter');
    await box.pressSequentially('A-1001?');
    expect(await box.inputValue()).toBe('Where is my order\nA-1001?');
    await box.press('Enter');
    await app.page.locator('.message.user').waitFor();
    expect(await box.inputValue()).toBe('');
  });

  browserIt('shows a loading state while a conversation is restored', async (pages) => {
    const app = await askToCancel(pages, stack, 'G-1001');
    const held = gate();
    // Hold the page's reads of Firestore: the restore waits on them.
    await app.page.route(`http://${stack.firestoreHost}/**`, async (route) => {
      await held.wait;
      await route.continue().catch(() => undefined);
    });
    await app.page.reload();
    await app.page.locator('.loading', { hasText: 'Loading your conversation…' }).waitFor();
    expect(await app.page.locator('#message').isDisabled()).toBe(true);
    expect(await app.page.locator('.empty').isVisible()).toBe(false);

    held.open();
    await app.page.unroute(`http://${stack.firestoreHost}/**`);
    await app.approval('cancelOrder', 'waiting');
    expect(await app.page.locator('.loading').count()).toBe(0);
  });

  browserIt('shows the account signed in now when another tab signs in as someone else', async (pages) => {
    const app = await askToCancel(pages, stack, 'T-1001');
    expect(await app.page.locator('#whoami').textContent()).toMatch(/^Guest · /);
    const other = await new AppPage(await pages.sameUserPage(app.page)).open(stack.url, '?user=alice');
    expect(await other.page.locator('#whoami').textContent()).toBe('Signed in as alice@example.com');

    await app.page.locator('#whoami', { hasText: 'Signed in as alice@example.com' }).waitFor();
    expect(await app.notice('info')).toContain('You signed in as alice@example.com in another tab');
    expect(await app.page.locator('.approval').count()).toBe(0);
  });

  browserIt('fits a 390×844 phone: pinned header and composer, side-by-side actions, 44 px targets', async (pages) => {
    const app = await askToCancel(pages, stack, 'M-1001', PHONE);
    const { page } = app;
    expect(await fitsWidth(page)).toBe(true);

    const card = await app.approval('cancelOrder', 'waiting');
    // Both read in one frame: the conversation may still be scrolling to the card as it arrives.
    const [a, d] = await card.evaluate((node) =>
      ['button.approve', '.choices button.decline'].map(
        (selector) => node.querySelector(selector)?.getBoundingClientRect().y,
      ),
    );
    expect(a !== undefined && d !== undefined && Math.abs(a - d) < 1).toBe(true);
    for (const target of await tapTargets(page)) {
      expect({ ...target, ok: target.height >= 44 && target.width >= 44 }).toMatchObject({ ok: true });
    }
    const header = await page.locator('header.top').boundingBox();
    expect(header && header.x >= 0 && header.x + header.width <= PHONE.width).toBe(true);

    // A long word wraps inside its bubble; the conversation scrolls between a fixed header and composer.
    await card.locator('button.approve').click();
    await app.approval('cancelOrder', 'approved');
    await app.idle();
    await app.send(`Where is my order M-1001? ${'Supercalifragilistic'.repeat(12)}`);
    await app.page.locator('.message.user[data-state="sent"]').last().waitFor();
    await app.idle();
    expect(await fitsWidth(page)).toBe(true);
    const bubble = await page.locator('.bubble.user').last().boundingBox();
    expect(bubble && bubble.x + bubble.width <= PHONE.width).toBe(true);
    const scroller = page.locator('#scroller');
    expect(await scroller.evaluate((node) => node.scrollHeight > node.clientHeight)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
    expect((await page.locator('header.top').boundingBox())?.y).toBe(0);
    const dock = await page.locator('footer.dock').boundingBox();
    expect(dock && Math.round(dock.y + dock.height)).toBe(PHONE.height);
  });

  browserIt('fits every width from 360 to 1440 px without sideways scrolling', async (pages) => {
    const app = await askToCancel(pages, stack, 'V-1001', { width: 360, height: 740 });
    for (const width of [360, 414, 768, 1024, 1440]) {
      await app.page.setViewportSize({ width, height: 800 });
      expect({ width, fits: await fitsWidth(app.page) }).toEqual({ width, fits: true });
    }
  });

  browserIt(
    'passes axe-core with no moderate or worse violation (best practices too), empty, pending, declining and decided',
    async (pages) => {
      const empty = await new AppPage(await pages.newUserPage(DESKTOP)).open(stack.url);
      await empty.page.locator('.suggestion').first().waitFor();
      await saveScreenshot(empty.page, 'empty-desktop');
      expect(await axeViolations(empty.page)).toEqual([]);

      const app = await askToCancel(pages, stack, 'X-1001', DESKTOP);
      await saveScreenshot(app.page, 'pending-desktop');
      expect(await axeViolations(app.page)).toEqual([]);
      const card = await app.approval('cancelOrder', 'waiting');
      await card.locator('.choices button.decline').click();
      await card.locator('input.reason').fill('I still need it for the office');
      await saveScreenshot(app.page, 'declining-desktop');
      expect(await axeViolations(app.page)).toEqual([]);
      await card.locator('button.back').click();

      await card.locator('button.approve').click();
      await app.approval('cancelOrder', 'approved');
      await app.assistantSays('Order X-1001 has been cancelled.');
      await app.idle();
      await saveScreenshot(app.page, 'decided-desktop');
      expect(await axeViolations(app.page)).toEqual([]);

      const phone = await askToCancel(pages, stack, 'X-2001', PHONE);
      expect(await axeViolations(phone.page)).toEqual([]);
    },
  );

  browserIt('serves a favicon and loads with no missing files', async (pages) => {
    const page = await pages.newUserPage();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await new AppPage(page).open(stack.url);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const response = await page.request.get(`${stack.url}${icon}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('svg');
    expect(missing).toEqual([]);
  });
});
