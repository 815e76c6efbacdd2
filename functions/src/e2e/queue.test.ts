import { randomUUID } from 'node:crypto';
import { FlowError, isQueued, type SessionView } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import { orderDevices, viewWhere } from './test-utils/order-devices.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';

// Issue 21 items 5 and 6 on the real stack: the order assistant queues a message sent while a
// turn runs (whileBusy: 'queue'), on the Functions emulator, with devices on the Firebase JS SDK.
// A turn whose user text says "slowly" gets each model answer 3 s late (the fake Gemini).

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: queue end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-queue-${randomUUID().slice(0, 8)}`;
const users = demoData().users;
const SLOW = 'Slowly, please tell me about order A-1001.';

type Orders = {
  whileBusy: 'queue';
  interrupts: { cancelOrder: { input: { orderId: string }; metadata: Record<string, unknown> } };
};

let stack: OrderStack | undefined;
const textOf = (view: SessionView<Orders>, index: number) =>
  view.messages[index]?.content.map((p) => p.text ?? '').join('') ?? '';

/** The user texts of a view, in order. */
const userTexts = (view: SessionView<Orders>) =>
  view.messages.flatMap((m, i) => (m.role === 'user' && m.content.some((p) => p.text) ? [textOf(view, i)] : []));

const devices = orderDevices<Orders>({ projectId, firestoreHost: host as string, emulator: () => stack?.emulator });
const device = (name: 'alice' | 'bob') => devices.open(users[name] as { email: string; password: string });

describe.skipIf(!host)('queued messages (end to end)', () => {
  beforeAll(async () => {
    stack = await startOrderStack({
      projectId,
      firestoreHost: host as string,
      rules: true,
      play: { slowWhen: /slowly/i, slowMs: 3000 },
    });
  });

  afterAll(async () => {
    await devices.close();
    await stack?.stop();
  });

  it('answers three messages sent while a turn runs after it, in order, once each, with no fork', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const { sessionId } = await phone.assistant.send('Hello.');
    const slow = phone.assistant.send(SLOW, { sessionId });
    await viewWhere<Orders>(laptop.db, sessionId, (v) => v.running !== undefined);
    const asked = ['Where is my order A-1002?', 'And order A-1003?', 'Thanks, that is all.'];
    const queued = [];
    for (const [n, text] of asked.entries()) {
      queued.push(await laptop.assistant.send(text, { sessionId, requestId: `${sessionId}-q${n}` }));
    }
    expect(queued.map((q) => (isQueued(q) ? q.position : 0))).toEqual([1, 2, 3]);
    // The other device sees them waiting.
    const waiting = await viewWhere<Orders>(phone.db, sessionId, (v) => v.queued.length === 3);
    expect(waiting.queued.map((q) => q.message.content[0]?.text)).toEqual(asked);
    await expect(slow).resolves.toMatchObject({ status: 'done' });
    // Answered on the server, with no client call: the watch sees each, in order, and the queue empty.
    const done = await viewWhere<Orders>(
      phone.db,
      sessionId,
      (v) => v.status === 'idle' && v.queued.length === 0 && userTexts(v).length === 5,
    );
    expect(userTexts(done)).toEqual(['Hello.', SLOW, ...asked]);
    // Each user message is followed by the model's answer before the next one (one line of history: no fork).
    const users = done.messages.flatMap((m, i) => (m.role === 'user' && m.content.some((p) => p.text) ? [i] : []));
    for (const [k, at] of users.entries()) {
      const next = users[k + 1] ?? done.messages.length;
      expect(done.messages.slice(at + 1, next).some((m) => m.role === 'model')).toBe(true);
    }
    // A retry of a queued call by its request id gets the answer its turn stored.
    const again = await laptop.assistant.send(asked[0] as string, { sessionId, requestId: `${sessionId}-q0` });
    expect(!isQueued(again) && again.text).toContain('A-1002');
    expect(userTexts(await viewWhere<Orders>(phone.db, sessionId, () => true))).toHaveLength(5);
  });

  it('refuses a message past the bound with QUEUE_FULL, and a message on another user’s session with NOT_OWNER', async () => {
    const alice = await device('alice');
    const bob = await device('bob');
    const { sessionId } = await alice.assistant.send('Hello.');
    const slow = alice.assistant.send(SLOW, { sessionId });
    await viewWhere<Orders>(alice.db, sessionId, (v) => v.running !== undefined);
    for (const n of [1, 2, 3]) await alice.assistant.send(`Thanks ${n}.`, { sessionId });
    const full = await alice.assistant.send('One more.', { sessionId }).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(FlowError);
    expect(full).toMatchObject({ code: 'resource-exhausted', reason: 'QUEUE_FULL' });
    await expect(bob.assistant.send('Mine now.', { sessionId })).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_OWNER',
    });
    await expect(bob.assistant.stop(sessionId)).rejects.toMatchObject({ reason: 'NOT_OWNER' });
    await slow;
    const done = await viewWhere<Orders>(alice.db, sessionId, (v) => v.status === 'idle' && v.queued.length === 0);
    expect(userTexts(done)).toEqual(['Hello.', SLOW, 'Thanks 1.', 'Thanks 2.', 'Thanks 3.']);
    // The session is idle now: a stop says there is nothing to stop.
    await expect(alice.assistant.stop(sessionId)).rejects.toMatchObject({
      code: 'failed-precondition',
      reason: 'NOTHING_TO_STOP',
    });
  });

  it('ends a turn stopped from a second device during a slow tool round, with an honest journal', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const asked = await phone.assistant.send('Please cancel my order A-1001.');
    if (isQueued(asked)) throw new Error('the first message of a session is never queued');
    const waiting = asked.interrupts[0];
    if (!waiting) throw new Error('the cancel asks for a confirmation first');
    const { sessionId } = asked;
    // The approved cancel's transaction waits behind one the test holds on the order: a slow tool round.
    const admin = stack?.admin;
    if (!admin) throw new Error('no admin Firestore');
    const order = admin.doc('orders/A-1001');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const lock = admin
      .runTransaction(async (tx) => {
        await tx.get(order);
        locked();
        await held;
        throw new Error('rolled back: the test only held the order');
      })
      .catch(() => undefined);
    await isLocked;
    const approved = phone.assistant.approve(waiting).catch((error: unknown) => error);
    const inRound = await viewWhere<Orders>(laptop.db, sessionId, (v) => v.running?.step === 'tools');
    expect(inRound.running?.refs).toEqual([waiting.ref]);
    await expect(laptop.assistant.stop(sessionId)).resolves.toEqual({ sessionId, status: 'stopped' });
    expect(await approved).toMatchObject({ code: 'cancelled', reason: 'STOPPED' });
    const stopped = await viewWhere<Orders>(laptop.db, sessionId, (v) => v.status === 'idle');
    // The cancel had started and may yet commit: the journal says so, never that it did not run.
    const answer = stopped.messages.at(-1)?.content.find((p) => p.toolResponse?.ref === waiting.ref);
    expect(JSON.stringify(answer?.toolResponse?.output)).toMatch(/stopped by the user.*whether it ran is unknown/);
    release();
    await lock;
    // Whatever the abandoned transaction did, it did once.
    const events = await order.collection('events').where('type', '==', 'cancelled').get();
    expect(events.size).toBeLessThanOrEqual(1);
    await expect(phone.assistant.send('Where is my order A-1002?', { sessionId })).resolves.toMatchObject({
      status: 'done',
    });
  });
});
