import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlowError, type SessionView } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import { REPO_ROOT } from './test-utils/functions-emulator.js';
import { orderDevices, viewWhere } from './test-utils/order-devices.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';

// Issue 21 item 6, whileBusy: 'interrupt', on the real stack: the order assistant deployed with
// ORDER_ASSISTANT_WHILE_BUSY=interrupt (functions/.env.<project>) on the Functions emulator, devices on the Firebase JS SDK.
// A turn whose user text says "slowly" gets each model answer 10 s late (the fake Gemini).

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: interrupt end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-interrupt-${randomUUID().slice(0, 8)}`;
const users = demoData().users;
// The emulator reads a deploy parameter from functions/.env.<project> over functions/.env, as a deploy to that project would.
const paramsFile = join(REPO_ROOT, 'functions', `.env.${projectId}`);

type Orders = { whileBusy: 'interrupt' };

let stack: OrderStack | undefined;
/** The user texts of a view, in order. */
const userTexts = (view: SessionView) =>
  view.messages.flatMap((m) =>
    m.role === 'user' && m.content.some((p) => p.text) ? [m.content.map((p) => p.text ?? '').join('')] : [],
  );

const devices = orderDevices<Orders>({ projectId, firestoreHost: host as string, emulator: () => stack?.emulator });
const device = () => devices.open(users.alice as { email: string; password: string });

describe.skipIf(!host)('interrupting messages (end to end)', () => {
  beforeAll(async () => {
    writeFileSync(paramsFile, 'ORDER_ASSISTANT_WHILE_BUSY=interrupt\n');
    stack = await startOrderStack({
      projectId,
      firestoreHost: host as string,
      rules: true,
      // Slow enough that a message reaches a running turn even when the emulator must start a worker for it.
      play: { slowWhen: /slowly/i, slowMs: 10_000 },
    });
  });

  afterAll(async () => {
    await devices.close();
    await stack?.stop();
    rmSync(paramsFile, { force: true });
  });

  it('stops the running turn for each new message and answers the last, keeping every message once, in order, with no fork', async () => {
    const phone = await device();
    const laptop = await device();
    const { sessionId } = await phone.assistant.send('Hello.');
    const asked = [
      'Slowly, please tell me about order A-1001.',
      'Slowly, what about order A-1002?',
      'Slowly, and order A-1003?',
      'Where is my order A-1002?',
    ];
    const calls: Promise<unknown>[] = [];
    for (const [n, text] of asked.entries()) {
      const from = n % 2 ? laptop : phone;
      calls.push(from.assistant.send(text, { sessionId, requestId: `${sessionId}-i${n}` }).catch((e: unknown) => e));
      // The next message comes once this one's turn runs (a second device, a person typing on).
      if (n < asked.length - 1) {
        await viewWhere(laptop.db, sessionId, (v) => v.running?.requestId === `${sessionId}-i${n}`);
      }
    }
    const outcomes = await Promise.all(calls);
    for (const stopped of outcomes.slice(0, -1)) {
      expect(stopped).toBeInstanceOf(FlowError);
      expect(stopped).toMatchObject({ code: 'cancelled', reason: 'STOPPED' });
    }
    expect(outcomes.at(-1)).toMatchObject({ status: 'done', text: expect.stringContaining('A-1002') });
    const done = await viewWhere(phone.db, sessionId, (v) => v.status === 'idle');
    expect(userTexts(done)).toEqual(['Hello.', ...asked]);
    expect(done.queued).toEqual([]);
  });
});
