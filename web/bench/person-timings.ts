import type { Browser } from 'playwright-core';

/** The moments of one visit, in ms since the page's navigation started (its `performance.now()`). */
export interface VisitMarks {
  boxUsable: number;
  suggestionsShown: number;
  sent: number;
  firstText: number;
  card: number;
  cardUsable: number;
}

/**
 * Records, inside the page, when each thing a person waits for appears: a MutationObserver
 * notes the first moment each condition holds (before the frame that paints it, so within one
 * frame of what a person sees), and a click on a suggestion notes when they sent.
 */
function recordMarks(): void {
  const marks: Record<string, number> = {};
  (window as unknown as { benchMarks: Record<string, number> }).benchMarks = marks;
  const note = (name: string, holds: () => boolean): void => {
    if (marks[name] === undefined && holds()) marks[name] = performance.now();
  };
  const check = (): void => {
    note('boxUsable', () => (document.querySelector('#message') as HTMLTextAreaElement | null)?.disabled === false);
    note('suggestionsShown', () => document.querySelector('.suggestion') !== null);
    if (marks.sent === undefined) return;
    note('firstText', () => (document.querySelector('.bubble.assistant')?.textContent ?? '') !== '');
    note('card', () => document.querySelector('.approval[data-state="waiting"]') !== null);
    note('cardUsable', () => {
      const approve = document.querySelector<HTMLButtonElement>('.approval[data-state="waiting"] button.approve');
      return approve !== null && !approve.disabled;
    });
  };
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('.suggestion') && marks.sent === undefined) {
        marks.sent = performance.now();
      }
    },
    true,
  );
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/**
 * One visit of a new guest at `url`: the page loads, the person clicks the first suggestion
 * (cancel one of their demo orders) and the approval card arrives. Returns the marks.
 */
export async function visit(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
): Promise<VisitMarks> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(60_000);
  try {
    const page = await context.newPage();
    await page.addInitScript(recordMarks);
    await page.goto(url);
    await page.locator('.suggestion').first().click();
    await page.locator('.approval[data-state="waiting"] button.approve:enabled').waitFor();
    const marks = await page.evaluate(() => (window as unknown as { benchMarks: VisitMarks }).benchMarks);
    for (const name of ['boxUsable', 'suggestionsShown', 'sent', 'firstText', 'card', 'cardUsable'] as const) {
      if (typeof marks[name] !== 'number') throw new Error(`the visit never reached "${name}"`);
    }
    return marks;
  } finally {
    await context.close();
  }
}
