import type { Browser } from 'playwright-core';
import type { StreamGate } from '../test/test-utils/stream-gate.js';

/** The moments of one stopped turn, in ms since the page's navigation started (its `performance.now()`). */
export interface StopMarks {
  /** The click on a suggestion (the message is sent). */
  sent: number;
  /** The Stop button shows. */
  stopShown: number;
  /** The click on Stop. */
  stopClicked: number;
  /** The transcript says the turn was stopped. */
  stopped: number;
  /** The message box takes a message again. */
  boxUsable: number;
}

/** Notes, inside the page, when each thing a person waits for appears (as person-timings.ts does). */
function recordStopMarks(): void {
  const marks: Record<string, number> = {};
  (window as unknown as { stopMarks: Record<string, number> }).stopMarks = marks;
  const note = (name: string, holds: () => boolean): void => {
    if (marks[name] === undefined && holds()) marks[name] = performance.now();
  };
  const check = (): void => {
    if (marks.sent === undefined) return;
    note('stopShown', () => (document.querySelector('#stop') as HTMLButtonElement | null)?.hidden === false);
    if (marks.stopClicked === undefined) return;
    note('stopped', () => document.querySelector('#log .turn-note.stopped') !== null);
    note('boxUsable', () => {
      const box = document.querySelector('#message') as HTMLTextAreaElement | null;
      return marks.stopped !== undefined && box?.disabled === false;
    });
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      if (target?.closest('.suggestion') && marks.sent === undefined) marks.sent = performance.now();
      if (target?.closest('#stop') && marks.stopClicked === undefined) marks.stopClicked = performance.now();
    },
    true,
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/**
 * One stopped turn of a new guest at `url`: the person clicks the first suggestion, the turn is
 * held on the server at its model step (`model`, the gate in front of the fake Gemini server),
 * and they click Stop. The page learns the new conversation's id from the caller's list before
 * it can stop it (a first message). Returns the marks.
 */
export async function stopVisit(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  model: StreamGate,
): Promise<StopMarks> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(60_000);
  const held = model.holdBefore();
  try {
    const page = await context.newPage();
    await page.addInitScript(recordStopMarks);
    await page.goto(url);
    await page.locator('.suggestion').first().click();
    await held.reached;
    await page.locator('#stop').click();
    await page.locator('#log .turn-note.stopped').waitFor();
    await page.locator('#message:enabled').waitFor();
    const marks = await page.evaluate(() => (window as unknown as { stopMarks: StopMarks }).stopMarks);
    for (const name of ['sent', 'stopShown', 'stopClicked', 'stopped', 'boxUsable'] as const) {
      if (typeof marks[name] !== 'number') throw new Error(`the stopped visit never reached "${name}"`);
    }
    return marks;
  } finally {
    held.release();
    await context.close();
  }
}
