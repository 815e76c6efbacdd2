import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { askAboutOrder } from './test-utils/ask-about-order.js';
import { askToCancel } from './test-utils/ask-to-cancel.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { recordListenTargets } from './test-utils/listen-targets.js';
import { newOrderOwner } from './test-utils/order-owner.js';
import { giveOrder } from './test-utils/orders.js';
import { secondTab } from './test-utils/second-tab.js';
import type { StreamGate } from './test-utils/stream-gate.js';

// The transcript follows its session live (the typed client's `watch`): a second tab sees a
// decision made in the first, and a reloaded page re-attaches to the turn that runs. The flows
// talk to the repo's fake Gemini server through a gate (the stack's `model`), so a test can hold
// a turn on the server at its model step.

const chromium = chromiumSuite({ gatedModel: true, gatedCalls: true });
// `calls`, in front of the functions, holds a page's streamed answer after a chosen event.
const { stack, calls, it: browserIt } = chromium;

const model = (): StreamGate => stack.model as StreamGate;

/** Marks the page's document, so a test can tell it was not reloaded. */
const markDocument = (app: AppPage) =>
  app.page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
/** The type of a streamed chunk's server-sent event. */
const chunkType = (event: string): string | undefined => {
  try {
    return (JSON.parse(event.replace(/^data: /, '')) as { message?: { type?: string } }).message?.type;
  } catch {
    return undefined;
  }
};
const QUEUE_HINT = 'A message you send now waits for the current answer, then goes.';
const stillSameDocument = (app: AppPage) =>
  app.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

