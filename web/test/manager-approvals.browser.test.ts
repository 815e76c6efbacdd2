import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { axeViolations } from './test-utils/axe.js';
import { saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';

// A refund a manager approves: Alice (the customer) asks the order assistant for it on her page,
// which hands the conversation to the refunds agent (a line says so; its steps, on its MCP server's
// tools, show as any steps); the refund's card says it waits for a manager; Mary (the demo's manager: the auth emulator's data gives her the `manager`
// claim) finds it in her Approvals view, in another browser context, and approves it there; Bob
// (no claim) gets no view and can't read the inbox document.

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

/** A demo account's ID token, from the auth emulator (what the page's SDK gets on sign-in). */
async function idToken(email: string, password: string): Promise<string> {
  const url = `http://${stack.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signing in ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The HTTP status of reading document `path` with `token`, through the rules (the Firestore REST API). */
async function readStatus(path: string, token: string): Promise<number> {
  const url = `http://${stack.firestoreHost}/v1/projects/${stack.projectId}/databases/(default)/documents/${path}`;
  return (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status;
}

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

chromium.describe("a manager's approvals (in Chromium)", () => {
  browserIt(
    "hands the refund to the refunds agent, refunds once when the manager approves from her inbox, and the customer's page shows who approved",
    async (pages) => {
      await stack.admin.doc('orders/F-1001').set({
        ownerUid: 'uid-alice',
        status: 'shipped',
        item: 'Milk jug',
        estimatedDelivery: '2026-12-01',
      });
      const mary = await new AppPage(await pages.newUserPage()).open(stack.url, '?user=mary&view=approvals');
      const view = mary.page.locator('#approvals-view');
      await view.waitFor({ state: 'visible' });
      expect(await mary.page.locator('#scroller').isVisible()).toBe(false);
      await mary.page.locator('.empty-inbox', { hasText: 'Nothing waits for your approval.' }).waitFor();

      const alice = await new AppPage(await pages.newUserPage()).open(stack.url, '?user=alice');
      expect(await alice.page.locator('#approvals').count()).toBe(0);
      await alice.send('Please refund my order F-1001, it arrived broken.');
      const card = await alice.approval('refundOrder', 'waiting');
      // The hand-off is a line of its own, then the refunds agent's steps as any steps.
      const log = alice.page.locator('#log');
      await log.locator('.turn-note.handoff', { hasText: 'Handed to Refunds' }).waitFor();
      expect(await log.locator('[data-tool^="transfer_to_"]').count()).toBe(0);
      await log.locator('.tool[data-tool="checkRefund"][data-state="done"]').waitFor();
      const order = await log
        .locator('.handoff, .tool[data-tool="checkRefund"], article.approval')
        .evaluateAll((nodes) =>
          nodes.map((n) => (n.classList.contains('handoff') ? 'handoff' : (n as HTMLElement).dataset.tool)),
        );
      expect(order).toEqual(['handoff', 'checkRefund', 'refundOrder']);
      expect(await axeViolations(alice.page)).toEqual([]);
      // The customer can't approve their own refund: the card says who does, with no buttons.
      await card.locator('.waits-for', { hasText: 'A manager answers this request' }).waitFor();
      expect(await card.locator('button:visible').count()).toBe(0);
      expect(await card.locator('.badge').textContent()).toBe('Waiting for a manager');

      // Alice's card shows what runs too, her own words as hers.
      expect(await card.locator('.what-runs dd[data-source="owner"]').textContent()).toBe(
        '“Please refund my order F-1001, it arrived broken.”your own words',
      );

      // Mary's entry says what runs: the customer's own words, labels in words, whose words each
      // value is, and what the refund does, in the tool's words (no boilerplate).
      const entry = view.locator('.inbox-entry[data-tool="refundOrder"][data-state="waiting"]');
      await entry.waitFor();
      expect(await entry.locator('h3').textContent()).toBe('Refund order F-1001?');
      expect(await entry.locator('.consequence').textContent()).toBe(
        'The order is marked refunded. This can’t be undone.',
      );
      expect(await entry.locator('.consequence').textContent()).not.toContain('may change or delete data');
      const runs = entry.locator('.what-runs');
      expect(await runs.locator('dt').allTextContents()).toEqual([
        'Order',
        'Item',
        'Status',
        'The customer wrote',
        'Reason given',
      ]);
      expect(await runs.locator('dd .value').allTextContents()).toEqual([
        'F-1001',
        'Milk jug',
        'shipped',
        '“Please refund my order F-1001, it arrived broken.”',
        'requested by the customer',
      ]);
      expect(await runs.locator('dd .source').allTextContents()).toEqual([
        'written by the assistant',
        'written by the assistant',
        'written by the assistant',
        'the customer’s own words',
        'written by the assistant',
      ]);
      expect(await entry.locator('.asker').textContent()).toBe('Asked by alice@example.com (uid-alice)');
      expect(await entry.locator('.times').textContent()).toMatch(/^Waiting for .+ · (Expires in .+|Does not expire)$/);
      await mary.page.getByRole('button', { name: 'Approvals 1 waiting' }).waitFor();
      expect(await axeViolations(mary.page)).toEqual([]);
      await saveScreenshot(mary.page, 'refund-approval-desktop');

      await entry.locator('button.approve').click();
      const answered = view.locator('.inbox.answered .inbox-entry[data-state="approved"]');
      await answered.locator('.answered-by', { hasText: 'Approved by you' }).waitFor();
      await mary.page.locator('.empty-inbox', { hasText: 'Nothing waits for your approval.' }).waitFor();
      expect(await view.locator('.inbox:not(.answered) .inbox-entry').count()).toBe(0);
      await mary.page.getByRole('button', { name: 'Approvals', exact: true }).waitFor();

      const approved = await alice.approval('refundOrder', 'approved');
      await approved.locator('.answered-by', { hasText: 'Approved by Mary (manager)' }).waitFor();
      await alice.assistantSays('Order F-1001 has been refunded.');
      expect(await approved.locator('.outcome').textContent()).toBe('Refunded ✓');
      const events = await stack.admin.collection('orders/F-1001/events').get();
      expect(events.docs.map((d) => d.data())).toEqual([
        expect.objectContaining({ type: 'refunded', byUid: 'uid-alice', approvedBy: 'uid-mary' }),
      ]);

      // The button leaves the view for the chat, a history entry: Back returns to the view.
      await mary.page.locator('#approvals').click();
      await mary.page.locator('#scroller').waitFor({ state: 'visible' });
      expect(await view.isVisible()).toBe(false);
      expect(new URL(mary.page.url()).searchParams.get('view')).toBeNull();
      await mary.page.goBack();
      await view.waitFor({ state: 'visible' });
      expect(await mary.page.locator('#scroller').isVisible()).toBe(false);
    },
  );

  browserIt('gives no Approvals view to a user without the claim, whom the rules refuse the inbox', async (pages) => {
    await stack.admin.doc('orders/F-2001').set({
      ownerUid: 'uid-alice',
      status: 'delivered',
      item: 'Tea towel',
      estimatedDelivery: '2026-11-20',
    });
    const alice = await new AppPage(await pages.newUserPage()).open(stack.url, '?user=alice');
    await alice.send('refund F-2001 please');
    // The card learns who it waits for from the stored session: the inbox document is written in the same commit.
    await (await alice.approval('refundOrder', 'waiting')).locator('.waits-for').waitFor();
    const [waiting] = (await stack.admin.collection('approvals').where('sessionId', '==', alice.sessionId()).get())
      .docs;
    expect(waiting?.get('approverClaim')).toBe('manager');

    const bob = await new AppPage(await pages.newUserPage()).open(stack.url, '?user=bob&view=approvals');
    expect(await bob.page.locator('#whoami').textContent()).toBe('Signed in as bob@example.com');
    expect(await bob.page.locator('#approvals, #approvals-view').count()).toBe(0);
    expect(await bob.page.locator('#scroller').isVisible()).toBe(true);

    // The auth emulator gives Mary's token the claim from its data (customAttributes); Bob's has none.
    const [bobToken, maryToken] = [
      await idToken('bob@example.com', 'bob-demo-pw'),
      await idToken('mary@example.com', 'mary-demo-pw'),
    ];
    expect(claimsOf(maryToken).manager).toBe(true);
    expect(claimsOf(bobToken).manager).toBeUndefined();
    expect(await readStatus(`approvals/${waiting?.id}`, bobToken)).toBe(403);
    expect(await readStatus(`approvals/${waiting?.id}`, maryToken)).toBe(200);
  });
});
