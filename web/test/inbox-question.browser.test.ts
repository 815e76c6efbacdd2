import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './test-utils/axe.js';
import { launchChromium } from './test-utils/browser.js';

// An MCP server's own question (2026-07-28 `input_required`) waiting for an approver who is not
// the session's owner: their Approvals inbox entry (web/src/inbox-entry.ts), in Chromium, shows the
// server's form (string, number, boolean and enum fields) and sends what they fill in as the
// call's `respond`; a URL to open is answered with `{}`. No accessibility rule broken (axe).

const skip = inject('browserSkipReason');

/** The entry's module, bundled for the page (it exposes `inboxEntry` on `window`). */
async function bundled(): Promise<string> {
  const build = await rolldown({ input: resolve(import.meta.dirname, '../src/inbox-entry.ts') });
  const { output } = await build.generate({ format: 'iife', name: 'inbox' });
  await build.close();
  return output[0].code;
}

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Who receives it', minLength: 1 },
    copies: { type: 'integer', title: 'Copies', minimum: 1 },
    gift: { type: 'boolean', title: 'Gift-wrapped' },
    speed: { type: 'string', title: 'Speed', enum: ['standard', 'express'] },
  },
  required: ['name', 'copies', 'speed'],
};

/** The inbox document of a server's question, as the kit writes it (its interrupt's metadata). */
const approval = (ref: string, elicitation: Record<string, unknown>) => ({
  id: `s-alice_${ref}`,
  sessionId: 's-alice',
  ref,
  tool: 'mcp_ship',
  metadata: { title: 'shop asks', summary: elicitation.message, elicitation, mcp: { server: 'shop', tool: 'ship' } },
  presented: { fields: [{ label: 'orderId', value: 'A-7', source: 'model' }] },
  inputDigest: 'digest',
  ownerUid: 'uid-alice',
  approverUids: [],
  approverClaim: 'manager',
  state: 'waiting',
  waitingSince: Date.now() - 120_000,
  expiresAt: null,
  expireAt: Date.now() + 86_400_000,
});

let browser: Browser;
let page: Page;
beforeAll(async () => {
  if (skip) return;
  browser = await launchChromium();
  page = await browser.newPage();
  const code = await bundled();
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Approvals</title></head><body><main><h1>Approvals</h1><h2>Waiting</h2><div class="inbox"></div></main></body></html>',
  );
  await page.addScriptTag({ content: code });
  const entries = [
    approval('form', { mode: 'form', message: 'Ship A-7: who and how?', requestedSchema: SCHEMA }),
    approval('visit', { mode: 'url', message: 'Link your account', url: 'https://accounts.example.com/link' }),
  ];
  await page.evaluate((list) => {
    const w = window as never as {
      inbox: typeof import('../src/inbox-entry.js');
      decisions: unknown[];
    };
    w.decisions = [];
    for (const item of list) {
      const entry = w.inbox.inboxEntry(
        item as never,
        new Map([['uid-alice', 'Alice']]),
        async (approved, decision) => {
          w.decisions.push({ ref: approved.ref, decision });
        },
        String,
      );
      document.querySelector('.inbox')?.append(entry.element);
    }
  }, entries);
});
afterAll(async () => {
  await browser?.close();
});

const decisions = () => page.evaluate(() => (window as never as { decisions: unknown[] }).decisions);
const entry = (ref: string) => page.locator(`.inbox-entry[data-id="s-alice_${ref}"]`);

describe.skipIf(Boolean(skip))('an approver’s inbox entry of a server’s question in Chromium', () => {
  it('shows the server’s form, each field a labelled control of its type', async () => {
    const form = entry('form').getByRole('group', { name: 'Ship A-7: who and how?' });
    await expect(form.count()).resolves.toBe(1);
    expect(await form.getByLabel('Who receives it').getAttribute('type')).toBe('text');
    expect(await form.getByLabel('Copies').getAttribute('type')).toBe('number');
    expect(await form.getByLabel('Gift-wrapped').getAttribute('type')).toBe('checkbox');
    expect(await form.getByLabel('Speed').locator('option').allTextContents()).toEqual(['standard', 'express']);
    // A URL's question has no form.
    await expect(entry('visit').locator('fieldset').count()).resolves.toBe(0);
  });

  it('breaks no accessibility rule (axe)', async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends nothing while a required field is empty, then the form’s content as a respond', async () => {
    const form = entry('form');
    await form.getByLabel('Copies').fill('2');
    await form.locator('button.approve').click();
    expect(await decisions()).toEqual([]);
    await form.getByLabel('Who receives it').fill('Ann');
    await form.getByLabel('Gift-wrapped').check();
    await form.getByLabel('Speed').selectOption('express');
    await form.locator('button.approve').click();
    await form.locator('.answered-by', { hasText: 'Answered by you' }).waitFor();
    expect(await decisions()).toEqual([
      {
        ref: 'form',
        decision: { kind: 'respond', output: { name: 'Ann', copies: 2, gift: true, speed: 'express' } },
      },
    ]);
    expect(await form.getByLabel('Who receives it').isDisabled()).toBe(true);
  });

  it('answers a URL’s question with {} as a respond', async () => {
    await entry('visit').locator('button.approve').click();
    await entry('visit').locator('.answered-by', { hasText: 'Answered by you' }).waitFor();
    expect((await decisions()).at(-1)).toEqual({ ref: 'visit', decision: { kind: 'respond', output: {} } });
  });
});
