import { PROTOCOL_VERSION } from '@callable-flows/protocol';
import { expect } from 'vitest';
import type { AppPage } from './test-utils/app-page.js';
import { askAboutOrder } from './test-utils/ask-about-order.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { newOrderOwner } from './test-utils/order-owner.js';
import { secondTab } from './test-utils/second-tab.js';
import type { StreamGate } from './test-utils/stream-gate.js';

// Stop from any tab: the Stop button shows wherever the session's watch sees a turn run, and the
// typed client's `stop` ends it on the server. The flows talk to the repo's fake Gemini server
// through a gate (the stack's `model`), so a turn can be held on the server at a model step; the
// stopping tab's own calls go through another gate, so its "Stopping…" state can be looked at.

const chromium = chromiumSuite({ gatedModel: true, gatedCalls: true });
// `calls`, in front of the functions, holds a page's call before it reaches the function.
const { stack, calls, it: browserIt } = chromium;

const model = (): StreamGate => stack.model as StreamGate;

const STOPPED = 'Stopped. What was already done is kept.';

/** What a tab shows of the stopped turn: the journal's words and calls, the stop, and a usable box. */
async function expectStopped(app: AppPage, orderId: string, question: string): Promise<void> {
  await app.page.locator('#log .turn-note.stopped').waitFor();
  expect(await app.page.locator('#log .turn-note.stopped').textContent()).toBe(STOPPED);
  await app.idle();
  expect(await app.page.locator('#stop').isVisible()).toBe(false);
  expect(await app.page.locator('#log .working').count()).toBe(0);
  const users = await app.page.locator('.bubble.user').allTextContents();
  expect(users.at(-1)).toBe(question);
  expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
  expect((await app.assistantTexts()).at(-1)).toBe(`Let me look up order ${orderId}.`);
  const lookUp = app.page.locator('.tool[data-tool="queryOrder"]').last();
  expect(await lookUp.getAttribute('data-state')).toBe('done');
  await app.page.locator('#message:enabled').waitFor();
  expect(await app.composerHint()).toBe('');
}

chromium.describe('Stop (in Chromium)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    browserIt(
      `ends from a second tab a turn started in the first, both tabs show it stopped, the session takes the next message (${size})`,
      async (pages) => {
        const orderId = size === 'phone' ? 'S-1001' : 'S-1002';
        const first = await askAboutOrder(pages, stack, orderId, viewport);
        const second = await secondTab(pages, first, stack.url, viewport);

        // The turn looks the order up, then is held on the server at its second model step.
        const held = model().holdBefore(1);
        const question = `Please cancel my order ${orderId}, I ordered the wrong grinder.`;
        await first.send(question);
        await held.reached;
        const stop = second.page.locator('#stop');
        await stop.waitFor({ state: 'visible' });
        expect(await stop.getAttribute('aria-disabled')).toBe('false');
        await first.page.locator('#stop:visible').waitFor();
        // Beside Send (a message sent now would be queued), and the composer fits the screen.
        expect(await second.page.locator('#send').isVisible()).toBe(true);
        expect(await second.page.evaluate(() => document.body.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await axeViolations(second.page)).toEqual([]);
        if (size === 'phone') await saveScreenshot(second.page, 'stop-phone');

        // From the keyboard, in the second tab; its stop call is held to look at "Stopping…".
        await calls.route(second.page);
        const stopCall = calls.holdBefore();
        const sent = second.recordCalls();
        await stop.focus();
        await second.page.keyboard.press('Enter');
        await stopCall.reached;
        expect(await stop.textContent()).toBe('Stopping…');
        expect(await stop.getAttribute('aria-disabled')).toBe('true');
        expect(await second.page.evaluate(() => document.activeElement?.id)).toBe('stop');
        expect(await axeViolations(second.page)).toEqual([]);
        stopCall.release();

        await expectStopped(second, orderId, question);
        await expectStopped(first, orderId, question);
        // The stop names the tab that asked it (its clientId), which the session's outcome then records.
        expect(sent).toEqual([
          {
            sessionId: first.sessionId(),
            stop: true,
            requestId: expect.any(String),
            clientId: expect.any(String),
            protocolVersion: PROTOCOL_VERSION,
          },
        ]);
        expect(await axeViolations(second.page)).toEqual([]);
        expect(await axeViolations(first.page)).toEqual([]);
        if (size === 'desktop') await saveScreenshot(first.page, 'stopped-desktop');
        held.release();

        // The session is free at once: the next message, from the tab that stopped, is answered.
        await second.send(`Where is my order ${orderId}?`);
        await second.assistantSays(`Order ${orderId} (Espresso grinder) is processing`);
        await second.idle();
        await first.assistantSays(`Order ${orderId} (Espresso grinder) is processing`);
        expect(await first.page.locator('#log .turn-note.stopped').count()).toBe(0);
      },
    );
  }

  browserIt(
    'stops the first turn of a new conversation from its own tab, under the session id the page made for it',
    async (pages) => {
      const app = await newOrderOwner(pages, stack, 'S-1003', DESKTOP);
      const held = model().holdBefore();
      const question = 'Please cancel my order S-1003, I ordered the wrong grinder.';
      await app.send(question);
      await held.reached;
      const made = app.sessionId();
      expect(made).toMatch(/^[A-Za-z0-9]{20}$/);
      await app.page.locator('#stop').click();

      await app.page.locator('#log .turn-note.stopped').waitFor();
      await app.idle();
      expect(app.sessionId()).toBe(made);
      expect(await app.page.locator('.bubble.user').allTextContents()).toEqual([question]);
      expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
      expect(await app.assistantTexts()).toEqual([]);
      expect(await app.page.locator('#stop').isVisible()).toBe(false);
      await app.page.locator('#message:enabled').waitFor();
      held.release();

      // The stopped turn is stored: a reload shows it the same.
      await app.reload();
      await app.page.locator('#log .turn-note.stopped').waitFor();
      expect(await app.page.locator('.bubble.user').allTextContents()).toEqual([question]);
    },
  );
});
