import { randomUUID } from 'node:crypto';
import { type FlowChunk, FlowError, type FlowResult, flow } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { deleteApp, type FirebaseApp } from 'firebase/app';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import type { FunctionsEmulator } from './test-utils/functions-emulator.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';
import { signedInFunctions } from './test-utils/signed-in-functions.js';

// The typed client (client/) against the real stack: the Firebase JS SDK → the functions
// emulator serving functions/dist → the fake Gemini server and the Firestore emulator.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: client end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-client-${randomUUID().slice(0, 8)}`;
const users = demoData().users;

type Orders = {
  interrupts: { cancelOrder: { input: { orderId: string }; metadata: Record<string, unknown> } };
};

let emulator: FunctionsEmulator | undefined;
let admin: Firestore;
let stack: OrderStack | undefined;
const apps: FirebaseApp[] = [];

let clients = 0;

async function signedInClient(name: 'alice' | 'bob') {
  const user = users[name] as { email: string; password: string };
  const appName = `client-${name}-${clients++}-${projectId}`;
  const { app, functions } = await signedInFunctions({ projectId, emulator, user, appName });
  apps.push(app);
  return flow<Orders>(functions, 'orderAssistant');
}

describe.skipIf(!host)('@callable-flows/client (end to end)', () => {
  beforeAll(async () => {
    stack = await startOrderStack({ projectId, firestoreHost: host as string });
    emulator = stack.emulator;
    admin = stack.admin;
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await stack?.stop();
  });

  it('streams a turn to its interrupt, approves it and refuses another user by reason', async () => {
    const alice = await signedInClient('alice');
    const turn = alice.stream('Hi, please cancel my order A-1001.');
    const chunks: FlowChunk<Orders>[] = [];
    for await (const chunk of turn) chunks.push(chunk);
    const asked: FlowResult<Orders> = await turn.result;
    expect(asked.status).toBe('interrupted');
    expect(chunks.at(-1)).toMatchObject({ type: 'interrupt', name: 'cancelOrder' });
    const interrupt = asked.interrupts[0];
    if (!interrupt) throw new Error('no interrupt');
    expect(interrupt).toMatchObject({ sessionId: asked.sessionId, name: 'cancelOrder', input: { orderId: 'A-1001' } });
    expect(alice.sessionId).toBe(asked.sessionId);

    const bob = await signedInClient('bob');
    const refused = await bob.approve(interrupt).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FlowError);
    expect(refused).toMatchObject({ code: 'permission-denied' });

    const done = await alice.approve(interrupt);
    expect(done).toMatchObject({ sessionId: asked.sessionId, status: 'done', finishReason: 'stop' });
    expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('cancelled');
  });

  it('declines with a reason: the order is kept, the model is told why, and a second answer is refused by reason', async () => {
    await admin.doc('orders/A-1001').set({ status: 'processing' }, { merge: true });
    const carol = await signedInClient('alice');
    const asked = await carol.send('Please cancel order A-1001.');
    const interrupt = asked.interrupts[0];
    if (!interrupt) throw new Error('no interrupt');
    const kept = await carol.decline(interrupt, 'I changed my mind');
    expect(kept).toMatchObject({
      status: 'done',
      text: expect.stringContaining('was not cancelled: I changed my mind'),
    });
    expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('processing');
    const again = await carol.approve(interrupt).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(FlowError);
    expect(again).toMatchObject({ code: 'failed-precondition', reason: 'ALREADY_ANSWERED' });
    expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('processing');
  });

  it('refuses an approval that edits the order or names another input, by reason, and cancels once approved as shown', async () => {
    await admin.doc('orders/A-1001').set({ status: 'processing' }, { merge: true });
    const alice = await signedInClient('alice');
    const asked = await alice.send('Please cancel order A-1001.');
    const interrupt = asked.interrupts[0];
    if (!interrupt) throw new Error('no interrupt');
    expect(interrupt.inputDigest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // cancelOrder declares nothing editable: the order a person was shown is the one cancelled.
    const forged = await alice.approve(interrupt, { replaceInput: { orderId: 'A-1002' } }).catch((e: unknown) => e);
    expect(forged).toMatchObject({ code: 'invalid-argument', reason: 'ANSWER_NOT_ALLOWED' });
    const stale = await alice.approve({ ...interrupt, inputDigest: 'x'.repeat(43) }).catch((e: unknown) => e);
    expect(stale).toMatchObject({ code: 'failed-precondition', reason: 'APPROVAL_STALE' });
    expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('processing');
    expect((await admin.doc('orders/A-1002').get()).get('status')).not.toBe('cancelled');
    await expect(alice.approve(interrupt)).resolves.toMatchObject({ status: 'done' });
    expect((await admin.doc('orders/A-1001').get()).get('status')).toBe('cancelled');
  });

  it('gets the same call for a repeated request id, and a refusal by reason for one reused with another message', async () => {
    const alice = await signedInClient('alice');
    const first = await alice.send('Hello there.', { requestId: 'e2e-hello-1' });
    await expect(alice.send('Hello there.', { requestId: 'e2e-hello-1' })).resolves.toEqual(first);
    const reused = await alice.send('Something else.', { requestId: 'e2e-hello-1' }).catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(FlowError);
    expect(reused).toMatchObject({ code: 'failed-precondition', reason: 'REQUEST_ID_REUSED' });
    // Nothing of the refused call was stored (a short history lives whole in the session document).
    const stored = JSON.stringify((await admin.doc(`sessions/${first.sessionId}`).get()).get('history'));
    expect(stored).toContain('Hello there.');
    expect(stored).not.toContain('Something else.');
  });
});
