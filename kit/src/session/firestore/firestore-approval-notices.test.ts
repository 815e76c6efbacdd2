import { approvalId } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { stampAnswer, stampAnsweredBy, stampInterrupt, stampResolved } from '../../call-state/index.js';
import type { DocumentRef } from '../../firestore/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import { notifyWaiting } from '../../notify/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import type { WaitingApproval } from '../approval-notices.js';
import type { Session } from '../session-schema.js';
import type { SessionRecord } from '../session-store.js';
import { demoProjectId } from '../test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../test-utils/firestore-store-backends.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import type { FirestoreSessionStore } from './firestore-session-store.js';

// The notices of the approvals inbox on the documents the session store itself writes: a claim
// and the store's own writes of one inbox document never undo each other, whichever comes first.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('notices');
const backends = host ? firestoreStoreBackends(host, projectId, 'n') : undefined;
const T0 = 1_700_000_000_000;

const call = (ref: string): ToolRequestPart => ({ toolRequest: { name: 'pay', ref, input: { cents: 500 } } });
const waiting = (ref: string) => stampInterrupt(call(ref), { title: 'Send 500 to Bob?' });
const round = (...parts: ToolRequestPart[]): Message[] => [
  { role: 'user', content: [{ text: 'pay Bob' }] },
  { role: 'model', content: parts },
];
const approved = (ref: string, at: number) => {
  const response = { toolResponse: { name: 'pay', ref, output: { paid: 500 } } };
  return stampAnsweredBy(stampAnswer(waiting(ref), response), { uid: 'alice', at });
};

const refsOf = (record: SessionRecord): string[] =>
  (record.session.history.at(-1)?.content ?? []).flatMap((p) =>
    'toolRequest' in p ? [p.toolRequest.ref as string] : [],
  );

/** Two instances' stores on one tenant, over the SDK or REST; the inbox read back over the SDK. */
function tenant(backend: 'sdk' | 'rest' = 'sdk') {
  const b = (backends as NonNullable<typeof backends>)[backend]();
  const [a, other] = [b.open(), b.open()];
  const sdk = (backends as NonNullable<typeof backends>).client();
  const doc = async (sessionId: string, ref: string) =>
    (await sdk.doc(a.approvalRef(sessionId, ref).path).get()).data();
  /** A session whose calls `refs` wait, written by the store (its inbox documents in the same commit). */
  const asked = async (id: string, refs: string[], at = T0): Promise<SessionRecord> =>
    a.create({ ...sampleSession(id, round(...refs.map(waiting)), at), status: 'interrupted', updatedAt: at });
  /** The store's write of `record` with the call `ref` answered (its inbox document closed in the commit). */
  const answer = (
    store: FirestoreSessionStore,
    record: SessionRecord,
    ref: string,
    at = T0 + 5,
  ): Promise<SessionRecord> =>
    store.write(record, {
      ...record.session,
      // The other calls of the round still wait.
      history: round(...refsOf(record).map((r) => (r === ref ? approved(ref, at) : waiting(r)))),
      status: 'running',
      updatedAt: at,
      version: record.session.version + 1,
    });
  return { a: a.approvals, b: other.approvals, store: a, otherStore: other, doc, asked, answer };
}

const recorder = () => {
  const told: WaitingApproval[] = [];
  return { told, hook: (approval: WaitingApproval) => void told.push(approval) };
};

