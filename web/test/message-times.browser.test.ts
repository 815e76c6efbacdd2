import { expect } from 'vitest';
import type { AppPage } from './test-utils/app-page.js';
import { axeViolations } from './test-utils/axe.js';
import type { PageSet } from './test-utils/browser.js';
import { chromiumSuite } from './test-utils/chromium-suite.js';
import { newOrderOwner } from './test-utils/order-owner.js';

// Every message says when it was sent: the session stores a time on each message (the person's
// when the server took it, the assistant's as its turn journaled it), and the page shows it under
// each of the person's messages and each answer, earlier turns' too, whether this tab's stream
// drew them or the stored session did. A session stored before messages had times shows none.

const chromium = chromiumSuite();
const { stack, it: browserIt } = chromium;

interface StoredMessage {
  role: 'user' | 'model' | 'tool';
  content: { text?: string }[];
  metadata?: { at?: number };
}

/** The session's history as stored (its tail: these conversations are short), in order. */
async function storedHistory(sessionId: string): Promise<StoredMessage[]> {
  const doc = (await stack.admin.doc(`sessions/${sessionId}`).get()).data() as {
    history: { sealed: number; lines: Record<string, string> };
  };
  expect(doc.history.sealed).toBe(0);
  return Object.keys(doc.history.lines)
    .sort()
    .map((key) => JSON.parse(doc.history.lines[key] as string) as StoredMessage);
}

const iso = (ms: number | undefined): string => new Date(ms ?? Number.NaN).toISOString();

/** The times the page shows: under the person's messages, and under the answers, in order. */
async function shownTimes(app: AppPage): Promise<{ sent: (string | null)[]; answered: (string | null)[] }> {
  const sent = app.page.locator('#log .message.user > time.stamp');
  const answered = app.page.locator('#log .stamp-row > time.stamp');
  const datetimes = async (stamps: typeof sent) =>
    Promise.all((await stamps.all()).map((stamp) => stamp.getAttribute('datetime')));
  return { sent: await datetimes(sent), answered: await datetimes(answered) };
}

/** A conversation of two turns: "Hello" (answered "Which order do you mean?"), then where order `orderId` is. */
async function twoTurns(pages: PageSet, orderId: string): Promise<AppPage> {
  const app = await newOrderOwner(pages, stack, orderId);
  await app.send('Hello');
  await app.assistantSays('Which order do you mean?');
  await app.idle();
  await app.send(`Where is my order ${orderId}?`);
  await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
  await app.idle();
  return app;
}

chromium.describe('message times (in Chromium)', () => {
  browserIt('shows on every message and answer, earlier turns’ too, the time the session stored it', async (pages) => {
    const app = await twoTurns(pages, 'T-1001');
    const history = await storedHistory(app.sessionId() as string);
    const users = history.filter((message) => message.role === 'user');
    const said = history.filter((message) => message.role === 'model' && message.content.some((part) => part.text));
    expect(users.map((message) => typeof message.metadata?.at)).toEqual(['number', 'number']);
    const first = said.find((message) =>
      message.content.some((part) => part.text?.includes('Which order do you mean?')),
    );
    expect(first?.metadata?.at).toBeTypeOf('number');
    const modelTimes = new Set(said.map((message) => iso(message.metadata?.at)));
    const check = async (): Promise<void> => {
      // The session's state after the turn gives this tab's streamed answer its time.
      await expect
        .poll(async () => (await shownTimes(app)).answered.length)
        .toBe(await app.assistantTexts().then((t) => t.length));
      const { sent, answered } = await shownTimes(app);
      expect(sent).toEqual(users.map((message) => iso(message.metadata?.at)));
      // The first turn's answer keeps its own time, not the newest turn's.
      expect(answered[0]).toBe(iso(first?.metadata?.at));
      for (const time of answered) expect(modelTimes.has(time as string)).toBe(true);
      expect([...answered].sort()).toEqual(answered);
      expect(await app.page.locator('#log time.stamp').first().textContent()).toMatch(/^\d\d:\d\d$/);
    };
    // As this tab drew them (its stream), then as the stored session draws them after a reload.
    await check();
    await app.reload();
    await check();
    expect(await axeViolations(app.page)).toEqual([]);
  });

  browserIt('shows the words of a session stored before messages had times, with no times', async (pages) => {
    const app = await twoTurns(pages, 'T-1002');
    const sessionId = app.sessionId() as string;
    const ref = stack.admin.doc(`sessions/${sessionId}`);
    const lines = ((await ref.get()).data() as { history: { lines: Record<string, string> } }).history.lines;
    // The session as one stored before messages had times: the same lines, none with `metadata.at`.
    const untimed: Record<string, string> = {};
    for (const [key, line] of Object.entries(lines)) {
      const message = JSON.parse(line) as StoredMessage;
      delete message.metadata?.at;
      if (message.metadata && Object.keys(message.metadata).length === 0) delete message.metadata;
      untimed[`history.lines.${key}`] = `${JSON.stringify(message)}\n`;
    }
    await ref.update(untimed);
    await app.reload();
    await app.assistantSays('Which order do you mean?');
    await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
    expect(await app.page.locator('#log .bubble.user').allTextContents()).toEqual([
      'Hello',
      'Where is my order T-1002?',
    ]);
    expect(await app.page.locator('#log time.stamp').count()).toBe(0);
    expect(await app.page.locator('#log .stamp-row').count()).toBe(0);
  });
});
