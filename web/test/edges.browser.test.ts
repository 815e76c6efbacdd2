import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { OFFLINE_WORDS } from '../src/connection-state.js';
import { OFFLINE_NOT_SENT_WORDS } from '../src/error-words.js';
import { askAboutOrder } from './test-utils/ask-about-order.js';
import { askToCancel } from './test-utils/ask-to-cancel.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { newOrderOwner } from './test-utils/order-owner.js';
import { giveOrder } from './test-utils/orders.js';

// The app honest at its edges, in Chromium against the real stack: a reader who scrolled up is
// left there, Back and Forward move between conversations (during a turn too), offline is said
// and goes by itself, a message the server took never shows "Not sent", and dark mode passes axe.
// Answers are held mid-stream by a gate in front of the functions (as live.browser.test.ts).

const chromium = chromiumSuite({ gatedCalls: true });
const { stack, calls, it: browserIt } = chromium;

/** A server-sent event of a streamed chunk (not the final result). */
const isChunk = (event: string): boolean => event.includes('"message"');

/** How far the conversation is scrolled from its top, and from its bottom. */
const scrollOf = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('#scroller') as HTMLElement;
    return {
      top: scroller.scrollTop,
      fromBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
      overflows: scroller.scrollHeight > scroller.clientHeight,
    };
  });

