import { randomUUID } from 'node:crypto';
import { FlowError } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import type { FunctionsEmulator } from './test-utils/functions-emulator.js';
import { orderDevices, viewWhere } from './test-utils/order-devices.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';

// Issue 21 items 3 and 5 on the real stack: the order assistant (onDisconnect: 'finish') on the
// Functions emulator, devices on the Firebase JS SDK (the typed client, `watch`). A turn whose
// user text says "slowly" gets each model answer 6 s late (the fake Gemini), so it is still
// running when a second device acts.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: stop end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-stop-${randomUUID().slice(0, 8)}`;
const users = demoData().users;
const SLOW = 'Slowly, please tell me about order A-1001.';

type Orders = {
  interrupts: { cancelOrder: { input: { orderId: string }; metadata: Record<string, unknown> } };
};

let emulator: FunctionsEmulator | undefined;
let stack: OrderStack | undefined;
const devices = orderDevices<Orders>({ projectId, firestoreHost: host as string, emulator: () => emulator });
const device = (name: 'alice' | 'bob') => devices.open(users[name] as { email: string; password: string });

describe.skipIf(!host)('stop and disconnect (end to end)', () => {
  beforeAll(async () => {
    stack = await startOrderStack({
      projectId,
      firestoreHost: host as string,
      rules: true,
      // 6 s: on a loaded machine the second device's call (a cold instance of its own) and the
      // turn's continuation task (dispatched at once by the emulator) must fit inside the answer's wait.
      play: { slowWhen: /slowly/i, slowMs: 6000 },
    });
    emulator = stack.emulator;
  });

  afterAll(async () => {
    await devices.close();
    await stack?.stop();
  });

  it('aborts the model call in flight, frees the session and shows which device stopped it when a second device stops the turn', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const { sessionId } = await phone.assistant.send('Hello.');
    const requestId = `slow-${randomUUID()}`;
    const turn = phone.assistant.send(SLOW, { sessionId, requestId }).catch((error: unknown) => error);
    // The turn calls the model (its answer is 6 s away) when the laptop stops it.
    await viewWhere<Orders>(laptop.db, sessionId, (v) => v.running?.step === 'model');
    const stop = { requestId: `stop-${randomUUID()}`, clientId: 'laptop' };
    await expect(laptop.assistant.stop(sessionId, stop)).resolves.toEqual({ sessionId, status: 'stopped' });
    const error = await turn;
    expect(error).toBeInstanceOf(FlowError);
    expect(error).toMatchObject({ code: 'cancelled', reason: 'STOPPED' });
    const stopped = await viewWhere<Orders>(laptop.db, sessionId, (v) => v.status === 'idle');
    expect(stopped.running).toBeUndefined();
    // Both devices read that it was stopped, by the laptop, as the session document says.
    expect(stopped.outcome).toMatchObject({
      kind: 'stopped',
      requestId,
      stoppedBy: { ...stop, uid: expect.any(String) },
    });
    const onPhone = await viewWhere<Orders>(phone.db, sessionId, (v) => v.outcome?.kind === 'stopped');
    expect(onPhone.outcome).toEqual(stopped.outcome);
    // The phone's retry of the stopped call is told it was stopped; nothing runs again.
    await expect(phone.assistant.send(SLOW, { sessionId, requestId })).rejects.toMatchObject({ reason: 'STOPPED' });
    const afterRetry = await viewWhere<Orders>(phone.db, sessionId, () => true);
    expect(afterRetry.messages).toEqual(stopped.messages);
    expect(afterRetry.outcome).toEqual(stopped.outcome);
    // The model's answer never came: the journal ends with the user's message, nothing made up after it.
    expect(stopped.messages.at(-1)).toMatchObject({ role: 'user', content: [{ text: SLOW }] });
    // The session is usable at once.
    await expect(phone.assistant.send('Hello again.')).resolves.toMatchObject({ status: 'done' });
    // A second stop of the now idle session: nothing runs.
    await expect(laptop.assistant.stop(sessionId)).rejects.toMatchObject({ reason: 'NOTHING_TO_STOP' });
  });

  it('finishes the turn when its device goes away: a second device watches the answer, a retry by request id gets it stored', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const { sessionId } = await phone.assistant.send('Hello.');
    const gone = new AbortController();
    const requestId = `gone-${randomUUID()}`;
    const stream = phone.assistant.stream(SLOW, { sessionId, requestId, signal: gone.signal });
    stream.result.catch(() => undefined);
    for await (const _chunk of stream) break; // the first chunk: the turn runs
    gone.abort(); // the phone goes away mid-turn
    const answered = await viewWhere<Orders>(laptop.db, sessionId, (v) => v.status === 'idle' && v.messages.length > 2);
    const retried = await laptop.assistant.send(SLOW, { sessionId, requestId });
    expect(retried).toMatchObject({ sessionId, status: 'done' });
    expect(answered.messages.some((m) => m.content.some((p) => p.text?.includes(retried.text)))).toBe(true);
  });

  it('refuses a stop of another user’s session with NOT_OWNER and leaves its turn running', async () => {
    const alice = await device('alice');
    const bob = await device('bob');
    const { sessionId } = await alice.assistant.send('Hello.');
    const turn = alice.assistant.send(SLOW);
    await viewWhere<Orders>(alice.db, sessionId, (v) => v.running !== undefined);
    await expect(bob.assistant.stop(sessionId)).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'NOT_OWNER',
    });
    await expect(turn).resolves.toMatchObject({ status: 'done' });
  });
});
