import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestFirestore } from './rest-firestore.js';
import { type FirestoreStandIn, startFirestoreStandIn } from './test-utils/firestore-stand-in.js';

// What a read sends, counted on a stand-in for Firestore.

const ROOT = 'projects/p/databases/(default)/documents';

let standIn: FirestoreStandIn;
let db: RestFirestore;
beforeEach(async () => {
  standIn = await startFirestoreStandIn();
  db = new RestFirestore({
    projectId: 'p',
    endpoint: { origin: standIn.origin, authorization: async () => 'Bearer owner' },
  });
});
afterEach(async () => {
  await db.close();
  await standIn.close();
});

describe('RestFirestore.getAll', () => {
  it('asks for each document once however often it is named, and answers each place', async () => {
    await db.doc('c/a').set({ v: 'a' });
    const snaps = await db.getAll(db.doc('c/a'), db.doc('c/b'), db.doc('c/a'));
    expect(snaps.map((snap) => [snap.id, snap.get('v')])).toEqual([
      ['a', 'a'],
      ['b', undefined],
      ['a', 'a'],
    ]);
    expect(standIn.calls('batchGet').map((call) => call.body.documents)).toEqual([[`${ROOT}/c/a`, `${ROOT}/c/b`]]);
  });

  it('sends nothing when asked for nothing', async () => {
    await expect(db.getAll()).resolves.toEqual([]);
    expect(standIn.requests).toEqual([]);
  });

  it('sends the routing headers the SDK sends', async () => {
    await db.doc('c/a').get();
    expect(standIn.requests[0]?.headers).toMatchObject({
      'google-cloud-resource-prefix': 'projects/p/databases/(default)',
      'x-goog-request-params': 'database=projects%2Fp%2Fdatabases%2F(default)',
    });
  });
});
