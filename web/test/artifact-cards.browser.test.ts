import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './test-utils/axe.js';
import { launchChromium } from './test-utils/browser.js';

// The artifact cards (web/src/artifact-cards.ts) in Chromium on a page of their own: each name's
// last version as a card headed by its name, text shown as text (never markup), an image with its
// words, data as JSON, and no accessibility rule broken (axe).

const skip = inject('browserSkipReason');

async function bundled(): Promise<string> {
  const build = await rolldown({ input: resolve(import.meta.dirname, '../src/artifact-cards.ts') });
  const { output } = await build.generate({ format: 'iife', name: 'artifactCards' });
  await build.close();
  return output[0].code;
}

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const ARTIFACTS = [
  { name: 'chart', version: 1, at: 1, parts: [{ media: { url: PIXEL, contentType: 'image/png' } }] },
  { name: 'report', version: 2, at: 2, parts: [{ text: '<b>Q3</b> is up' }, { data: { total: 3 } }] },
];

let browser: Browser;
let page: Page;
const show = (artifacts: unknown) =>
  page.evaluate((list) => {
    const region = document.querySelector('#artifacts') as HTMLElement;
    (window as never as { artifactCards: typeof import('../src/artifact-cards.js') }).artifactCards.showArtifacts(
      region,
      list as never,
    );
  }, artifacts);

beforeAll(async () => {
  if (skip) return;
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Artifacts</title></head><body><main><h1>A conversation</h1><section id="artifacts" aria-label="Artifacts" hidden></section></main></body></html>',
  );
  await page.addScriptTag({ content: await bundled() });
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(Boolean(skip))('artifact cards in Chromium', () => {
  it('shows each artifact as a card named by its heading, with its version and parts, and breaks no axe rule', async () => {
    await show(ARTIFACTS);
    const report = page.getByRole('article', { name: 'report' });
    await expect(report.getByText('Version 2').count()).resolves.toBe(1);
    // The tool's words are text: the markup in them is shown, never run or drawn.
    await expect(report.locator('p.artifact-text').textContent()).resolves.toBe('<b>Q3</b> is up');
    await expect(report.locator('b').count()).resolves.toBe(0);
    await expect(report.locator('pre').textContent()).resolves.toContain('"total": 3');
    await expect(page.getByRole('img', { name: 'chart, as an image' }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('hides the region when the conversation has no artifacts', async () => {
    await show(ARTIFACTS);
    await show([]);
    await expect(page.locator('#artifacts').isHidden()).resolves.toBe(true);
    await expect(page.getByRole('article').count()).resolves.toBe(0);
  });
});
