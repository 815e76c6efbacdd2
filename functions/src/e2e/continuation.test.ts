import { randomUUID } from 'node:crypto';
import { flow } from '@callable-flows/client';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { deleteApp, type FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';
import { signedInFunctions } from './test-utils/signed-in-functions.js';

// Issue 21 item 4 on the real stack: the order assistant on the Functions emulator with its task
// queue emulator. The instance running a turn is killed (SIGKILL, by PID) while the model's
// answer is held back by the fake Gemini; nobody calls again, and the server's continuation
// (the `continueTurn` task queue function) finishes the turn from its journal.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: continuation end-to-end test — no Firestore emulator ***\n');
const projectId = `demo-continue-${randomUUID().slice(0, 8)}`;
const users = demoData().users;
const ORDER = 'A-1001';
const SLOW_CANCEL = `Slowly, please cancel order ${ORDER}.`;
const SLOW_MS = 6000;

type Orders = {
  interrupts: { cancelOrder: { input: { orderId: string }; metadata: Record<string, unknown> } };
};

let stack: OrderStack | undefined;
const apps: FirebaseApp[] = [];

/** How often the emulator's log says a continuation task found the session's turn still running. */
const busyCount = (log: string, sessionId: string) => log.split(`session '${sessionId}' is busy`).length - 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` (admin reads: no call to a function) until `test` holds, or fails after `timeoutMs`. */
async function until<T>(
  read: () => Promise<T>,
  test: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) {
      const last = (value as { data?: () => unknown }).data?.() ?? value;
      throw new Error(`${what} not seen after ${timeoutMs} ms; last seen: ${JSON.stringify(last).slice(0, 3000)}`);
    }
    await sleep(200);
  }
}

describe.skipIf(!host)('a turn outlives its instance (end to end)', () => {
  beforeAll(async () => {
    stack = await startOrderStack({
      projectId,
      firestoreHost: host as string,
      play: { slowWhen: /slowly/i, slowMs: SLOW_MS },
    });
  });

  afterAll(async () => {
    if (process.env.E2E_LOG)
      (await import('node:fs')).writeFileSync(process.env.E2E_LOG, stack?.emulator.output() ?? '');
    await Promise.all(apps.map((app) => deleteApp(app)));
    await stack?.stop();
  });

  it('finishes the turn with no client call, the order cancelled once, when its instance is killed mid-turn', async () => {
    const { admin, emulator } = stack as OrderStack;
    const user = users.alice as { email: string; password: string };
    const { app, functions } = await signedInFunctions({ projectId, emulator, user, appName: `continue-${projectId}` });
    apps.push(app);
    const assistant = flow<Orders>(functions, 'orderAssistant');
    const asked = await assistant.send(SLOW_CANCEL);
    const [interrupt] = asked.interrupts;
    expect(interrupt).toMatchObject({ name: 'cancelOrder', input: { orderId: ORDER } });
    const session = admin.collection('sessions').doc(asked.sessionId);
    const order = admin.collection('orders').doc(ORDER);

    // The approval: cancelOrder runs (the effect), then the model's answer is 6 s away.
    const busyBefore = busyCount(emulator.output(), asked.sessionId);
    const approval = assistant.approve(interrupt as NonNullable<typeof interrupt>).catch((error: unknown) => error);
    await until(
      () => order.get(),
      (o) => o.get('status') === 'cancelled',
      20_000,
      'the cancel',
    );
    const running = await until(
      () => session.get(),
      (s) => s.get('running.step') === 'model',
      20_000,
      'the model step after the cancel',
    );
    // The turn hands itself to the queue once it has run 1 s; the emulator dispatches the task at
    // once, and it finds the turn still running (SESSION_BUSY: the queue tries again in 15 s).
    await until(
      async () => busyCount(emulator.output(), asked.sessionId),
      (n) => n > busyBefore,
      20_000,
      'the continuation task',
    );
    const [instance, ...others] = emulator.instancePids('orderAssistant');
    expect(instance).toBeDefined();
    expect(others).toEqual([]);
    process.kill(instance as number, 'SIGKILL');
    // The client that made the call gets an error (its connection died with the instance); it never calls again.
    expect(await approval).toBeInstanceOf(Error);
    expect(running.get('lease.id')).toBeDefined();

    const finished = await until(
      () => session.get(),
      (s) => s.get('status') === 'idle',
      90_000,
      'the finished turn',
    );
    // No lease: the continuation took the lapsed one over and gave its own up at the end.
    expect(finished.get('lease')).toBeNull();
    // Every effect at most once: one cancel event, written under the call's ref.
    const events = await order.collection('events').get();
    expect(events.docs.map((d) => d.get('type'))).toEqual(['cancelled']);
    // The answer the continuation got from the model is stored for the call's request id.
    const texts = JSON.stringify(finished.data());
    expect(texts).toContain(`Order ${ORDER} has been cancelled.`);
  }, 180_000);
});
