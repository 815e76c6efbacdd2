import { readApproval } from '@callable-flows/protocol';
import type { DocumentReference, Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { FirestoreSessionStore } from '../session/firestore/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import type { Session } from '../session/session-schema.js';
import type { SessionStore } from '../session/session-store.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { defineAgent } from './define-agent.js';
import { effects, manualClock, transferOnSend, transferTool, userTexts } from './test-utils/agent-fixtures.js';
import { CRASH_LEASE_MS, crashFaults, crashOwner, takeOn } from './test-utils/crash-world.js';

// Forks and failures (docs/architecture.md, the failure matrix): a fork killed at each of its
// writes and taken on; a fork at each point of an approved turn (waiting, approved but not
// started, started, finished), then each follow-up (the left approval answered, the new branch
// going on, another fork). No effect runs twice; an approval the fork left can't be answered;
// the inbox every device reads says superseded.

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
// The instance that dies inside an approved call never comes back, so its turn keeps listening for
// a stop; the client refuses to terminate while a listener is open, which is that instance's state,
// not this test's outcome.
afterAll(async () => Promise.all(firestores.map((f) => f.terminate().catch(() => undefined))));

/** A bank over `inner`: "send" asks to transfer 5 cents (approval first), anything else is noted. */
function bank(inner: SessionStore) {
  const clock = manualClock();
  const record = effects();
  const instance = (store: SessionStore) =>
    defineAgent({
      name: 'bank',
      model: transferOnSend(5),
      tools: [transferTool(record)],
      store,
      clock: clock.now,
      leaseMs: CRASH_LEASE_MS,
    });
  return { inner, clock, record, instance };
}

async function stored(store: SessionStore, id: string): Promise<Session> {
  return (await store.load(id))?.session as Session;
}

async function reasonOf(call: Promise<unknown>): Promise<string | undefined> {
  return call.then(
    () => 'admitted',
    (e: unknown) => (isKitError(e) ? e.reason : String(e)),
  );
}

/** "hello" (its end: the snapshot a fork goes back to), then "send": the transfer waits for approval. */
async function asked(w: ReturnType<typeof bank>) {
  const agent = w.instance(w.inner);
  const { sessionId } = await agent.send(undefined, { message: 'hello' }, crashOwner);
  const back = (await stored(w.inner, sessionId)).snapshots?.[0]?.id as string;
  const ask = await agent.send(sessionId, { message: 'send' }, crashOwner);
  return { sessionId, back, ref: ask.interrupts[0]?.ref as string };
}

describe('a fork killed at each of its writes', () => {
  // A fork's writes: its lease (the new branch, the left approval closed), its answer.
  for (const how of ['retry', 'continuation'] as const) {
    for (const fault of crashFaults(2)) {
      it(`makes one branch and leaves one approval by ${how}: ${fault.when} write ${fault.at}`, async () => {
        const w = bank(new InMemorySessionStore());
        const { sessionId, back } = await asked(w);
        const input = { message: 'never mind', snapshotId: back };
        const first = await w
          .instance(new FlakyStore(w.inner, fault))
          .send(sessionId, input, { ...crashOwner, requestId: 'fork-1' })
          .catch((e: unknown) => e);
        expect(first).toBeInstanceOf(Error);
        const world = { inner: w.inner as InMemorySessionStore, clock: w.clock, instance: w.instance };
        const result = await takeOn(world, 'bank', how, sessionId, input, 'fork-1');
        expect(result).toMatchObject({ status: 'done', text: 'noted: never mind' });
        const session = await stored(w.inner, sessionId);
        expect(session.branches?.list.map((b) => b.id)).toEqual(['b0', 'b1']);
        expect(userTexts(session.history)).toEqual(['hello', 'never mind']);
        expect(session).toMatchObject({ status: 'idle', interrupts: [] });
        expect(w.record.runs).toBe(0);
      });
    }
  }
});

type Point = 'waiting' | 'approved, not started' | 'started' | 'finished';
const POINTS: readonly Point[] = ['waiting', 'approved, not started', 'started', 'finished'];
/** What ran of the transfer at each point: its effect happens once it starts. */
const RAN: Record<Point, number> = { waiting: 0, 'approved, not started': 0, started: 1, finished: 1 };
/** Where the inbox leaves the call: an answered call stays as answered (whether it ran, the journal says). */
const INBOX: Record<Point, string> = {
  waiting: 'superseded',
  'approved, not started': 'approved',
  started: 'approved',
  finished: 'approved',
};

/** Brings the approved turn of `ref` to `point` on an instance that then dies, its lease lapsed. */
async function reach(w: ReturnType<typeof bank>, sessionId: string, ref: string, point: Point): Promise<void> {
  if (point === 'waiting') return;
  const resume = { restart: [{ ref, name: 'transfer' }] };
  const ctx = { ...crashOwner, requestId: 'ok-1' };
  if (point === 'approved, not started') {
    // The instance dies inside the approved call, before its effect: it never comes back.
    const reached = new Promise<void>((resolve) => {
      w.record.beforeEffect = () => {
        resolve();
        return new Promise<void>(() => undefined);
      };
    });
    void w.instance(w.inner).send(sessionId, { resume }, ctx);
    await reached;
    w.record.beforeEffect = undefined;
  } else {
    // Its writes: the lease (approved), the transfer's result, the answer.
    const fault = { at: point === 'started' ? 2 : 3, when: 'before', mode: 'crash' } as const;
    await w
      .instance(new FlakyStore(w.inner, fault))
      .send(sessionId, { resume }, ctx)
      .catch(() => undefined);
  }
  w.clock.advance(CRASH_LEASE_MS + 1);
}

describe.skipIf(!host)('the failure matrix of a fork over Firestore', () => {
  const store = (prefix: string) => {
    const firestore = emulatorFirestore(host as string, demoProjectId('fork-matrix'));
    firestores.push(firestore);
    return new FirestoreSessionStore({ firestore, prefix });
  };
  const inboxState = async (s: FirestoreSessionStore, sessionId: string, ref: string) => {
    const doc = s.approvalRef(sessionId, ref) as DocumentReference;
    return readApproval(doc.id, (await doc.get()).data())?.state;
  };

  for (const [i, point] of POINTS.entries()) {
    it(`forks at ${point}, then refuses the left approval, goes on and forks again, running nothing twice`, async () => {
      const s = store(`fm${i}_`);
      const w = bank(s);
      const { sessionId, back, ref } = await asked(w);
      await reach(w, sessionId, ref, point);
      expect(w.record.runs).toBe(RAN[point]);
      const agent = w.instance(s);
      const fork = await agent.send(sessionId, { message: 'never mind', snapshotId: back }, crashOwner);
      expect(fork.status).toBe('done');
      expect(await inboxState(s, sessionId, ref)).toBe(INBOX[point]);
      // The left approval: not the new branch's, so never answered (nothing written, nothing run).
      const before = (await stored(s, sessionId)).version;
      const resume = { restart: [{ ref, name: 'transfer' }] };
      // A call still waiting when the fork left it is told so; one already answered, that nothing waits.
      const left = point === 'waiting' ? 'APPROVAL_SUPERSEDED' : 'NOTHING_TO_RESUME';
      expect(await reasonOf(agent.send(sessionId, { resume }, crashOwner))).toBe(left);
      expect((await stored(s, sessionId)).version).toBe(before);
      // The new branch goes on; a transfer the old branch finished is answered from its journal.
      const again = await agent.send(sessionId, { message: 'send' }, crashOwner);
      expect(again.status).toBe(point === 'finished' ? 'done' : 'interrupted');
      // Another fork, from the same point: a third branch, and still nothing ran twice.
      await agent.send(sessionId, { message: 'once more', snapshotId: back }, crashOwner);
      const session = await stored(s, sessionId);
      expect(session.branches?.list).toHaveLength(3);
      expect(w.record.runs).toBe(RAN[point]);
      expect(w.record.applied.size).toBe(RAN[point]);
    });
  }
});