chromium.describe('the live transcript (in Chromium)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    browserIt(
      `shows a decision made in another tab without a reload when both tabs show the session (${size})`,
      async (pages) => {
        const orderId = size === 'phone' ? 'L-1001' : 'L-1002';
        const first = await askToCancel(pages, stack, orderId, viewport);
        const second = await secondTab(pages, first, stack.url, viewport);
        const waiting = await second.approval('cancelOrder', 'waiting');
        expect(await waiting.locator('.choices button:visible').count()).toBe(2);
        expect(await axeViolations(second.page)).toEqual([]);
        const secondCalls = second.recordCalls();
        await markDocument(second);

        await (await first.approval('cancelOrder', 'waiting')).locator('button.approve').click();

        const decided = await second.approval('cancelOrder', 'approved');
        expect(await decided.locator('.outcome').textContent()).toBe('Cancelled ✓');
        expect(await decided.locator('.choices button:visible').count()).toBe(0);
        await second.assistantSays(`Order ${orderId} has been cancelled.`);
        expect(await second.page.locator('.working').count()).toBe(0);
        expect(await second.composerHint()).toBe('');
        expect(secondCalls).toEqual([]);
        expect(await stillSameDocument(second)).toBe(true);
        expect(await axeViolations(second.page)).toEqual([]);
      },
    );

    browserIt(
      `re-attaches to the running turn after a reload and shows its answer without a new call (${size})`,
      async (pages) => {
        const orderId = size === 'phone' ? 'R-1001' : 'R-1002';
        const app = await newOrderOwner(pages, stack, orderId, viewport);
        await app.send(`Where is my order ${orderId}?`);
        await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
        await app.idle();
        const sessionId = app.sessionId();

        // The next turn is held on the server, at its model step, while the page reloads.
        const held = model().holdBefore();
        await app.send(`Please cancel my order ${orderId}, I ordered the wrong grinder.`);
        await held.reached;
        await app.reload();
        const sent = app.recordCalls();

        expect(app.sessionId()).toBe(sessionId);
        const working = app.page.locator('#log .working[role="status"]');
        await working.waitFor();
        expect(await app.page.locator('#log').getAttribute('aria-busy')).toBe('true');
        // The box takes a message: it would wait for this turn (the order assistant queues).
        expect(await app.composerHint()).toBe(QUEUE_HINT);
        expect(await app.page.locator('#message').isEnabled()).toBe(true);
        expect(await app.page.locator('#stop').isVisible()).toBe(true);
        expect(await app.page.locator('.bubble.user').last().textContent()).toContain(`cancel my order ${orderId}`);
        expect(await axeViolations(app.page)).toEqual([]);

        held.release();
        const card = await app.approval('cancelOrder', 'waiting');
        await app.idle();
        expect(await working.count()).toBe(0);
        expect(await card.locator('.choices button:visible').count()).toBe(2);
        expect(await card.locator('button.approve').isDisabled()).toBe(false);
        expect(sent).toEqual([]);
        expect(await app.composerHint()).toBe('Answer the approval above to continue.');
        expect(await axeViolations(app.page)).toEqual([]);
      },
    );
  }

  browserIt(
    'marks the card decided in both tabs as soon as the cancel is stored, while the turn still runs',
    async (pages) => {
      const app = await newOrderOwner(pages, stack, 'W-1001', DESKTOP);
      // The card streams in before the call has ended: its disabled buttons say why.
      await calls.route(app.page);
      const interrupt = calls.holdAfter((event) => chunkType(event) === 'interrupt');
      await app.send('Please cancel my order W-1001, I ordered the wrong grinder.');
      await interrupt.reached;
      const arriving = await app.approval('cancelOrder', 'waiting');
      expect(await arriving.locator('button.approve').isDisabled()).toBe(true);
      const why = arriving.locator('.why');
      expect(await why.textContent()).toBe('You can answer once the assistant has finished its current step.');
      expect(await arriving.locator('button.approve').getAttribute('aria-describedby')).toBe(
        await why.getAttribute('id'),
      );
      expect(await axeViolations(app.page)).toEqual([]);
      interrupt.release();
      await app.idle();
      expect(await arriving.locator('button.approve').isDisabled()).toBe(false);
      expect(await why.isVisible()).toBe(false);
      const first = app;
      const second = await secondTab(pages, first, stack.url);
      await second.approval('cancelOrder', 'waiting');

      // The approval's turn is held on the server at its model step (after the cancel ran).
      const held = model().holdBefore();
      await (await first.approval('cancelOrder', 'waiting')).locator('button.approve').click();
      await held.reached;

      // The other tab already shows the decision (the tool's result is stored) and the working row.
      const decided = await second.approval('cancelOrder', 'approved');
      expect(await decided.locator('.outcome').textContent()).toBe('Cancelled ✓');
      await second.page.locator('#log .working[role="status"]').waitFor();
      // And the tab that answered shows it too, before its call has ended.
      const answered = await first.approval('cancelOrder', 'approved');
      expect(await answered.locator('.outcome').textContent()).toBe('Cancelled ✓');
      expect(await axeViolations(second.page)).toEqual([]);

      held.release();
      await second.assistantSays('Order W-1001 has been cancelled.');
      await second.idle();
      expect(await second.page.locator('.working').count()).toBe(0);
    },
  );

  browserIt(
    'stops listening to a session when the page starts over, and when it opens another conversation',
    async (pages) => {
      const app = await new AppPage(await pages.newUserPage(DESKTOP)).open(stack.url);
      const targets = recordListenTargets(app.page);
      /** True once the page listened to session `id` and has closed every listen on it. */
      const leftAlone = (id: string): boolean => {
        const opened = targets.opened(`sessions/${id}`);
        return opened.length > 0 && opened.every((target) => targets.closed(target));
      };
      const listening = (id: string): number =>
        targets.opened(`sessions/${id}`).filter((t) => !targets.closed(t)).length;
      await giveOrder(stack.admin, await app.uid(), 'U-1001');
      await app.send('Where is my order U-1001?');
      await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
      await app.idle();
      const first = app.sessionId() as string;
      await expect.poll(() => listening(first)).toBeGreaterThan(0);

      await app.page.locator('#new').click();
      await expect.poll(() => leftAlone(first)).toBe(true);

      await app.send('Where is my order U-1001 now?');
      await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
      await app.idle();
      const second = app.sessionId() as string;
      expect(second).not.toBe(first);
      await expect.poll(() => listening(second)).toBeGreaterThan(0);

      await app.page.locator('#history').click();
      const list = app.page.getByRole('dialog', { name: 'Your conversations' });
      await list.locator(`button.conversation[data-session="${first}"]`).click();
      await expect.poll(() => app.sessionId()).toBe(first);
      await expect.poll(() => leftAlone(second)).toBe(true);
      await expect.poll(() => listening(first)).toBeGreaterThan(0);
    },
  );

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    browserIt(
      `shows a message sent during a turn as queued in both tabs, then as the next message with its answer (${size})`,
      async (pages) => {
        const orderId = size === 'phone' ? 'Q-1001' : 'Q-1002';
        const first = await askAboutOrder(pages, stack, orderId, viewport);
        const second = await secondTab(pages, first, stack.url, viewport);

        // A turn is held on the server at its model step; the box still takes a message.
        const held = model().holdBefore();
        await first.send(`Please tell me again where my order ${orderId} is.`);
        await held.reached;
        expect(await first.composerHint()).toBe(QUEUE_HINT);
        // A message whose answer needs no tool: what is tested here is the queue on screen.
        const next = 'Thanks. Can you help me with another order too?';
        await first.send(next);

        for (const app of [first, second]) {
          const queued = app.page.locator('#queued .message.user[data-state="queued"]');
          await queued.waitFor();
          expect(await queued.locator('.bubble').textContent()).toBe(next);
          expect(await queued.locator('.message-status').textContent()).toBe('Queued — sends after the current answer');
          expect(await app.page.locator('#log .bubble.user', { hasText: next }).count()).toBe(0);
          expect(await axeViolations(app.page)).toEqual([]);
        }
        if (size === 'phone') await saveScreenshot(second.page, 'queued-phone');

        held.release();
        for (const app of [first, second]) {
          await app.assistantSays('Which order do you mean? Please tell me its id');
          await app.page.locator('#queued').waitFor({ state: 'hidden' });
          const users = await app.page.locator('#log .bubble.user').allTextContents();
          expect(users.at(-1)).toBe(next);
          expect(users).toHaveLength(3);
        }
        await first.page.locator('#log .working').waitFor({ state: 'detached' });
        expect(await first.page.locator('#stop').isVisible()).toBe(false);
        expect(await axeViolations(first.page)).toEqual([]);
      },
    );
  }
});
