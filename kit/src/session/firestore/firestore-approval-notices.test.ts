import { approvalId } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { notifyWaiting } from '../../notify/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import type { WaitingApproval } from '../approval-notices.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import { FirestoreSessionStore } from './firestore-session-store.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('notices');
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));
let tenants = 0;

/** A Firestore client of its own: another instance. */
function client(): Firestore {
  const firestore = emulatorFirestore(host as string, projectId);
  firestores.push(firestore);
  return firestore;
}

/** Two instances' stores on one tenant, and a way to put inbox documents in the contract's shape. */
function tenant() {
  const prefix = `n${tenants++}_`;
  const [a, b] = [client(), client()];
  const put = async (sessionId: string, ref: string, fields: Record<string, unknown> = {}) => {
    const id = approvalId(sessionId, ref);
    await a
      .collection(`${prefix}approvals`)
      .doc(id)
      .set({
        sessionId,
        ref,
        tool: 'pay',
        metadata: { title: 'Send 500 to Bob?' },
        inputDigest: 'd1',
        ownerUid: 'ann',
        approverUids: ['ann'],
        approverClaim: null,
        state: 'waiting',
        waitingSince: new Date(1_000),
        expiresAt: null,
        expireAt: new Date(9_000_000_000_000),
        ...fields,
      });
    return id;
  };
  const notice = async (id: string) => (await a.collection(`${prefix}approvals`).doc(id).get()).get('notice');
  return {
    put,
    notice,
    a: new FirestoreSessionStore({ firestore: a, prefix }).approvals,
    b: new FirestoreSessionStore({ firestore: b, prefix }).approvals,
  };
}

describe.skipIf(!host)('FirestoreApprovalNotices', () => {
  it('tells a waiting approval once when two instances race for its notice, and never again once sent', async () => {
    const t = tenant();
    const id = await t.put('s1', 'r1');
    const told: WaitingApproval[] = [];
    const hook = (approval: WaitingApproval) => {
      told.push(approval);
    };
    const outcomes = await Promise.all([
      notifyWaiting(t.a, { sessionId: 's1', ref: 'r1' }, hook, () => 5_000),
      notifyWaiting(t.b, { sessionId: 's1', ref: 'r1' }, hook, () => 5_000),
    ]);
    expect(outcomes.sort()).toEqual(['sent', 'skipped']);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      id,
      sessionId: 's1',
      ref: 'r1',
      tool: 'pay',
      metadata: { title: 'Send 500 to Bob?' },
      ownerUid: 'ann',
      approverUids: ['ann'],
      approverClaim: null,
      state: 'waiting',
      waitingSince: 1_000,
      expiresAt: null,
    });
    const sent = await t.notice(id);
    expect(sent.sentAt.toMillis()).toBe(5_000);
    // Long after any claim would have lapsed: a sent notice is never claimed again.
    await expect(t.b.claim({ sessionId: 's1', ref: 'r1' }, 10_000_000, 60_000)).resolves.toBeUndefined();
  });

  it('leaves a live claim to its holder, and lets another take it once it lapsed with nothing sent', async () => {
    const t = tenant();
    const id = await t.put('s2', 'r1');
    const call = { sessionId: 's2', ref: 'r1' };
    const first = await t.a.claim(call, 10_000, 60_000); // its instance dies here: no push, no sentAt
    expect(first?.approval.notice).toEqual({ claimedAt: 10_000, until: 70_000 });
    await expect(t.b.claim(call, 69_999, 60_000)).resolves.toBeUndefined();
    const second = await t.b.claim(call, 70_000, 60_000);
    expect(second?.approval.id).toBe(id);
    expect((await t.notice(id)).claimedAt.toMillis()).toBe(70_000);
    // The dead claimant's late mark lost to the new claim: it records nothing over it.
    await t.a.sent(first as NonNullable<typeof first>, 80_000);
    expect((await t.notice(id)).sentAt).toBeUndefined();
    await t.b.sent(second as NonNullable<typeof second>, 80_001);
    expect((await t.notice(id)).sentAt.toMillis()).toBe(80_001);
  });

  it('claims nothing for an approval that was answered, or that has no inbox document', async () => {
    const t = tenant();
    await t.put('s3', 'r1', { state: 'approved', answeredBy: { uid: 'bob', at: new Date(2_000) } });
    await expect(t.a.claim({ sessionId: 's3', ref: 'r1' }, 5_000, 60_000)).resolves.toBeUndefined();
    await expect(t.a.claim({ sessionId: 's3', ref: 'nope' }, 5_000, 60_000)).resolves.toBeUndefined();
  });

  it('pages the approvals that wait, oldest first, within the times asked, answered ones left out', async () => {
    const t = tenant();
    for (const [ref, at] of [
      ['r1', 3_000],
      ['r2', 1_000],
      ['r3', 2_000],
      ['r4', 9_000],
    ] as const) {
      await t.put('s4', ref, { waitingSince: new Date(at) });
    }
    await t.put('s4', 'r5', { waitingSince: new Date(1_500), state: 'declined' });
    const first = await t.a.waiting({ waitingBefore: 5_000, waitingFrom: 1_000, limit: 2 });
    expect(first.approvals.map((a) => a.ref)).toEqual(['r2', 'r3']);
    expect(first.scanned).toBe(2);
    const second = await t.a.waiting({ waitingBefore: 5_000, waitingFrom: 1_000, limit: 2, after: first.next });
    expect(second.approvals.map((a) => a.ref)).toEqual(['r1']);
    expect(second.next).toBeUndefined();
  });
});
