import type { Locator, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { AppPage } from './test-utils/app-page.js';
import { askToCancel } from './test-utils/ask-to-cancel.js';
import { axeViolations } from './test-utils/axe.js';
import { DESKTOP, type PageSet, PHONE, saveScreenshot } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';

// A first-time visitor, as a person meets the app, in Chromium against the real stack (the
// functions emulator playing the scripted model): a guest's own demo orders and suggestions,
// answers as Markdown (and hostile Markdown that must not run), the conversation list, a reload
// after a first message that never got through, the decline form's keyboard and layout, the
// rate limit's countdown, long messages folded; axe-core (moderate and worse) in every state,
// on a phone and on a laptop.

const chromium = chromiumSuite({ gatedCalls: true });
const { stack, calls: gate, it: browserIt } = chromium;

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const CALLABLE = '**/orderAssistant';

/** The type of the chunk a server-sent event of the callable carries, if it carries one. */
const chunkType = (event: string): string | undefined => {
  try {
    return (JSON.parse(event.replace(/^data: /, '')) as { message?: { type?: string } }).message?.type;
  } catch {
    return undefined;
  }
};

/** Checks axe-core finds nothing moderate or worse in `state`. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  expect({ state, violations: await axeViolations(page) }).toEqual({ state, violations: [] });
}

/** A new guest on the app, once the page shows their suggestions. */
async function guest(pages: PageSet, viewport: { width: number; height: number }): Promise<AppPage> {
  const app = await new AppPage(await pages.newUserPage(viewport)).open(stack.url);
  await app.page.locator('.suggestion').first().waitFor();
  return app;
}

const suggestions = (app: AppPage): Promise<string[]> => app.page.locator('.suggestion').allTextContents();

/** True when all of `target` shows between the header and the composer (nothing covers it). */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const [box, header, dock] = [
    await target.boundingBox(),
    await page.locator('header.top').boundingBox(),
    await page.locator('footer.dock').boundingBox(),
  ];
  return !!box && !!header && !!dock && box.y >= header.y + header.height - 1 && box.y + box.height <= dock.y + 1;
}

/** A streamed answer of the assistant's, as the callable sends it (server-sent events), in `parts`. */
function streamedAnswer(parts: string[], origin: string) {
  const text = parts.join('');
  const result = {
    sessionId: 'streamed-session',
    status: 'done',
    finishReason: 'stop',
    text,
    output: null,
    interrupts: [],
    usage: { inputTokens: 1, outputTokens: 1 },
  };
  const events = [...parts.map((part) => ({ message: { type: 'text', text: part } })), { result }];
  return (route: Route) => {
    if (route.request().method() === 'OPTIONS') return route.continue();
    return route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      headers: { 'access-control-allow-origin': origin },
      body: events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''),
    });
  };
}