chromium.describe('the app at its edges (in Chromium)', () => {
  browserIt('leaves a reader who scrolled up where they are, and says new words arrived below', async (pages) => {
    const app = await askAboutOrder(pages, stack, 'S-1001', { width: 1000, height: 420 });
    await calls.route(app.page);
    const held = calls.holdAfter(isChunk);
    await app.send('Where is my order S-1001?');
    await held.reached;
    expect((await scrollOf(app.page)).overflows).toBe(true);

    // The person scrolls up to read, as with a mouse wheel.
    await app.page.locator('#scroller').hover();
    await app.page.mouse.wheel(0, -5000);
    await app.page.waitForFunction(() => (document.querySelector('#scroller') as HTMLElement).scrollTop === 0);

    held.release();
    await app.idle();
    await app.page.locator('.new-words').waitFor({ state: 'visible' });
    expect((await scrollOf(app.page)).top).toBe(0);
    expect(await axeViolations(app.page)).toEqual([]);

    await app.page.getByRole('button', { name: 'New words below' }).click();
    await app.page.waitForFunction(() => {
      const scroller = document.querySelector('#scroller') as HTMLElement;
      return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
    });
    expect(await app.page.locator('.new-words').isVisible()).toBe(false);
  });

  browserIt('moves between conversations with Back and Forward, and switches during a turn', async (pages) => {
    const app = await askAboutOrder(pages, stack, 'H-1001');
    const first = app.sessionId();
    await giveOrder(stack.admin, await app.uid(), 'H-1002');

    await app.page.locator('#new').click();
    await app.page.locator('.empty').waitFor();
    await app.send('Where is my order H-1002?');
    await app.assistantSays('H-1002');
    await app.idle();
    const second = app.sessionId();
    expect(second).not.toBe(first);

    await app.page.goBack();
    await app.page.locator('.bubble.user', { hasText: 'H-1001' }).waitFor();
    expect(app.sessionId()).toBe(first);
    expect(await app.page.locator('.bubble.user').allTextContents()).toEqual(['Where is my order H-1001?']);

    await app.page.goForward();
    await app.page.locator('.bubble.user', { hasText: 'H-1002' }).waitFor();
    expect(app.sessionId()).toBe(second);

    // During a turn: the list opens the other conversation, and the turn's words never land in it.
    await calls.route(app.page);
    const held = calls.holdAfter(isChunk);
    await app.send('Where is my order H-1002 now?');
    await held.reached;
    await app.page.locator('#history').click();
    await app.page.locator(`.conversation[data-session="${first}"]`).click();
    await app.page.locator('.bubble.user', { hasText: 'H-1001' }).waitFor();
    expect(app.sessionId()).toBe(first);
    expect(await app.page.locator('#message').isDisabled()).toBe(false);
    held.release();
    await app.page.goBack();
    await app.page.locator('.bubble.user', { hasText: 'H-1002 now' }).waitFor();
    await app.page.locator('.bubble.user', { hasText: 'H-1002 now' }).waitFor();
    await app.idle();
    expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
    expect(await app.page.locator('.bubble.user').allTextContents()).toEqual([
      'Where is my order H-1002?',
      'Where is my order H-1002 now?',
    ]);
  });

  browserIt('says when the browser is offline, and stops saying so when it is back', async (pages) => {
    const app = await askAboutOrder(pages, stack, 'O-1001');
    const line = app.page.locator('.connection');
    expect(await line.isVisible()).toBe(false);
    await app.page.context().setOffline(true);
    await line.waitFor({ state: 'visible' });
    expect(await line.textContent()).toBe(OFFLINE_WORDS);
    expect(await axeViolations(app.page)).toEqual([]);
    await app.page.context().setOffline(false);
    await line.waitFor({ state: 'hidden' });
  });

  browserIt(
    'keeps a message sent offline as Not sent, with Retry, and the notice goes when back online',
    async (pages) => {
      const app = await askAboutOrder(pages, stack, 'N-1001', PHONE);
      await app.page.context().setOffline(true);
      await app.page.locator('.connection').waitFor({ state: 'visible' });
      await app.send('Where is my order N-1001 now?');
      const failed = app.page.locator('.message.user[data-state="failed"]');
      await failed.waitFor();
      expect(await failed.locator('.bubble').textContent()).toBe('Where is my order N-1001 now?');
      expect(await app.notice('error')).toBe(OFFLINE_NOT_SENT_WORDS);
      // Kept where it was sent, not put back into the message box.
      expect(await app.page.locator('#message').inputValue()).toBe('');
      expect(await axeViolations(app.page)).toEqual([]);
      await saveScreenshot(app.page, 'offline-not-sent-phone');

      await app.page.context().setOffline(false);
      await app.page.locator('.notice.error').waitFor({ state: 'detached' });
      await failed.getByRole('button', { name: 'Retry' }).click();
      await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').nth(1).waitFor();
      await app.idle();
      expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
      expect(await app.page.locator('.bubble.user').allTextContents()).toEqual([
        'Where is my order N-1001?',
        'Where is my order N-1001 now?',
      ]);
    },
  );

  browserIt('shows a message the server took as sent when its answer never arrived', async (pages) => {
    const app = await askAboutOrder(pages, stack, 'T-1001');
    // Every answer is lost on its way back, after the function ran the turn.
    await app.page.route('**/orderAssistant', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await app.send('Where is my order T-1001 now?');
    await app.page.locator('.bubble.assistant').nth(1).waitFor();
    await app.idle();
    expect(await app.page.locator('.notice.error').count()).toBe(0);
    await app.page.locator('.bubble.user', { hasText: 'T-1001 now' }).waitFor();
    expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
    expect(await app.page.locator('.bubble.user').allTextContents()).toEqual([
      'Where is my order T-1001?',
      'Where is my order T-1001 now?',
    ]);
  });

  browserIt(
    'shows the approval card, and no error, when the answer that brought it was lost on its way',
    async (pages) => {
      const app = await askAboutOrder(pages, stack, 'E-1001');
      await app.page.route('**/orderAssistant', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await route.fetch();
        await route.abort('connectionreset');
      });
      await app.send('Please cancel my order E-1001.');
      await app.approval('cancelOrder', 'waiting');
      await app.idle();
      expect(await app.page.locator('.notice.error').count()).toBe(0);
      expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
      expect(await axeViolations(app.page)).toEqual([]);
    },
  );

  browserIt('takes a message during the first turn of a new conversation as it does later', async (pages) => {
    const app = await newOrderOwner(pages, stack, 'Q-1001');
    await calls.route(app.page);
    const held = calls.holdBefore();
    await app.send('Where is my order Q-1001?');
    await held.reached;
    expect(await app.page.locator('#message').isDisabled()).toBe(false);
    expect(await app.composerHint()).toBe('A message you send now waits for the current answer, then goes.');
    await app.send('And when does it arrive?');
    held.release();
    await app.page.locator('.bubble.user', { hasText: 'And when does it arrive?' }).waitFor();
    await app.idle();
    await app.page.waitForFunction(() => document.querySelectorAll('.bubble.assistant').length >= 2);
    // Its call answers once its turn is stored: then it leaves the queue for the conversation.
    await app.page.locator('#queued').waitFor({ state: 'hidden' });
    expect(await app.page.locator('#log .bubble.user').allTextContents()).toEqual([
      'Where is my order Q-1001?',
      'And when does it arrive?',
    ]);
  });

  browserIt(
    'keeps a first unsent message when a new one is typed instead of Retry, in the same conversation',
    async (pages) => {
      const app = await askAboutOrder(pages, stack, 'K-1001');
      const session = app.sessionId();
      await app.page.route('**/orderAssistant', (route) => route.abort('internetdisconnected'));
      await app.send('Please cancel my order K-1001.');
      await app.page.locator('.message.user[data-state="failed"]').waitFor();
      await app.page.unroute('**/orderAssistant');

      await app.send('Where is my order K-1001 now?');
      await app.assistantSays('K-1001');
      await app.idle();
      expect(app.sessionId()).toBe(session);
      const failed = app.page.locator('.message.user[data-state="failed"]');
      expect(await failed.locator('.bubble').textContent()).toBe('Please cancel my order K-1001.');
      expect(await failed.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    },
  );

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    browserIt(`passes axe in dark mode, with an approval waiting (${size})`, async (pages) => {
      const app = await askToCancel(pages, stack, size === 'phone' ? 'D-2001' : 'D-2002', viewport);
      await app.page.emulateMedia({ colorScheme: 'dark' });
      await app.approval('cancelOrder', 'waiting');
      const background = await app.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(background).toBe('rgb(15, 18, 24)');
      expect(await axeViolations(app.page)).toEqual([]);
      await saveScreenshot(app.page, `dark-${size}`);
    });
  }

  browserIt('gives an answer nearly the whole width of a phone, its order ids unbroken', async (pages) => {
    const app = await askAboutOrder(pages, stack, 'P-1001', PHONE);
    const answer = app.page.locator('.bubble.assistant').last();
    const width = await answer.evaluate((node) => node.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(PHONE.width * 0.85);
    expect(await answer.locator('.nowrap', { hasText: 'P-1001' }).count()).toBeGreaterThan(0);
    expect(await app.page.locator('.bubble.user .nowrap').allTextContents()).toEqual(['P-1001']);
  });

  browserIt('copies an answer, and says so', async (pages) => {
    const app = await askAboutOrder(pages, stack, 'C-3001');
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const copy = app.page.locator('.bubble.assistant').last().getByRole('button', { name: 'Copy answer' });
    await copy.click();
    await app.page.locator('.bubble.assistant button.copy[data-label="Copied"]').waitFor();
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toContain('C-3001');
    expect(await axeViolations(app.page)).toEqual([]);
  });
});
