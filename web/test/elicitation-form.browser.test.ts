import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './test-utils/axe.js';
import { launchChromium } from './test-utils/browser.js';

// The form an MCP server asks a person to fill in (web/src/elicitation-form.ts), in Chromium on a
// page of its own: each field of the schema subset MCP allows as a labelled native control, read
// back with the schema's types, and no accessibility rule broken (axe).

const skip = inject('browserSkipReason');

/** The form's module, bundled for the page (it exposes `elicitationForm` on `window`). */
async function bundled(): Promise<string> {
  const build = await rolldown({ input: resolve(import.meta.dirname, '../src/elicitation-form.ts') });
  const { output } = await build.generate({ format: 'iife', name: 'elicitation' });
  await build.close();
  return output[0].code;
}

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Who receives it', minLength: 1 },
    copies: { type: 'integer', title: 'Copies', minimum: 1, maximum: 9, description: 'How many to send' },
    weight: { type: 'number', title: 'Weight (kg)' },
    gift: { type: 'boolean', title: 'Gift-wrapped' },
    speed: { type: 'string', title: 'Speed', enum: ['standard', 'express'], enumNames: ['Standard', 'Express'] },
  },
  required: ['name', 'copies', 'speed'],
};

let browser: Browser;
let page: Page;
beforeAll(async () => {
  if (skip) return;
  browser = await launchChromium();
  page = await browser.newPage();
  const code = await bundled();
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Form</title></head><body><main><h1>A server asks</h1></main></body></html>',
  );
  await page.addScriptTag({ content: code });
  await page.evaluate((schema) => {
    const made = (
      window as never as { elicitation: typeof import('../src/elicitation-form.js') }
    ).elicitation.elicitationForm(schema as never, 'Ship A-7: who and how?', 'ship');
    (window as never as { form: unknown }).form = made;
    document.querySelector('main')?.append(made.element);
  }, SCHEMA);
});
afterAll(async () => {
  await browser?.close();
});

const answer = () => page.evaluate(() => (window as never as { form: { answer(): unknown } }).form.answer());

describe.skipIf(Boolean(skip))('elicitationForm in Chromium', () => {
  it('shows each field as a labelled control of its type, the enum as a select of its titles', async () => {
    await expect(page.getByRole('group', { name: 'Ship A-7: who and how?' }).count()).resolves.toBe(1);
    expect(await page.getByLabel('Who receives it').getAttribute('type')).toBe('text');
    expect(await page.getByLabel('Copies').getAttribute('step')).toBe('1');
    expect(await page.getByLabel('Weight (kg)').getAttribute('type')).toBe('number');
    expect(await page.getByLabel('Gift-wrapped').getAttribute('type')).toBe('checkbox');
    expect(await page.getByLabel('Speed').locator('option').allTextContents()).toEqual(['Standard', 'Express']);
    expect(await page.getByRole('spinbutton', { name: 'Copies' }).getAttribute('aria-describedby')).toBe(
      'ship-copies-hint',
    );
  });

  it('refuses to answer while a required field is empty or a number is out of range, saying which', async () => {
    await page.getByLabel('Copies').fill('12');
    expect(await answer()).toEqual({ problem: expect.stringContaining('Who receives it') });
    await page.getByLabel('Who receives it').fill('Ann');
    expect(await answer()).toEqual({ problem: expect.stringContaining('Copies') });
  });

  it('reads the answer back with the schema’s types when it fits', async () => {
    await page.getByLabel('Who receives it').fill('Ann');
    await page.getByLabel('Copies').fill('2');
    await page.getByLabel('Weight (kg)').fill('1.5');
    await page.getByLabel('Gift-wrapped').check();
    await page.getByLabel('Speed').selectOption('express');
    expect(await answer()).toEqual({ content: { name: 'Ann', copies: 2, weight: 1.5, gift: true, speed: 'express' } });
  });

  it('breaks no accessibility rule (axe)', async () => {
    expect(await axeViolations(page)).toEqual([]);
  });
});
