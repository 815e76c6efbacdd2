import { randomUUID } from 'node:crypto';
import { FlowError, type SessionView, watch } from '@callable-flows/client';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { longHistory, sampleSession } from '@callable-flows/kit/session/test-utils/session-store-conformance.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { disableNetwork } from 'firebase/firestore';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../flows/test-utils/demo-firestore.js';
import type { FunctionsEmulator } from './test-utils/functions-emulator.js';
import { orderDevices } from './test-utils/order-devices.js';
import { type OrderStack, startOrderStack } from './test-utils/order-stack.js';

// `watch` (client/src/watch.ts) on the real stack: one device of a user calls the order
// assistant, another device (a second app, signed in as the same user, with the Firebase JS
// SDK's Firestore) watches the session; firestore.rules are loaded into this test's project.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: watch end-to-end tests — no Firestore emulator ***\n');
const projectId = `demo-watch-${randomUUID().slice(0, 8)}`;
const users = demoData().users;

type Orders = {
  interrupts: { cancelOrder: { input: { orderId: string }; metadata: Record<string, unknown> } };
};

let emulator: FunctionsEmulator | undefined;
let stack: OrderStack | undefined;
let admin: AdminFirestore;
/** The views a watch delivers, with a way to wait for one. */
function recorder() {
  const views: SessionView<Orders>[] = [];
  const waiters: { test: (v: SessionView<Orders>) => boolean; resolve: (v: SessionView<Orders>) => void }[] = [];
  let failed: FlowError | undefined;
  return {
    views,
    get error() {
      return failed;
    },
    observer: {
      next(view: SessionView<Orders>) {
        views.push(view);
        for (const waiter of waiters.splice(0)) {
          if (waiter.test(view)) waiter.resolve(view);
          else waiters.push(waiter);
        }
      },
      error(error: FlowError) {
        failed = error;
      },
    },
    until(test: (v: SessionView<Orders>) => boolean): Promise<SessionView<Orders>> {
      const seen = views.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

/** One line a view says: status, step, and what the last message holds. */
function describeView(view: SessionView<Orders>): string {
  const last = view.messages.at(-1);
  const parts = last?.content.map((p) => {
    if (p.toolRequest) return p.metadata && 'pendingOutput' in p.metadata ? 'result' : `request:${p.toolRequest.name}`;
    if (p.toolResponse) return 'response';
    return 'text';
  });
  const running = view.running ? ` ${view.running.step}[${view.running.refs.length}]` : '';
  return `${view.status}${running} ${last?.role}:${parts?.join('+')}`;
}

const devices = orderDevices<Orders>({ projectId, firestoreHost: host as string, emulator: () => emulator });
const device = (name: 'alice' | 'bob') => devices.open(users[name] as { email: string; password: string });

describe.skipIf(!host)('watch (end to end)', () => {
  beforeAll(async () => {
    stack = await startOrderStack({ projectId, firestoreHost: host as string, rules: true });
    emulator = stack.emulator;
    admin = stack.admin;
  });

  afterAll(async () => {
    await devices.close();
    await stack?.stop();
  });

  it('shows a second device every step of a turn with a tool, the interrupt and the decision the first device made', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const { sessionId } = await phone.assistant.send('Hello.');
    const seen = recorder();
    const stop = watch<Orders>(laptop.db, sessionId, seen.observer);
    const hello = await seen.until((v) => v.status === 'idle');

    const asked = await phone.assistant.send('Please cancel my order A-1001.');
    const waiting = await seen.until((v) => v.status === 'interrupted');
    // The turn: the user message (the model is called), the model message asking for the cancel
    // (the lookup before it changes nothing, so it rode along), then the interrupt.
    expect(seen.views.slice(seen.views.indexOf(hello) + 1).map(describeView)).toEqual([
      'running model[0] user:text',
      'running tools[1] model:text+request:cancelOrder',
      'interrupted model:text+request:cancelOrder',
    ]);
    // Where the open round's call stands in each of those views: none yet, running, waiting for a person.
    const callKinds = (v: SessionView<Orders>) => v.calls.map((c) => c.state.kind).join('+');
    expect(seen.views.slice(seen.views.indexOf(hello) + 1).map(callKinds)).toEqual(['', 'running', 'waiting']);
    expect(waiting.interrupts.at(-1)).toMatchObject({
      sessionId,
      name: 'cancelOrder',
      input: { orderId: 'A-1001' },
      state: 'waiting',
    });
    expect(asked.interrupts[0]?.ref).toBe(waiting.interrupts.at(-1)?.ref);
    const ref = asked.interrupts[0]?.ref as string;

    const from = seen.views.length;
    const done = await phone.assistant.approve(asked.interrupts[0] as (typeof asked.interrupts)[number]);
    const idle = await seen.until((v) => v.status === 'idle' && v.version > waiting.version);
    stop();
    const steps = seen.views.slice(from).map(describeView);
    // The resume: the approved call runs, its result is journaled, the model answers (with the
    // `finish` call that ends the turn), the turn ends.
    expect(steps).toEqual([
      'running tools[1] model:text+request:cancelOrder',
      'running model[0] model:text+result',
      'idle tool:response',
    ]);
    expect(seen.views.slice(from).map(callKinds)).toEqual(['approved', 'done', '']);
    const resumed = seen.views[from];
    expect(resumed?.running).toMatchObject({ kind: 'resume', step: 'tools', refs: [ref] });
    expect(resumed?.interrupts.at(-1)).toMatchObject({ ref, state: 'approved' });
    expect(idle.interrupts.at(-1)).toMatchObject({ ref, name: 'cancelOrder', state: 'approved' });
    expect(idle.running).toBeUndefined();
    expect(idle.messages.some((m) => m.content.some((p) => p.text?.includes(done.text)))).toBe(true);
  });

  it('joins the sealed history chunks to the document when a long session is watched', async () => {
    const store = new FirestoreSessionStore({ firestore: admin });
    const history = longHistory(2000);
    const session = { ...sampleSession(`long-${randomUUID()}`, history), ownerUid: users.alice?.uid as string };
    await store.create(session);
    const sealed = (await admin.doc(`sessions/${session.id}`).get()).get('history.chunks') as number[];
    expect(sealed.length).toBeGreaterThan(0);
    const seen = recorder();
    const stop = watch<Orders>((await device('alice')).db, session.id, seen.observer);
    const view = await seen.until(() => true);
    stop();
    expect(view.messages).toEqual(history);
  });

  it('refuses a watch of another user’s session with a typed permission-denied', async () => {
    const alice = await device('alice');
    const bob = await device('bob');
    const { sessionId } = await alice.assistant.send('Hello.');
    const seen = recorder();
    watch<Orders>(bob.db, sessionId, seen.observer);
    await expect.poll(() => seen.error, { timeout: 10_000 }).toBeInstanceOf(FlowError);
    expect(seen.error).toMatchObject({ code: 'permission-denied' });
    expect(seen.views).toEqual([]);
  });

  it('delivers nothing after unsubscribe, while another watch of the same session sees the next turn', async () => {
    const phone = await device('alice');
    const laptop = await device('alice');
    const { sessionId } = await phone.assistant.send('Hello.');
    const stopped = recorder();
    const stop = watch<Orders>(laptop.db, sessionId, stopped.observer);
    const before = await stopped.until((v) => v.status === 'idle');
    stop();
    const count = stopped.views.length;
    const live = recorder();
    const stopLive = watch<Orders>((await device('alice')).db, sessionId, live.observer);
    const start = await live.until((v) => v.version === before.version);
    await phone.assistant.send('Hello again.');
    await live.until((v) => v.version > before.version && v.status === 'idle');
    stopLive();
    expect(stopped.views.length).toBe(count);
    // A text-only turn is two writes (the lease with the message, the answer): two views, one read each.
    const turn = live.views.slice(live.views.indexOf(start) + 1);
    expect(turn.map(describeView)).toEqual(['running model[0] user:text', 'idle model:text']);
  });

  it('shows the cached view offline, and the whole session on a reload', async () => {
    const phone = await device('alice');
    const { sessionId } = await phone.assistant.send('Hello.');
    const tab = await device('alice');
    const online = recorder();
    const stopOnline = watch<Orders>(tab.db, sessionId, online.observer);
    const served = await online.until((v) => !v.fromCache && v.status === 'idle');
    await disableNetwork(tab.db);
    const offline = recorder();
    const stopOffline = watch<Orders>(tab.db, sessionId, offline.observer);
    const cached = await offline.until(() => true);
    stopOffline();
    stopOnline();
    expect(cached).toMatchObject({ fromCache: true, version: served.version, messages: served.messages });
    // A reload: a new app with an empty cache reads the whole session from the server.
    const reloaded = recorder();
    const stopReloaded = watch<Orders>((await device('alice')).db, sessionId, reloaded.observer);
    const again = await reloaded.until((v) => !v.fromCache);
    stopReloaded();
    expect(again).toMatchObject({ version: served.version, messages: served.messages });
  });
});
