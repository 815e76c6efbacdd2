import { expect, vi } from 'vitest';
import { LAPSED_WORDS } from '../src/lapsed-turn.js';
import { AppPage } from './test-utils/app-page.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, type PageSet, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { giveOrder } from './test-utils/orders.js';

// A turn whose functions die mid-answer, in Chromium against the real stack: the functions, auth
// and Cloud Tasks emulators are stopped while the answer streams (the turn's instance and its
// continuation die with them), then started again. The model is the repo's fake Gemini server,
// a word every 400 ms, so the answer can be caught mid-way. Alice is a demo account: she is still
// there when the auth emulator starts again from its data.

const chromium = chromiumSuite({ gatedModel: true, wordDelayMs: 400 });
const { stack, it: browserIt } = chromium;

// Stopping and starting the emulators takes its time on a loaded machine: this file's tests wait for it.
vi.setConfig({ testTimeout: 480_000 });

/** Alice's page in `viewport`, with her order `orderId`. */
async function alice(pages: PageSet, orderId: string, viewport: { width: number; height: number }): Promise<AppPage> {
  await giveOrder(stack.admin, 'uid-alice', orderId);
  return new AppPage(await pages.newUserPage(viewport)).open(stack.url, '?user=alice');
}

chromium.describe('a turn whose functions die mid-answer (in Chromium)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    browserIt(
      `reads as dead on every tab, keeps its words, and the next message is answered after it (${size})`,
      async (pages) => {
        const [lost, next] = size === 'phone' ? ['Z-1001', 'Z-1002'] : ['Z-2001', 'Z-2002'];
        await giveOrder(stack.admin, 'uid-alice', next);
        const first = await alice(pages, lost, viewport);
        await first.send('Hello');
        await first.assistantSays('Which order do you mean?');
        await first.idle();
        // Alice's second tab (the same browser): signed in as her, on her conversation.
        const second = new AppPage(await pages.sameUserPage(first.page));
        await second.page.setViewportSize(viewport);
        await second.open(stack.url, `?user=alice&session=${first.sessionId()}`);

        await first.send(`Where is my order ${lost}?`);
        // Words of the answer on the second tab (from the server): the turn is mid-way.
        await second.page.waitForFunction(
          () => (document.querySelectorAll('.bubble.assistant')[1]?.textContent ?? '').trim().length > 0,
        );
        await stack.functions.stop();

        for (const tab of [first, second]) {
          await tab.page.locator('#log .turn-note.lapsed').waitFor();
          expect(await tab.page.locator('#log .turn-note.lapsed').textContent()).toBe(LAPSED_WORDS);
          await tab.idle();
          expect(await tab.page.locator('#stop').isVisible()).toBe(false);
          expect(await tab.page.locator('#log .working').count()).toBe(0);
          // The words streamed before it died are still there.
          expect(
            ((await tab.page.locator('.bubble.assistant').nth(1).textContent()) ?? '').trim().length,
          ).toBeGreaterThan(0);
          await tab.page.locator('#message:enabled').waitFor();
        }
        expect(await axeViolations(second.page)).toEqual([]);
        await saveScreenshot(second.page, `dead-turn-${size}`);

        await stack.functions.start();
        await second.send(`Where is my order ${next}?`);
        for (const tab of [first, second]) {
          await tab.page.locator('.bubble.user', { hasText: next }).waitFor();
          await tab.page.locator('.bubble.assistant', { hasText: next }).last().waitFor();
          await tab.page.locator('#log .turn-note.lapsed').waitFor({ state: 'detached' });
          await tab.idle();
          // Two messages in a row, the first left unanswered: two bubbles.
          expect(await tab.page.locator('.bubble.user').allTextContents()).toEqual([
            'Hello',
            `Where is my order ${lost}?`,
            `Where is my order ${next}?`,
          ]);
        }
      },
    );
  }
});
