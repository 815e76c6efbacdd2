import type { Firestore } from '@google-cloud/firestore';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { abortError, KitError } from '../../errors/index.js';
import { FirestoreSessionStore } from '../../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { rejection } from '../../test-utils/kit-test-helpers.js';
import { requestDigest } from '../call-records/index.js';
import { defineAgent } from '../define-agent.js';
import { echoModel, type Gate, gate, userTexts } from '../test-utils/agent-fixtures.js';

// A message whose own call runs the queue up to itself (messages waited, and nobody held the
// session) is answered with its own turn's outcome, and its turn runs once: on the Firestore
// emulator, with a model that counts its calls per message.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('queue-own');
let firestore: Firestore | undefined;
let tenants = 0;
afterAll(async () => firestore?.terminate());
afterEach(() => vi.restoreAllMocks());

const alice = { uid: 'alice' };

/** An echo agent that queues, over its own tenant; the model fails or holds the message named so. */
function world() {
  firestore ??= emulatorFirestore(host as string, projectId);
  const prefix = `own${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore, prefix });
  const calls = new Map<string, number>();
  const failOnce = new Set<string>();
  const holdUntilStopped = new Set<string>();
  const held = gate();
  // A message whose model call waits for a test: `reached` opens when it is asked, `release` lets it answer.
  const paused = new Map<string, { reached: Gate; release: Gate }>();
  const model = echoModel({
    before: async (_call, request, signal) => {
      const [text = ''] = userTexts(request.messages.filter((m) => m.role === 'user').slice(-1));
      calls.set(text, (calls.get(text) ?? 0) + 1);
      const pause = paused.get(text);
      if (pause) {
        pause.reached.open();
        await pause.release.promise;
      }
      if (failOnce.delete(text))
        throw new KitError('unavailable', 'Gemini answered 503', { reason: 'MODEL_UNAVAILABLE' });
      if (!holdUntilStopped.has(text)) return;
      held.open();
      // What a real model's call does when its request is aborted.
      await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
      throw abortError(signal as AbortSignal, 'the model call');
    },
  });
  const agent = defineAgent({ name: 'own', model, store, whileBusy: 'queue' });
  const session = async (id: string) => (await store.load(id))?.session;
  // The same agent on another instance: its own store client and cache, the same documents and model.
  const otherInstance = () =>
    defineAgent({
      name: 'own',
      model,
      store: new FirestoreSessionStore({ firestore: firestore as Firestore, prefix }),
      whileBusy: 'queue',
    });
  return { store, agent, calls, failOnce, holdUntilStopped, held, paused, session, otherInstance };
}

/** A session with one message waiting in its queue (its instance died before it ran it), and nobody holding it. */
async function withWaitingMessage(w: ReturnType<typeof world>): Promise<string> {
  const sessionId = (await w.agent.send(undefined, { message: 'hi' }, alice)).sessionId;
  // The queue run the turn's end started (it found nothing) is over before the message lands.
  await w.agent.idle();
  const waiting = { role: 'user' as const, content: [{ text: 'waiting' }] };
  const item = { requestId: 'w1', uid: 'alice', message: waiting, digest: requestDigest(waiting, undefined), at: 1 };
  await w.store.queue.push(sessionId, item, { maxItems: 3, ownerUid: 'alice', expireAt: Date.now() + 86_400_000 });
  return sessionId;
}

/** What the turns left: the session `status`, every message stored once and in order, nothing queued. */
async function expectLeft(w: ReturnType<typeof world>, sessionId: string, status: string): Promise<void> {
  const stored = await w.session(sessionId);
  expect(stored?.status).toBe(status);
  expect(userTexts(stored?.history ?? [])).toEqual(['hi', 'waiting', 'mine']);
  expect(await w.store.queue.list(sessionId)).toEqual([]);
}

describe.skipIf(!host)('queueMessage, when its own call runs the queue up to it', () => {
  it('fails with its own turn’s error and asks the model once when that turn fails', async () => {
    const w = world();
    const s1 = await withWaitingMessage(w);
    w.failOnce.add('mine');
    const error = await rejection(w.agent.send(s1, { message: 'mine' }, { ...alice, requestId: 'm1' }));
    expect(error).toMatchObject({ code: 'unavailable', reason: 'MODEL_UNAVAILABLE', details: { sessionId: s1 } });
    expect(w.calls.get('mine')).toBe(1);
    await expectLeft(w, s1, 'failed');
  });

  it('is cancelled STOPPED, its turn run once, when that turn is stopped', async () => {
    const w = world();
    const s1 = await withWaitingMessage(w);
    w.holdUntilStopped.add('mine');
    const sent = rejection(w.agent.send(s1, { message: 'mine' }, { ...alice, requestId: 'm1' }));
    await w.held.promise;
    await expect(w.agent.stop(s1, alice)).resolves.toMatchObject({ sessionId: s1 });
    expect(await sent).toMatchObject({ code: 'cancelled', reason: 'STOPPED', details: { sessionId: s1 } });
    expect(w.calls.get('mine')).toBe(1);
    await expectLeft(w, s1, 'idle');
  });

  it('answers with its own turn’s result, each message asked once, when that turn finishes', async () => {
    const w = world();
    const s1 = await withWaitingMessage(w);
    const answered = await w.agent.send(s1, { message: 'mine' }, { ...alice, requestId: 'm1' });
    expect(answered).toMatchObject({ status: 'done', text: 'echo: mine' });
    expect([w.calls.get('waiting'), w.calls.get('mine')]).toEqual([1, 1]);
    expect(userTexts((await w.session(s1))?.history ?? [])).toEqual(['hi', 'waiting', 'mine']);
  });

  it('fails with its turn’s error, the model asked once, when another instance’s queue run ran it and it failed', async () => {
    const w = world();
    const s1 = await withWaitingMessage(w);
    w.failOnce.add('mine');
    // Between this call's push and its own run of the queue, another instance runs the queue:
    // it answers the waiting message and runs this one's turn, which fails.
    const other = w.otherInstance();
    const queue = w.store.queue;
    const push = queue.push.bind(queue);
    const otherRuns: Awaited<ReturnType<typeof other.runQueued>>[] = [];
    vi.spyOn(queue, 'push').mockImplementation(async (...args) => {
      const pushed = await push(...args);
      otherRuns.push(await other.runQueued(s1));
      return pushed;
    });
    const error = await rejection(w.agent.send(s1, { message: 'mine' }, { ...alice, requestId: 'm1' }));
    // The other instance ran both messages, this call's too: the call never ran the queue itself.
    expect(otherRuns).toEqual([{ ran: ['w1', 'm1'], left: 0 }]);
    expect(error).toMatchObject({ code: 'unavailable', reason: 'MODEL_UNAVAILABLE', details: { sessionId: s1 } });
    expect(w.calls.get('mine')).toBe(1);
    await expectLeft(w, s1, 'failed');
  });

  it('answers queued at its place, its message run once by the other instance, when another instance’s queue run takes the session between this call’s push and its own run', async () => {
    const w = world();
    const s1 = await withWaitingMessage(w);
    const other = w.otherInstance();
    const pause = { reached: gate(), release: gate() };
    w.paused.set('waiting', pause);
    // The call's read after its push sees the session free; by the time it runs the queue,
    // the other instance's run holds it (its turn of the waiting message is under way).
    let pushed = false;
    let otherRun: ReturnType<typeof other.runQueued> | undefined;
    const queue = w.store.queue;
    const push = queue.push.bind(queue);
    vi.spyOn(queue, 'push').mockImplementation(async (...args) => {
      const done = await push(...args);
      pushed = true;
      return done;
    });
    const load = w.store.load.bind(w.store);
    vi.spyOn(w.store, 'load').mockImplementation(async (id: string) => {
      const loaded = await load(id);
      if (pushed && !otherRun) {
        otherRun = other.runQueued(s1);
        await pause.reached.promise;
      }
      return loaded;
    });
    const answer = await w.agent.send(s1, { message: 'mine' }, { ...alice, requestId: 'm1' });
    expect(answer).toEqual({ sessionId: s1, status: 'queued', requestId: 'm1', position: 2 });
    pause.release.open();
    // The other instance's run answers both, in order, each asked once: nothing lost or run twice.
    await expect(otherRun).resolves.toEqual({ ran: ['w1', 'm1'], left: 0 });
    expect([w.calls.get('waiting'), w.calls.get('mine')]).toEqual([1, 1]);
    await expectLeft(w, s1, 'idle');
  });
});
