import { FieldValue, type Firestore } from '@google-cloud/firestore';
import type { FirestoreSessionStore } from '../../session/firestore/index.js';
import { DAY, idleHistory, sessionAt, waitingSession } from '../../test-utils/stale-sessions.js';
import { expireSession } from '../expire-session.js';

/** A layout small enough that a 30-turn history has chunk documents. */
export const SMALL_LAYOUT = { tailUnits: 400, chunkUnits: 800 };

/**
 * Stores, through `store` (a small layout), old sessions that own every kind of document: history
 * chunks, an open inbox document, a closed one (an expired wait), the control documents (stop,
 * queue, live words), a sub-agent's session with chunks of its own, a document created before
 * the `inbox` field existed (its inbox document found as it was then) and one such document
 * written since (the write named its inbox whole). Their ids.
 */
export async function seedOwnedDocuments(
  store: FirestoreSessionStore,
  sdk: Firestore,
  prefix: string,
  now: number,
): Promise<string[]> {
  const old = now - 40 * DAY;
  await store.create(sessionAt('chunky', old, idleHistory(30), 'idle'));
  await store.create(waitingSession('waiting', old, 1));
  const closed = await store.create(waitingSession('closed', old, 2));
  await store.write(closed, expireSession(closed.session, old + 1).session);
  const sub = sessionAt('sub', old - 1, idleHistory(30), 'idle');
  await store.create({ ...sub, parent: { sessionId: 'chunky', ref: 't1', agent: 'bank' } });
  await store.create(waitingSession('legacy', old, 3));
  const sessions = sdk.collection(`${prefix}sessions`);
  await sessions.doc('legacy').update({ inbox: FieldValue.delete() });
  // Created before the field too, then written once: that write names its inbox whole.
  await store.create(waitingSession('migrated', old, 4));
  await sessions.doc('migrated').update({ inbox: FieldValue.delete() });
  const migrated = await store.load('migrated');
  if (migrated) await store.write(migrated, expireSession(migrated.session, old + 1).session);
  const expireAt = new Date(now + DAY);
  for (const id of ['chunky', 'waiting', 'sub']) {
    for (const doc of ['stop', 'queue', 'live'])
      await sessions.doc(id).collection('control').doc(doc).set({ expireAt });
  }
  return ['chunky', 'waiting', 'closed', 'sub', 'legacy', 'migrated'];
}

/** The paths of the documents still stored under sessions `ids` of `prefix`, and in its inbox. */
export async function leftOf(sdk: Firestore, prefix: string, ids: readonly string[]): Promise<string[]> {
  const left: string[] = [];
  for (const id of ids) {
    const doc = sdk.collection(`${prefix}sessions`).doc(id);
    if ((await doc.get()).exists) left.push(doc.path);
    for (const collection of await doc.listCollections()) {
      for (const ref of await collection.listDocuments()) left.push(ref.path);
    }
  }
  const inbox = await sdk
    .collection(`${prefix}approvals`)
    .where('sessionId', 'in', [...ids])
    .get();
  left.push(...inbox.docs.map((d) => d.ref.path));
  return left;
}
