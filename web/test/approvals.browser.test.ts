import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { askToCancel as ask } from './test-utils/ask-to-cancel.js';
import { axeViolations } from './test-utils/axe.js';
import { type PageSet, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { fillOrderToSizeLimit, giveOrder as give, orderState as stateOf } from './test-utils/orders.js';

// The web app in Debian's Chromium against the real stack: the functions emulator serving the
// built functions (the scripted model plays the order assistant), the auth emulator (anonymous
// sign-in) and the Firestore emulator with firestore.rules. Each test is a new browser context,
// so a new anonymous user, who is given an order of their own first.

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

const giveOrder = (uid: string, orderId: string): Promise<void> => give(stack.admin, uid, orderId);
const orderState = (orderId: string) => stateOf(stack.admin, orderId);

const askToCancel = (pages: PageSet, orderId: string): Promise<AppPage> => ask(pages, stack, orderId);

chromium.describe('the approvals web app (in Chromium)', () => {
  browserIt('cancels the order once when the person approves the approval card', async (pages) => {
    const app = await new AppPage(await pages.newUserPage()).open(stack.url);
    await giveOrder(await app.uid(), 'A-1001');
    const seen = await app.recordAssistantText();
    await app.send('Please cancel my order A-1001, I ordered the wrong grinder.');

    const card = await app.approval('cancelOrder', 'waiting');
    // The card speaks the tool's words (its interrupt metadata); the technical details are folded away.
    expect(await card.locator('h2').textContent()).toBe('Cancel order A-1001?');
    expect(await card.locator('.summary').textContent()).toBe(
      "Your Espresso grinder (order A-1001) will be cancelled and won't be delivered.",
    );
    expect(await card.locator('.consequence').textContent()).toContain("This can't be undone.");
    expect(await card.locator('.choices button:visible').allTextContents()).toEqual(['Cancel order', 'Keep order']);
    expect(await card.locator('details').getAttribute('open')).toBeNull();
    expect(await card.locator('details dd').first().isVisible()).toBe(false);
    expect(await card.locator('details dd').allTextContents()).toEqual(
      expect.arrayContaining(['A-1001', 'requested by the customer', 'Espresso grinder']),
    );
    const queried = app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]');
    expect(await queried.textContent()).toContain('found: true, orderId: A-1001, status: processing');
    const asked =
      'Order A-1001 (Espresso grinder) is still processing, so it can be cancelled. I need your confirmation first.';
    expect(await app.assistantTexts()).toContain(asked);
    // The words arrived a few at a time: the bubble showed a beginning of them before the whole.
    expect((await seen()).some((text) => text.length < asked.length && asked.startsWith(text))).toBe(true);
    expect(app.sessionId()).toMatch(/^[A-Za-z0-9_-]+$/);

    await card.locator('button.approve').click();
    await app.assistantSays('Order A-1001 has been cancelled.');
    const approved = await app.approval('cancelOrder', 'approved');
    // The outcome comes from the tool's result; the agent's own `finish` call is not shown.
    expect(await approved.locator('.outcome').textContent()).toBe('Cancelled ✓');
    // Who approved, from the call's record (the session's watch brings it).
    await approved.locator('.answered-by', { hasText: 'Approved by you' }).waitFor();
    expect(await app.page.locator('.tool[data-tool="finish"]').count()).toBe(0);
    expect(await orderState('A-1001')).toEqual({ status: 'cancelled', events: 1 });

    await app.reload();
    const reloaded = await app.approval('cancelOrder', 'approved');
    expect(await reloaded.locator('.outcome').textContent()).toBe('Cancelled ✓');
    expect(await reloaded.locator('.answered-by').textContent()).toBe('Approved by you');
    expect(await app.page.locator('.tool[data-tool="finish"]').count()).toBe(0);
  });

  browserIt(
    'says an approved call failed, with the error’s words, when its tool threw after the approval',
    async (pages) => {
      const app = await ask(pages, stack, 'F-1001', PHONE);
      // The order grows to Firestore's size limit before the person answers: the cancellation's write is refused.
      await fillOrderToSizeLimit(stack.admin, 'F-1001');
      await (await app.approval('cancelOrder', 'waiting')).locator('button.approve').click();
      await app.idle();
      const failed = app.page.locator('article.approval[data-tool="cancelOrder"][data-state="approved"]');
      const says = async (): Promise<string> => (await failed.locator('.outcome').textContent()) ?? '';
      await expect.poll(says).toMatch(/^Failed: .*maximum entity size/);
      expect(await failed.getAttribute('data-outcome')).toBe('not-done');
      expect(await failed.locator('.mark').textContent()).toBe('!');
      expect(await orderState('F-1001')).toEqual({ status: 'processing', events: 0 });
      // The assistant was told too, and says why in the same words.
      await app.assistantSays('Order F-1001 was not cancelled: INVALID_ARGUMENT');
      expect(await axeViolations(app.page)).toEqual([]);
      await failed.scrollIntoViewIfNeeded();
      await saveScreenshot(app.page, 'failed-after-approval-phone');
      // A reload reads it from the stored session: still failed, never "Done".
      const shown = await says();
      await app.reload();
      await app.approval('cancelOrder', 'approved');
      expect(await says()).toBe(shown);
      expect(await failed.getAttribute('data-outcome')).toBe('not-done');
    },
  );

  browserIt('keeps the order when the person declines with a reason, sent as a decline', async (pages) => {
    const app = await askToCancel(pages, 'D-1001');
    const calls = app.recordCalls();
    const card = await app.approval('cancelOrder', 'waiting');
    // Read before deciding: once declined, the card is no longer the pending one.
    const ref = await card.getAttribute('data-ref');
    // The reason box appears only after choosing the decline action; it is labelled and takes the focus.
    expect(await card.locator('input.reason').isVisible()).toBe(false);
    await card.locator('.choices button.decline').click();
    const reason = app.page.getByLabel('Reason (optional)');
    expect(await reason.evaluate((input) => input === document.activeElement)).toBe(true);
    await reason.fill('I changed my mind');
    const sent = app.page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/orderAssistant'),
    );
    await reason.press('Enter');
    await sent;
    expect(calls.at(-1)?.resume).toEqual({ decline: [{ ref, name: 'cancelOrder', reason: 'I changed my mind' }] });

    const declined = await app.approval('cancelOrder', 'declined');
    expect(await declined.locator('.outcome').textContent()).toBe('Kept: I changed my mind');
    await app.page.locator('.bubble.assistant', { hasText: 'Order D-1001 was not cancelled' }).waitFor();
    expect(await orderState('D-1001')).toEqual({ status: 'processing', events: 0 });

    await app.reload();
    const restored = await app.approval('cancelOrder', 'declined');
    expect(await restored.locator('.outcome').textContent()).toBe('Kept: I changed my mind');
    expect(await restored.locator('.answered-by').textContent()).toBe('Declined by you');
  });

  browserIt('restores the conversation and its pending approval after a reload, and approves it', async (pages) => {
    const app = await askToCancel(pages, 'R-1001');
    const sessionId = app.sessionId();
    await app.reload();

    expect(app.sessionId()).toBe(sessionId);
    expect(await app.page.locator('.bubble.user').allTextContents()).toEqual([
      'Please cancel my order R-1001, I ordered the wrong grinder.',
    ]);
    const card = await app.approval('cancelOrder', 'waiting');
    expect(await card.locator('h2').textContent()).toBe('Cancel order R-1001?');
    await card.locator('button.approve').click();

    await app.assistantSays('Order R-1001 has been cancelled.');
    expect(await orderState('R-1001')).toEqual({ status: 'cancelled', events: 1 });
  });

  browserIt('finds the new conversation after a reload when the answer of its first call was lost', async (pages) => {
    const app = await new AppPage(await pages.newUserPage()).open(stack.url);
    await giveOrder(await app.uid(), 'L-1001');
    // The call reaches the function and runs to its end; the page never hears the answer.
    await app.page.route('**/orderAssistant', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await app.send('Please cancel my order L-1001.');
    // The session shows the call's request id: the server took the message, and its card is drawn from the session.
    await app.approval('cancelOrder', 'waiting');
    expect(await app.page.locator('.notice.error').count()).toBe(0);
    expect(await app.page.locator('.message.user[data-state="failed"]').count()).toBe(0);
    // The page made the new conversation's id and put it in the URL before the call ran.
    const made = app.sessionId();
    expect(made).toMatch(/^[A-Za-z0-9]{20}$/);
    await app.page.unroute('**/orderAssistant');

    await app.reload();
    const card = await app.approval('cancelOrder', 'waiting');
    expect(app.sessionId()).toBe(made);
    await card.locator('button.approve').click();
    await app.assistantSays('Order L-1001 has been cancelled.');
    expect(await orderState('L-1001')).toEqual({ status: 'cancelled', events: 1 });
  });

  browserIt('shows the stored outcome when the answer to an approval was lost', async (pages) => {
    const app = await askToCancel(pages, 'P-1001');
    await app.page.route('**/orderAssistant', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await (await app.approval('cancelOrder', 'waiting')).locator('button.approve').click();

    expect(await app.notice('error')).toContain('This is where the conversation stands now.');
    await app.assistantSays('Order P-1001 has been cancelled.');
    await app.approval('cancelOrder', 'approved');
    expect(await orderState('P-1001')).toEqual({ status: 'cancelled', events: 1 });
  });

  browserIt(
    'shows an approval as expired as soon as it expires, and after a reload, and runs nothing',
    async (pages) => {
      const app = await askToCancel(pages, 'E-1001');
      const calls = app.recordCalls();
      // What the cleanup job does to a session nobody answered: status `expired`, one version up.
      // The page follows its session: the card turns expired with no reload and no call.
      const session = stack.admin.doc(`sessions/${app.sessionId()}`);
      await session.update({ status: 'expired', version: ((await session.get()).get('version') as number) + 1 });

      const expired = await app.approval('cancelOrder', 'expired');
      expect(calls).toEqual([]);
      expect(await expired.locator('button:visible').count()).toBe(0);

      await app.reload();
      const restored = await app.approval('cancelOrder', 'expired');
      expect(await restored.locator('.outcome').textContent()).toContain('Expired');
      expect(await restored.locator('button:visible').count()).toBe(0);
      expect(await orderState('E-1001')).toEqual({ status: 'processing', events: 0 });
    },
  );

  browserIt("does not show another user's conversation to a second user", async (pages) => {
    const owner = await askToCancel(pages, 'S-1001');
    const sessionId = owner.sessionId() as string;

    const other = await new AppPage(await pages.newUserPage()).open(stack.url, `?session=${sessionId}`);
    expect(await other.uid()).not.toBe(await owner.uid());
    expect(await other.notice('error')).toContain("You don't have permission to open this conversation");
    expect(await other.page.locator('.bubble, .approval').count()).toBe(0);
    const stored = await stack.admin.doc(`sessions/${sessionId}`).get();
    expect(stored.get('ownerUid')).toBe(await owner.uid());
    expect(await orderState('S-1001')).toEqual({ status: 'processing', events: 0 });
  });
});
