import type { Firestore as SdkFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import type { WaitingApproval } from '../session/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { firestoreDeviceTokens } from './device-tokens.js';
import { firestorePushWindow } from './firestore-push-window.js';
import { pushNotifier } from './push-notifier.js';
import { type FcmStandIn, fcmStandIn, type TokenAnswer } from './test-utils/fcm-stand-in.js';

// The notifier against a stand-in of FCM's HTTP v1 send API (fcm-stand-in.ts: firebase-admin's own
// Messaging, its requests answered locally) and device tokens in the Firestore emulator.

const host = firestoreEmulatorHost();
const firestore = host ? (emulatorFirestore(host, demoProjectId('push')) as unknown as SdkFirestore) : undefined;
const stands: FcmStandIn[] = [];
afterAll(async () => {
  await Promise.all(stands.map((s) => s.close()));
  await firestore?.terminate();
});
let tenants = 0;

const APPROVAL: WaitingApproval = {
  id: 'Ab3_approval-id-of-32-characters',
  sessionId: 's1',
  ref: 'r1',
  tool: 'pay',
  metadata: { title: 'Send 500 to Bob?' },
  inputDigest: 'digest',
  ownerUid: 'ann',
  approverUids: ['ann', 'bob'],
  approverClaim: 'finance',
  state: 'waiting',
  waitingSince: 1,
  expiresAt: null,
  expireAt: 2,
};

/** A tenant's device tokens (`{ uid: { tokenId: token } }` written as clients write them) and FCM's stand-in. */
async function world(devices: Record<string, Record<string, string>>, answers: Record<string, TokenAnswer> = {}) {
  const db = firestore as SdkFirestore;
  const users = `u${tenants++}_users`;
  for (const [uid, tokens] of Object.entries(devices)) {
    for (const [id, token] of Object.entries(tokens)) {
      await db
        .collection(users)
        .doc(uid)
        .collection('devices')
        .doc(id)
        .set({ token, platform: 'web', updatedAt: new Date(), expireAt: new Date(Date.now() + 60 * 86_400_000) });
    }
  }
  const fcm = await fcmStandIn(answers);
  stands.push(fcm);
  const tokens = firestoreDeviceTokens({ firestore: db, users });
  const left = async (uid: string) =>
    (await db.collection(users).doc(uid).collection('devices').get()).docs.map((d) => d.id).sort();
  return { fcm, tokens, left, users };
}

describe.skipIf(!host)('pushNotifier', () => {
  it('pushes to every device of every approver, collapsed by the approval id, with no input in it', async () => {
    const w = await world({ ann: { a1: 'tok-ann-phone', a2: 'tok-ann-laptop' }, bob: { b1: 'tok-bob' } });
    await pushNotifier({ messaging: w.fcm.messaging, tokens: w.tokens, window: false })(APPROVAL);
    expect(w.fcm.sent.map((s) => s.message.token).sort()).toEqual(['tok-ann-laptop', 'tok-ann-phone', 'tok-bob']);
    expect(w.fcm.sent[0]?.path).toBe('/v1/projects/demo-fcm/messages:send');
    const { token: _token, ...message } = w.fcm.sent[0]?.message ?? {};
    const id = APPROVAL.id;
    expect(message).toEqual({
      notification: { title: 'Approval waiting', body: 'Send 500 to Bob?' },
      data: { kind: 'approval-waiting', sessionId: 's1', ref: 'r1', approvalId: id },
      android: { collapse_key: id, notification: { tag: id } },
      apns: { headers: { 'apns-collapse-id': id } },
      webpush: { headers: { Topic: id }, notification: { tag: id, renotify: false } },
    });
    expect(JSON.stringify(w.fcm.sent)).not.toContain('digest');
  });

  it('deletes the token documents FCM says are unregistered or invalid, and keeps the others', async () => {
    const w = await world(
      { ann: { a1: 'tok-live', a2: 'tok-gone', a3: 'tok-bad', a4: 'tok-flaky' } },
      { 'tok-gone': 'unregistered', 'tok-bad': 'invalid', 'tok-flaky': 'internal' },
    );
    await pushNotifier({ messaging: w.fcm.messaging, tokens: w.tokens, window: false })({
      ...APPROVAL,
      approverUids: ['ann'],
    });
    expect(await w.left('ann')).toEqual(['a1', 'a4']);
  });

  it('adds the uids `recipients` names (a claim’s holders), each told once, and says what `message` says', async () => {
    const w = await world({ ann: { a1: 'tok-ann' }, fin: { f1: 'tok-fin' } });
    const notify = pushNotifier({
      messaging: w.fcm.messaging,
      tokens: w.tokens,
      window: false,
      recipients: (approval) => (approval.approverClaim === 'finance' ? ['fin', 'ann'] : []),
      message: (approval) => ({ title: 'Finance', body: `${approval.tool} needs you` }),
    });
    await notify({ ...APPROVAL, approverUids: ['ann'] });
    expect(w.fcm.sent.map((s) => s.message.token).sort()).toEqual(['tok-ann', 'tok-fin']);
    expect(w.fcm.sent[0]?.message.notification).toEqual({ title: 'Finance', body: 'pay needs you' });
  });

  it('throws when no device took the push and FCM failed otherwise, so the notice is tried again', async () => {
    const w = await world({ ann: { a1: 'tok-down' } }, { 'tok-down': 'internal' });
    const notify = pushNotifier({ messaging: w.fcm.messaging, tokens: w.tokens, window: false });
    await expect(notify({ ...APPROVAL, approverUids: ['ann'] })).rejects.toMatchObject({ code: 'unavailable' });
    expect(await w.left('ann')).toEqual(['a1']);
  });

  it('sends nothing, and does not fail, for approvers with no device', async () => {
    const w = await world({});
    await pushNotifier({ messaging: w.fcm.messaging, tokens: w.tokens, window: false })(APPROVAL);
    expect(w.fcm.sent).toEqual([]);
  });

  it('pushes an approver once a minute, holds the rest, and counts them into the next push', async () => {
    const w = await world({ ann: { a1: 'tok-ann' } });
    let now = 1_000_000;
    const window = firestorePushWindow({ firestore: firestore as SdkFirestore, collection: `${w.users}_pushes` });
    const notify = pushNotifier({ messaging: w.fcm.messaging, tokens: w.tokens, window, clock: () => now });
    const approval = (id: string) => ({ ...APPROVAL, id, approverUids: ['ann'] });
    await expect(notify(approval('first'))).resolves.toBeUndefined();
    now += 10_000;
    await expect(notify(approval('second'))).resolves.toBe('held');
    await expect(notify(approval('third'))).resolves.toBe('held');
    expect(w.fcm.sent).toHaveLength(1);
    now += 60_000;
    await expect(notify(approval('third'))).resolves.toBeUndefined();
    expect(w.fcm.sent.map((s) => s.message.notification)).toEqual([
      { title: 'Approval waiting', body: 'Send 500 to Bob?' },
      { title: '2 approvals waiting', body: 'Send 500 to Bob?' },
    ]);
    // The held one the push counted, retried by the sweep: told, so pushed no more.
    await expect(notify(approval('second'))).resolves.toBeUndefined();
    expect(w.fcm.sent).toHaveLength(2);
  });

  it('pushes once across instances that tell one approver of two approvals at the same moment', async () => {
    const w = await world({ ann: { a1: 'tok-ann' } });
    const collection = `${w.users}_pushes`;
    const instance = () =>
      pushNotifier({
        messaging: w.fcm.messaging,
        tokens: w.tokens,
        window: firestorePushWindow({ firestore: firestore as SdkFirestore, collection }),
        clock: () => 5_000_000,
      });
    const outcomes = await Promise.all([
      instance()({ ...APPROVAL, id: 'x1', approverUids: ['ann'] }),
      instance()({ ...APPROVAL, id: 'x2', approverUids: ['ann'] }),
    ]);
    expect(outcomes.sort()).toEqual(['held', undefined]);
    expect(w.fcm.sent).toHaveLength(1);
  });

  it('gives the minute back when the push reached no device, so the retry pushes', async () => {
    const w = await world({ ann: { a1: 'tok-down' } }, { 'tok-down': 'internal' });
    const window = firestorePushWindow({ firestore: firestore as SdkFirestore, collection: `${w.users}_pushes` });
    const notify = pushNotifier({ messaging: w.fcm.messaging, tokens: w.tokens, window, clock: () => 7_000_000 });
    const approval = { ...APPROVAL, id: 'down1', approverUids: ['ann'] };
    await expect(notify(approval)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(notify(approval)).rejects.toMatchObject({ code: 'unavailable' });
    expect(w.fcm.sent).toHaveLength(2);
  });
});
