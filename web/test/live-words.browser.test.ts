import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { AppPage } from './test-utils/app-page.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, type PageSet, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { newOrderOwner } from './test-utils/order-owner.js';
import { secondTab } from './test-utils/second-tab.js';

// Live words on every tab: the flows talk to the repo's fake Gemini server, which streams each
// word of an answer well after the one before (the stack's `wordDelayMs`), so an answer takes
// seconds. The tab that asked streams them; another tab, or a reload, gets them from the server
// (the live document beside the session, which `watch` merges into its view).

const chromium = chromiumSuite({ gatedModel: true, wordDelayMs: 450 });
const { stack, it: browserIt } = chromium;

const STOPPED = 'Stopped. What was already done is kept.';

/** The first thing the assistant says to "Where is my order …?", word by word. */
const lookingUp = (orderId: string) => `Let me look up order ${orderId}.`;

/** A first tab whose conversation exists (one answered question), and a second tab on it. */
async function twoTabs(pages: PageSet, orderId: string): Promise<{ first: AppPage; second: AppPage }> {
  const first = await newOrderOwner(pages, stack, orderId, DESKTOP);
  await first.send('Hello');
  await first.assistantSays('Which order do you mean?');
  await first.idle();
  const second = await secondTab(pages, first, stack.url, DESKTOP);
  await second.assistantSays('Which order do you mean?');
  return { first, second };
}

/** The assistant's bubble after the `seen` it showed before: where the new answer's words go. */
const newAnswer = async (app: AppPage, seen: number): Promise<Locator> =>
  app.page.locator('.bubble.assistant').nth(seen);

/** Waits until `bubble` shows words, and gives them. */
async function showsWords(bubble: Locator): Promise<string> {
  await bubble.waitFor({ state: 'visible' });
  await expect.poll(async () => ((await bubble.textContent()) ?? '').trim().length).toBeGreaterThan(0);
  return ((await bubble.textContent()) ?? '').trim();
}

/**
 * What the log shows, in order: each assistant bubble's words (`says: …`) and each tool row
 * (`tool: <name> <state>`), from the top.
 */
const logOrder = (app: AppPage): Promise<string[]> =>
  app.page
    .locator('#log .bubble.assistant, #log .tool')
    .evaluateAll((nodes) =>
      nodes.map((node) =>
        node.classList.contains('tool')
          ? `tool: ${(node as HTMLElement).dataset.tool} ${(node as HTMLElement).dataset.state}`
          : `says: ${(node.textContent ?? '').trim()}`,
      ),
    );

chromium.describe('live words on every tab (in Chromium)', () => {
  browserIt(
    'shows the running turn’s finished steps, in order, before the live words after a reload',
    async (pages) => {
      const { first, second } = await twoTabs(pages, 'L-1004');
      const before = (await logOrder(second)).length;
      // The model's answer after the order was looked up is held mid-way, so the turn runs until the test lets it go.
      const held = (stack.model as NonNullable<typeof stack.model>).holdAfter((event) => event.includes('estimated'));
      await first.send('Where is my order L-1004?');
      await held.reached;
      await second.reload();
      // The look-up's round is not journaled yet (its tool changes nothing): it comes with the live words.
      await second.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
      await expect
        .poll(async () => (await logOrder(second)).slice(before))
        .toEqual([
          `says: ${lookingUp('L-1004')}`,
          'tool: queryOrder done',
          expect.stringMatching(/^says: Order L-1004 .*estimated/),
        ]);
      expect(await first.page.locator('#stop').isVisible()).toBe(true);
      expect(await second.page.locator('#stop').isVisible()).toBe(true);
      held.release();
      await first.idle();
      await second.page.locator('#stop').waitFor({ state: 'hidden' });
      await expect.poll(() => second.assistantTexts()).toEqual(await first.assistantTexts());
    },
  );

  browserIt('shows the words in the second tab while the first tab’s answer still streams', async (pages) => {
    const { first, second } = await twoTabs(pages, 'L-1001');
    const seen = (await second.assistantTexts()).length;
    await first.send('Where is my order L-1001?');
    const words = await showsWords(await newAnswer(second, seen));
    // The first tab's turn is still running: the words came from the server while it streamed.
    expect(await first.page.locator('#stop').isVisible()).toBe(true);
    expect(lookingUp('L-1001').startsWith(words)).toBe(true);
    expect(await axeViolations(second.page)).toEqual([]);
    await saveScreenshot(second.page, 'live-second-tab');
    // Then the answer as journaled, the same in both tabs.
    await first.idle();
    await first.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
    await second.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
    await second.page.locator('#stop').waitFor({ state: 'hidden' });
    const answered = await first.assistantTexts();
    await expect.poll(() => second.assistantTexts()).toEqual(answered);
  });

  browserIt('keeps the words so far when the second tab reloads mid-answer', async (pages) => {
    const { first, second } = await twoTabs(pages, 'L-1002');
    const seen = (await second.assistantTexts()).length;
    await first.send('Where is my order L-1002?');
    await showsWords(await newAnswer(second, seen));
    await second.reload();
    // After the reload, while the first tab's turn runs, the words are back (from the server).
    await showsWords(await newAnswer(second, seen));
    expect(await first.page.locator('#stop').isVisible()).toBe(true);
    await first.idle();
  });

  browserIt('keeps the words in both tabs when one of them stops the answer', async (pages) => {
    const { first, second } = await twoTabs(pages, 'L-1003');
    const seen = (await second.assistantTexts()).length;
    await first.send('Where is my order L-1003?');
    await showsWords(await newAnswer(second, seen));
    await first.page.locator('#stop').click();
    for (const tab of [first, second]) {
      await tab.page.locator('#log .turn-note.stopped').waitFor();
      expect(await tab.page.locator('#log .turn-note.stopped').textContent()).toBe(STOPPED);
      await tab.idle();
    }
    // The words streamed before the stop are the journal's now: the same in both tabs, and a reload keeps them.
    const kept = (await first.assistantTexts()).at(-1) ?? '';
    expect(kept.length).toBeGreaterThan(0);
    await expect.poll(async () => (await second.assistantTexts()).at(-1)).toBe(kept);
    await second.reload();
    await second.page.locator('#log .turn-note.stopped').waitFor();
    expect((await second.assistantTexts()).at(-1)).toBe(kept);
    expect(await axeViolations(second.page)).toEqual([]);
  });
});