describe.skipIf(!host)('FirestoreApprovalNotices', () => {
  for (const backend of ['sdk', 'rest'] as const) {
    it(`tells a waiting approval once when two instances race for its notice, and never again once sent (${backend})`, async () => {
      const t = tenant(backend);
      await t.asked('s1', ['r1']);
      const { told, hook } = recorder();
      const outcomes = await Promise.all([
        notifyWaiting(t.a, { sessionId: 's1', ref: 'r1' }, hook, () => T0 + 5_000),
        notifyWaiting(t.b, { sessionId: 's1', ref: 'r1' }, hook, () => T0 + 5_000),
      ]);
      expect(outcomes.sort()).toEqual(['sent', 'skipped']);
      expect(told).toEqual([
        expect.objectContaining({
          id: approvalId('s1', 'r1'),
          sessionId: 's1',
          ref: 'r1',
          tool: 'pay',
          metadata: { title: 'Send 500 to Bob?' },
          ownerUid: 'alice',
          approverUids: ['alice'],
          approverClaim: null,
          state: 'waiting',
          waitingSince: T0,
          expiresAt: null,
        }),
      ]);
      expect((await t.doc('s1', 'r1'))?.notice.sentAt.toMillis()).toBe(T0 + 5_000);
      // Long after any claim would have lapsed: a sent notice is never claimed again.
      await expect(t.b.claim({ sessionId: 's1', ref: 'r1' }, T0 + 10_000_000, 60_000)).resolves.toBeUndefined();
    });

    it(`keeps the claim through the answer's commit, and records no sending after it (${backend})`, async () => {
      const t = tenant(backend);
      const record = await t.asked('s2', ['r1', 'r2']);
      const claim = await t.a.claim({ sessionId: 's2', ref: 'r1' }, T0 + 1, 60_000);
      expect(claim?.approval.state).toBe('waiting');
      // The answer's commit closes the document with the fields it owns: the claim stays, so no sweep re-tells it.
      await t.answer(t.otherStore, record, 'r1');
      const closed = await t.doc('s2', 'r1');
      expect(closed).toMatchObject({ state: 'answered', answeredBy: { uid: 'alice' } });
      expect(closed?.notice.claimedAt.toMillis()).toBe(T0 + 1);
      // The claimant's late mark loses to the answer's write: nothing recorded over it.
      await t.a.sent(claim as NonNullable<typeof claim>, T0 + 10);
      expect((await t.doc('s2', 'r1'))?.notice.sentAt).toBeUndefined();
      expect((await t.doc('s2', 'r1'))?.state).toBe('answered');
    });

    it(`claims nothing once the answer committed, even when the claim read the document before it (${backend})`, async () => {
      const t = tenant(backend);
      const record = await t.asked('s3', ['r1', 'r2']);
      // A late claim: the answer's commit lands between the claim's read and its write.
      const ref = t.a.ref.bind(t.a);
      t.a.ref = (c) => {
        const real = ref(c);
        return new Proxy(real, {
          get(target, key) {
            if (key !== 'get') return Reflect.get(target, key, target);
            return async () => {
              const snap = await target.get();
              await t.answer(t.otherStore, record, 'r1');
              return snap;
            };
          },
        }) as DocumentRef;
      };
      await expect(t.a.claim({ sessionId: 's3', ref: 'r1' }, T0 + 1, 60_000)).resolves.toBeUndefined();
      t.a.ref = ref;
      expect((await t.doc('s3', 'r1'))?.notice).toBeUndefined();
      expect((await t.doc('s3', 'r1'))?.state).toBe('answered');
      // And after it: an answered call is never claimed; the call still waiting is.
      await expect(t.b.claim({ sessionId: 's3', ref: 'r1' }, T0 + 2, 60_000)).resolves.toBeUndefined();
      await expect(t.b.claim({ sessionId: 's3', ref: 'r2' }, T0 + 2, 60_000)).resolves.toBeDefined();
    });
  }

  it('leaves a live claim to its holder, and lets another take it once it lapsed with nothing sent', async () => {
    const t = tenant();
    await t.asked('s4', ['r1']);
    const c = { sessionId: 's4', ref: 'r1' };
    const first = await t.a.claim(c, T0 + 10_000, 60_000); // its instance dies here: no push, no sentAt
    expect(first?.approval.notice).toEqual({ claimedAt: T0 + 10_000, until: T0 + 70_000 });
    await expect(t.b.claim(c, T0 + 69_999, 60_000)).resolves.toBeUndefined();
    const second = await t.b.claim(c, T0 + 70_000, 60_000);
    expect(second?.approval.id).toBe(approvalId('s4', 'r1'));
    expect((await t.doc('s4', 'r1'))?.notice.claimedAt.toMillis()).toBe(T0 + 70_000);
    // The dead claimant's late mark lost to the new claim: it records nothing over it.
    await t.a.sent(first as NonNullable<typeof first>, T0 + 80_000);
    expect((await t.doc('s4', 'r1'))?.notice.sentAt).toBeUndefined();
    await t.b.sent(second as NonNullable<typeof second>, T0 + 80_001);
    expect((await t.doc('s4', 'r1'))?.notice.sentAt.toMillis()).toBe(T0 + 80_001);
  });

  it('claims nothing for a call with no inbox document', async () => {
    const t = tenant();
    await expect(t.a.claim({ sessionId: 's5', ref: 'nope' }, T0, 60_000)).resolves.toBeUndefined();
  });

  it('opens a call that waits anew whole: the notice of its earlier wait is not this one’s', async () => {
    const t = tenant();
    const record = await t.asked('s6', ['r1']);
    const claim = await t.a.claim({ sessionId: 's6', ref: 'r1' }, T0 + 1, 60_000);
    await t.a.sent(claim as NonNullable<typeof claim>, T0 + 2);
    const answered = await t.answer(t.store, record, 'r1');
    // The restarted call asks again: a new wait, its own notice to come.
    const again: Session = { ...answered.session, history: round(waiting('r1')), status: 'interrupted', version: 3 };
    await t.store.write(answered, { ...again, updatedAt: T0 + 9 });
    const doc = await t.doc('s6', 'r1');
    expect(doc?.state).toBe('waiting');
    expect(doc?.notice).toBeUndefined();
    expect(doc?.answeredBy).toBeUndefined();
    await expect(t.b.claim({ sessionId: 's6', ref: 'r1' }, T0 + 10, 60_000)).resolves.toBeDefined();
  });

  it('pages the approvals that wait, oldest first, within the times asked, closed ones left out', async () => {
    const t = tenant();
    for (const [id, at] of [
      ['p1', T0 + 3_000],
      ['p2', T0 + 1_000],
      ['p3', T0 + 2_000],
      ['p4', T0 + 9_000],
    ] as const) {
      await t.asked(id, ['r1'], at);
    }
    const closed = await t.asked('p5', ['r1'], T0 + 1_500);
    await t.store.write(closed, {
      ...closed.session,
      history: round(stampResolved(waiting('r1'))),
      status: 'idle',
      version: 2,
    });
    const scan = { waitingBefore: T0 + 5_000, waitingFrom: T0 + 1_000, limit: 2 };
    const first = await t.a.waiting(scan);
    expect(first.approvals.map((a) => a.sessionId)).toEqual(['p2', 'p3']);
    expect(first.scanned).toBe(2);
    const second = await t.a.waiting({ ...scan, after: first.next });
    expect(second.approvals.map((a) => a.sessionId)).toEqual(['p1']);
    expect(second.next).toBeUndefined();
  });
});