chromium.describe('a first-time visitor (in Chromium)', () => {
  for (const [size, viewport] of SIZES) {
    browserIt(
      `takes a guest from a suggestion to an approval card, naming the scripted model (${size})`,
      async (pages) => {
        const app = await guest(pages, viewport);
        const { page } = app;
        expect(await page.locator('#model-note').textContent()).toMatch(/scripted model/i);
        expect(await page.locator('#model-note').isVisible()).toBe(true);
        const [cancel, ask] = await suggestions(app);
        expect(cancel).toMatch(/^Please cancel my order D-\d{6}$/);
        expect(ask).toMatch(/^Where is my order D-\d{6}\?$/);
        expect(await page.locator('#orders-note').textContent()).toContain('Espresso grinder');
        if (size === 'phone') await saveScreenshot(page, 'empty-phone');
        await expectAccessible(page, 'empty page');

        // The answer comes through a gate that holds it at each step a person can see.
        await gate.route(page);
        const sending = gate.holdBefore();
        const words = gate.holdAfter((event) => chunkType(event) === 'text');
        const tool = gate.holdAfter((event) => chunkType(event) === 'toolRequest');
        await page.locator('.suggestion', { hasText: cancel as string }).click();
        await sending.reached;
        await page.locator('.message.user[data-state="pending"]').waitFor();
        expect(await page.locator('.bubble.user').textContent()).toBe(cancel);
        await expectAccessible(page, 'sending');

        sending.release();
        await words.reached;
        await page.locator('.bubble.assistant').waitFor();
        await expectAccessible(page, 'streaming');

        words.release();
        await tool.reached;
        await page.locator('.tool[data-tool="queryOrder"][data-state="running"]').waitFor();
        await expectAccessible(page, 'tool running');

        tool.release();
        const card = await app.approval('cancelOrder', 'waiting');
        await app.idle();
        expect(await card.locator('h2').textContent()).toBe(`Cancel order ${cancel?.slice(-8)}?`);
        if (size === 'phone') await saveScreenshot(page, 'guest-pending-phone');
        await expectAccessible(page, 'pending card');

        // The other suggestion works for this guest too.
        await card.locator('button.approve').click();
        await app.approval('cancelOrder', 'approved');
        await app.idle();
        await expectAccessible(page, 'decided');
        await app.send(ask as string);
        await app.assistantSays('is shipped');
      },
    );

    browserIt(`renders Markdown and runs nothing in hostile model text (${size})`, async (pages) => {
      const app = await guest(pages, viewport);
      const { page } = app;
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const hostile = [
        '**Bold** and _italic_, a [help page](https://example.com/help) and [mail](mailto:help@example.com).\n\n',
        '- one\n- two\n\n1. first\n2. second\n\n```js\nconst tag = "<script>alert(1)</script>";\n```\n\n',
        "<script>window.pwned = 'script'</script>\n\n",
        '<img src="x" onerror="window.pwned = \'img\'; alert(1)">\n\n',
        "<svg onload=\"window.pwned = 'svg'\"><script>window.pwned = 'svg-script'</script></svg>\n\n",
        '<iframe src="javascript:top.pwned = \'iframe\'"></iframe>\n\n',
        "[click me](javascript:window.pwned='link') and [data](data:text/html,<script>alert(1)</script>)\n\n",
        '![pic](x" onerror="window.pwned=\'alt\') <a href="javascript:window.pwned=\'a\'" onclick="window.pwned=\'click\'">raw link</a>',
      ];
      await page.route(CALLABLE, streamedAnswer(hostile, stack.url));
      await app.send('Tell me something');
      const answer = page.locator('.bubble.assistant');
      await answer.locator('pre code').waitFor();
      await app.idle();

      // What Markdown means is drawn.
      expect(await answer.locator('strong').first().textContent()).toBe('Bold');
      // A code block copies its code, and says so.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
      await answer.getByRole('button', { name: 'Copy code' }).click();
      await answer.locator('.code-block button.copy[data-label="Copied"]').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'const tag = "<script>alert(1)</script>";\n',
      );
      expect(await answer.locator('em').first().textContent()).toBe('italic');
      expect(await answer.locator('ul > li').allTextContents()).toEqual(['one', 'two']);
      expect(await answer.locator('ol > li').allTextContents()).toEqual(['first', 'second']);
      expect(await answer.locator('pre code').textContent()).toContain('<script>alert(1)</script>');
      const help = answer.locator('a', { hasText: 'help page' });
      expect(await help.getAttribute('href')).toBe('https://example.com/help');
      expect(await help.getAttribute('target')).toBe('_blank');
      expect(await help.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await answer.locator('a', { hasText: 'mail' }).getAttribute('href')).toBe('mailto:help@example.com');

      // Nothing else became markup: no script, frame, image or handler; unsafe links lost their target.
      const found = await answer.evaluate((node) => ({
        tags: [...node.querySelectorAll('script, iframe, svg, img, object, embed, style, form')].map((n) => n.tagName),
        handlers: [...node.querySelectorAll('*')].flatMap((n) =>
          [...n.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${n.tagName}.${a.name}`),
        ),
        hrefs: [...node.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
      }));
      expect(found.tags).toEqual([]);
      expect(found.handlers).toEqual([]);
      expect(found.hrefs.every((href) => /^(https?:|mailto:)/.test(href ?? ''))).toBe(true);
      // Raw HTML of the model's shows as the text it is.
      expect(await answer.textContent()).toContain('<script>window.pwned');
      for (const name of ['click me', 'raw link']) await answer.getByText(name).click();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      if (size === 'desktop') await saveScreenshot(page, 'markdown-desktop');
      await expectAccessible(page, 'markdown answer');
    });

    browserIt(
      `lists the guest's conversations, newest first, with a badge for a pending approval (${size})`,
      async (pages) => {
        const app = await guest(pages, viewport);
        const { page } = app;
        const [cancel, ask] = await suggestions(app);
        await page.locator('.suggestion', { hasText: cancel as string }).click();
        await app.approval('cancelOrder', 'waiting');
        await app.idle();
        const waiting = app.sessionId();

        // Start over asks first (an approval waits), and is not styled as destructive.
        await page.locator('#new').click();
        const dialog = page.getByRole('dialog', { name: 'Start a new conversation?' });
        await dialog.waitFor();
        await expectAccessible(page, 'confirm dialog');
        const startOver = dialog.getByRole('button', { name: 'Start over' });
        expect(await startOver.evaluate((node) => node.classList.contains('danger'))).toBe(false);
        await startOver.click();
        await page.locator('.suggestion').first().waitFor();
        await page.locator('.suggestion', { hasText: ask as string }).click();
        await app.assistantSays('is shipped');
        await app.idle();
        const asked = app.sessionId();

        await page.locator('#history').click();
        const list = page.getByRole('dialog', { name: 'Your conversations' });
        const items = list.locator('button.conversation');
        await items.nth(1).waitFor();
        expect(await items.locator('.title').allTextContents()).toEqual([ask, cancel]);
        expect(await items.nth(0).getAttribute('aria-current')).toBe('true');
        expect(await items.nth(0).locator('.status-badge').count()).toBe(0);
        expect(await items.nth(1).locator('.status-badge').textContent()).toBe('Approval needed');
        expect(await items.nth(1).getAttribute('data-session')).toBe(waiting);
        await saveScreenshot(page, `conversations-${size}`);
        await expectAccessible(page, 'conversation list');

        // Escape closes it; choosing one opens it, its approval still waiting.
        await page.keyboard.press('Escape');
        await list.waitFor({ state: 'hidden' });
        expect(app.sessionId()).toBe(asked);
        await page.locator('#history').click();
        await items.nth(1).click();
        await app.approval('cancelOrder', 'waiting');
        expect(app.sessionId()).toBe(waiting);
      },
    );

    browserIt(
      `keeps a first message that never got through across a reload, not an older conversation (${size})`,
      async (pages) => {
        const app = await guest(pages, viewport);
        const { page } = app;
        const [cancel, ask] = await suggestions(app);
        // An older conversation of this guest's.
        await page.locator('.suggestion', { hasText: ask as string }).click();
        await app.assistantSays('is shipped');
        await app.idle();
        await page.locator('#new').click();
        await page.locator('.suggestion').first().waitFor();

        // The network is down: the first message of the new conversation never reaches the function.
        await page.route(CALLABLE, (route) => route.abort('internetdisconnected'));
        await app.send(cancel as string);
        const unsent = page.locator('.message.user[data-state="failed"]');
        await unsent.waitFor();
        await app.notice('error');
        // The new conversation's id, made by the page; no session has it yet.
        const made = app.sessionId();
        expect(made).toMatch(/^[A-Za-z0-9]{20}$/);
        // The notice above the composer covers nothing: the Retry / Edit row shows.
        const row = unsent.locator('.message-footer');
        await page.waitForFunction(() => {
          const scroller = document.querySelector('#scroller') as HTMLElement;
          return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
        });
        expect(await inView(page, row)).toBe(true);
        await expectAccessible(page, 'not sent');

        await app.reload();
        await unsent.waitFor();
        expect(await page.locator('.bubble.user').allTextContents()).toEqual([cancel]);
        expect(await page.locator('.bubble.assistant').count()).toBe(0);
        expect(app.sessionId()).toBe(made);

        await page.unroute(CALLABLE);
        await unsent.getByRole('button', { name: 'Retry' }).click();
        await app.approval('cancelOrder', 'waiting');
        expect(await page.locator('.bubble.user').allTextContents()).toEqual([cancel]);
        expect(app.sessionId()).toBe(made);
      },
    );

    browserIt(
      `keeps the decline form above the composer, closes it with Escape, and marks the irreversible action (${size})`,
      async (pages) => {
        const app = await askToCancel(pages, stack, size === 'phone' ? 'E-1001' : 'E-2001', viewport);
        const { page } = app;
        const card = await app.approval('cancelOrder', 'waiting');
        const approve = card.locator('button.approve');
        expect(await approve.evaluate((node) => node.classList.contains('danger'))).toBe(true);
        expect(await approve.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(163, 34, 27)');
        expect(await page.locator('#new').evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe(
          'rgb(163, 34, 27)',
        );

        await card.locator('.choices button.decline').click();
        const reason = card.locator('input.reason');
        expect(await reason.evaluate((node) => node === document.activeElement)).toBe(true);
        expect(await inView(page, card.locator('button.confirm-decline'))).toBe(true);
        expect(await inView(page, card.locator('button.back'))).toBe(true);
        await expectAccessible(page, 'decline form');

        await reason.fill('I still need it');
        await page.keyboard.press('Escape');
        expect(await card.locator('form.decline-form').isVisible()).toBe(false);
        expect(await card.locator('.choices button.decline').evaluate((node) => node === document.activeElement)).toBe(
          true,
        );

        await card.locator('.choices button.decline').click();
        await reason.fill('I still need it');
        await reason.press('Enter');
        const decided = await app.approval('cancelOrder', 'declined');
        await app.idle();
        expect(await decided.locator('.outcome').textContent()).toBe('Kept: I still need it');
        await expectAccessible(page, 'decided');
      },
    );

    browserIt(`counts the rate limit down with Retry disabled until it ends (${size})`, async (pages) => {
      const app = await guest(pages, viewport);
      const { page } = app;
      await page.route(CALLABLE, (route: Route) => {
        if (route.request().method() === 'OPTIONS') return route.continue();
        const error = {
          status: 'RESOURCE_EXHAUSTED',
          message: 'too many calls',
          details: { reason: 'RATE_LIMITED', retryAfterMs: 3000 },
        };
        return route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          headers: { 'access-control-allow-origin': stack.url },
          body: `data: ${JSON.stringify({ error })}\n\n`,
        });
      });
      const [, ask] = await suggestions(app);
      await app.send(ask as string);
      const notice = page.locator('.notice.error');
      await notice.waitFor();
      expect(await notice.locator('.countdown').textContent()).toBe(
        "You're sending messages too fast — try again in 3 s.",
      );
      const retry = page.locator('.message.user[data-state="failed"]').getByRole('button', { name: /^Retry/ });
      expect(await retry.isDisabled()).toBe(true);
      expect(await retry.textContent()).toBe('Retry in 3 s');
      await expectAccessible(page, 'rate limited');

      await notice.locator('.countdown', { hasText: 'try again in 2 s.' }).waitFor();
      expect(await retry.isDisabled()).toBe(true);
      await page.waitForFunction(() => document.querySelector('.notice') === null, undefined, { timeout: 5_000 });
      expect(await retry.isEnabled()).toBe(true);
      expect(await retry.textContent()).toBe('Retry');

      await page.unroute(CALLABLE);
      await retry.click();
      await app.assistantSays('is shipped');
      expect(await page.locator('.message.user').getAttribute('data-state')).toBe('sent');
    });

    browserIt(`folds a long pasted message behind "Show more" (${size})`, async (pages) => {
      const app = await guest(pages, viewport);
      const { page } = app;
      const pasted = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the order notes I pasted.`).join('\n');
      await app.send(pasted);
      const message = page.locator('.message.user');
      const bubble = message.locator('.bubble.user');
      const more = message.getByRole('button', { name: 'Show more' });
      await more.waitFor();
      expect(await bubble.textContent()).toBe(pasted);
      expect(await bubble.evaluate((node) => node.scrollHeight > node.clientHeight + 50)).toBe(true);
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.click();
      const less = message.getByRole('button', { name: 'Show less' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      expect(await bubble.evaluate((node) => node.scrollHeight <= node.clientHeight + 1)).toBe(true);
      await app.idle();
      await expectAccessible(page, 'long message');
    });
  }
});
