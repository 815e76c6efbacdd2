import type { Browser, Page } from 'playwright-core';
import { AppPage } from '../test/test-utils/app-page.js';
import { DESKTOP } from '../test/test-utils/browser.js';
import { giveOrder } from '../test/test-utils/orders.js';
import type { WebStack } from '../test/test-utils/web-stack.js';

/** The spans of one run, in ms, as a person sees them. */
export interface LiveSpans {
  /** A new guest's page load → the message box takes a message. */
  boxUsable: number;
  /** Send → the answer's first word in the tab that asked (its own stream). */
  askingFirstWord: number;
  /** Send → the answer's first word in a second tab of the same person (from the server, as another device gets it). */
  secondFirstWord: number;
  /** The second tab's reload mid-answer → the answer's words so far on the page again. */
  reloadWordsBack: number;
  /** That reload → the message box takes a message. */
  reloadBoxUsable: number;
  /** Stop (clicked mid-answer in the tab that asked) → that tab says stopped, the words streamed so far kept. */
  stopKeptHere: number;
  /** The same Stop → the second tab says stopped, the words kept. */
  stopKeptThere: number;
}

interface LiveWatch {
  /** How many assistant bubbles there were before the answer under watch: its bubble is the next. */
  seen?: number;
}

type Marks = Record<string, number>;
type BenchWindow = { liveMarks: Marks; liveWatch?: LiveWatch };

/**
 * Notes, inside every page (and again after a reload), the wall-clock moment (`Date.now()`: the
 * same clock in every tab of this machine) each thing a person waits for first holds: a
 * MutationObserver sees the change before the frame that paints it. `origin` is the navigation's
 * start; `sent` and `stopClicked` are the clicks.
 */
function recordLiveMarks(): void {
  const w = window as unknown as BenchWindow;
  w.liveMarks = { origin: performance.timeOrigin };
  const answer = (): string | undefined => {
    const seen = w.liveWatch?.seen;
    if (seen === undefined) return undefined;
    return (document.querySelectorAll('#log .bubble.assistant')[seen]?.textContent ?? '').trim();
  };
  const note = (name: string, holds: () => boolean): void => {
    if (w.liveMarks[name] === undefined && holds()) w.liveMarks[name] = Date.now();
  };
  const check = (): void => {
    note('boxUsable', () => (document.querySelector('#message') as HTMLTextAreaElement | null)?.disabled === false);
    note('words', () => Boolean(answer()));
    note('stoppedKept', () => document.querySelector('#log .turn-note.stopped') !== null && Boolean(answer()));
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      if (target?.closest('#send')) w.liveMarks.sent ??= Date.now();
      if (target?.closest('#stop')) w.liveMarks.stopClicked ??= Date.now();
    },
    true,
  );
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/** Watches the answer after the `seen` assistant bubbles `page` shows, with its marks so far forgotten (its `origin` kept). */
async function watchAnswer(page: Page, seen: number): Promise<void> {
  await page.evaluate((count) => {
    const w = window as unknown as BenchWindow;
    w.liveWatch = { seen: count };
    w.liveMarks = { origin: w.liveMarks.origin as number };
  }, seen);
}

/** Waits until `page` has noted mark `name`, and gives it. */
async function mark(page: Page, name: string): Promise<number> {
  await page.waitForFunction((n) => (window as unknown as BenchWindow).liveMarks?.[n] !== undefined, name, {
    polling: 50,
  });
  return page.evaluate((n) => (window as unknown as BenchWindow).liveMarks[n] as number, name);
}

/** Thrown when a run could not measure what it is for (the answer ended before the reload): the run is not counted. */
export class MissedRun extends Error {}

/**
 * One run: a new guest opens the app (page load → box usable), says "Hello" (the conversation
 * exists), and opens it in a second tab. They ask where order `orderId` is: the answer streams
 * word by word, slowly (the stack's stand-in model), in the tab that asked and, from the server,
 * in the second tab; the second tab reloads mid-answer. Then they ask again and stop the answer
 * mid-way in the first tab: both tabs say stopped and keep the words.
 */
export async function liveRun(browser: Browser, stack: WebStack, orderId: string): Promise<LiveSpans> {
  const context = await browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(60_000);
  await context.addInitScript(recordLiveMarks);
  try {
    const first = await new AppPage(await context.newPage()).open(stack.url);
    const boxUsable = (await mark(first.page, 'boxUsable')) - (await mark(first.page, 'origin'));
    await giveOrder(stack.admin, await first.uid(), orderId);
    await first.send('Hello');
    await first.assistantSays('Which order do you mean?');
    await first.idle();
    const second = await new AppPage(await context.newPage()).open(stack.url, `?session=${first.sessionId()}`);
    await second.assistantSays('Which order do you mean?');

    // The answer streams in the tab that asked and, from the server, in the second tab.
    let seen = (await first.assistantTexts()).length;
    await watchAnswer(first.page, seen);
    await watchAnswer(second.page, seen);
    await first.send(`Where is my order ${orderId}?`);
    const sent = await mark(first.page, 'sent');
    const askingFirstWord = (await mark(first.page, 'words')) - sent;
    const secondFirstWord = (await mark(second.page, 'words')) - sent;

    // The second tab reloads mid-answer: its words so far come back from the server.
    await second.page.addInitScript((count) => {
      (window as unknown as BenchWindow).liveWatch = { seen: count };
    }, seen);
    await second.page.reload();
    const origin = await mark(second.page, 'origin');
    const reloadWordsBack = (await mark(second.page, 'words')) - origin;
    const reloadBoxUsable = (await mark(second.page, 'boxUsable')) - origin;
    if (!(await first.page.locator('#stop').isVisible())) throw new MissedRun('the answer ended before the reload');
    await first.idle();
    await second.idle();

    // Asked again, and stopped mid-answer in the first tab: both tabs keep the words.
    seen = (await first.assistantTexts()).length;
    await watchAnswer(first.page, seen);
    await watchAnswer(second.page, seen);
    await first.send(`Where is my order ${orderId} now?`);
    // Stopped once both tabs show words: what the person was reading on each.
    await mark(first.page, 'words');
    await mark(second.page, 'words');
    if (!(await first.page.locator('#stop').isVisible())) throw new MissedRun('the answer ended before Stop');
    await first.page.locator('#stop').click();
    const stopClicked = await mark(first.page, 'stopClicked');
    const stopKeptHere = (await mark(first.page, 'stoppedKept')) - stopClicked;
    const stopKeptThere = (await mark(second.page, 'stoppedKept')) - stopClicked;
    return {
      boxUsable,
      askingFirstWord,
      secondFirstWord,
      reloadWordsBack,
      reloadBoxUsable,
      stopKeptHere,
      stopKeptThere,
    };
  } finally {
    await context.close();
  }
}
