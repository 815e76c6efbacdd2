import { randomUUID } from 'node:crypto';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import type { FunctionsEmulator } from './test-utils/functions-emulator.js';
import { orderDevices, viewWhere } from './test-utils/order-devices.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';

// Issue 29 part 4 on the real stack: a first message carries the session id its client made, so
// the conversation can be watched and stopped from another device while its first turn runs,
// after the device that started it went away (the order assistant finishes under
// onDisconnect: 'finish'). A user text that says "slowly" gets each model answer 6 s late.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: session id end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-ids-${randomUUID().slice(0, 8)}`;
const users = demoData().users;
const SLOW = 'Slowly, please tell me about order A-1001.';

type Orders = {
  interrupts: { cancelOrder: { input: { orderId: string }; metadata: Record<string, unknown> } };
};

let emulator: FunctionsEmulator | undefined;
let stack: OrderStack | undefined;
const devices = orderDevices<Orders>({ projectId, firestoreHost: host as string, emulator: () => emulator });
const device = (name: 'alice' | 'bob') => devices.open(users[name] as { email: string; password: string });

/** Resolves once the session document exists and a turn runs on it (read as the admin: no watch before it exists). */
async function running(sessionId: string): Promise<FirebaseFirestore.DocumentData> {
  for (;;) {
    const snap = await (stack as OrderStack).admin.doc(`sessions/${sessionId}`).get();
    const data = snap.data();
    if (data?.status === 'running') return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!host)('session ids made by the client (end to end)', () => {
  beforeAll(async () => {
    stack = await startOrderStack({
      projectId,
      firestoreHost: host as string,
      rules: true,
      play: { slowWhen: /slowly/i, slowMs: 6000 },
    });
    emulator = stack.emulator;
  });

  afterAll(async () => {
    await devices.close();
    await stack?.stop();
  });

  it('watches and stops from a second device the first turn of a conversation whose device went away', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const gone = new AbortController();
    const stream = phone.assistant.stream(SLOW, { signal: gone.signal });
    stream.result.catch(() => undefined);
    // The id is the client's own, known before the turn has run.
    const { sessionId } = stream;
    expect(sessionId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(phone.assistant.sessionId).toBe(sessionId);
    expect(await running(sessionId)).toMatchObject({ ownerUid: expect.any(String), agent: 'orderAssistant' });
    gone.abort(); // the phone goes away during the first turn

    await viewWhere<Orders>(laptop.db, sessionId, (v) => v.running?.step === 'model');
    const stop = await laptop.assistant.stop(sessionId);
    expect(stop.sessionId).toBe(sessionId);
    expect(['stopped', 'stopping']).toContain(stop.status);
    const stopped = await viewWhere<Orders>(laptop.db, sessionId, (v) => v.status === 'idle' && !v.running);
    // The model's answer never came: the first turn's journal is the user's message alone.
    expect(stopped.messages).toHaveLength(1);
    expect(stopped.messages[0]).toMatchObject({ role: 'user', content: [{ text: SLOW }] });

    // The conversation goes on from the laptop, in the same session.
    await expect(laptop.assistant.send('Hello again.', { sessionId })).resolves.toMatchObject({
      sessionId,
      status: 'done',
    });
  });

  it('refuses a first message under another user’s session id with NOT_OWNER and changes nothing', async () => {
    const alice = await device('alice');
    const bob = await device('bob');
    const { sessionId } = await alice.assistant.send('Hello.');
    const before = (await (stack as OrderStack).admin.doc(`sessions/${sessionId}`).get()).updateTime;
    const refused = await bob.assistant.send('Hello.', { sessionId }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'permission-denied', reason: 'NOT_OWNER', sessionId: undefined });
    const after = (await (stack as OrderStack).admin.doc(`sessions/${sessionId}`).get()).updateTime;
    expect(after?.isEqual(before as NonNullable<typeof before>)).toBe(true);
  });
});
