import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { RestFirestore } from '../../firestore/index.js';
import { firestoreEmulatorHost } from '../../test-utils/firestore.js';
import { FirestoreUsageCounters } from '../../usage/index.js';
import { isWriteConflict } from '../session-store.js';
import { demoProjectId, emulatorFirestore } from '../test-utils/emulator-firestore.js';
import { sampleSession } from '../test-utils/session-store-conformance.js';
import { FirestoreSessionStore } from './firestore-session-store.js';
import type { StoreOperation } from './firestore-session-store-options.js';

// A write's charge lands in the usage counters in the write's own commit: both or neither.

const host = firestoreEmulatorHost();
const projectId = demoProjectId('charges');
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

const clients: [string, () => Firestore | RestFirestore][] = [
  [
    'the SDK',
    () => {
      const firestore = emulatorFirestore(host as string, projectId);
      firestores.push(firestore);
      return firestore;
    },
  ],
  ['RestFirestore', () => new RestFirestore({ projectId })],
];
let tenants = 0;

describe.skipIf(!host).each(clients)('FirestoreSessionStore charges (%s)', (_name, client) => {
  it('adds the charge to the owner’s counter document in the commit that writes the session, and nothing when that commit loses', async () => {
    const firestore = client();
    const tenant = `charge${tenants++}_`;
    const collection = `${tenant}usage`;
    const ops: StoreOperation[] = [];
    const store = new FirestoreSessionStore({
      firestore,
      prefix: tenant,
      usageCollection: collection,
      onOperation: (op) => ops.push(op),
    });
    const counters = new FirestoreUsageCounters({ firestore, collection });
    const created = await store.create(sampleSession('s1'));
    const charge = { uid: created.session.ownerUid, day: '2026-12-01', sessionId: 's1', tokens: 25 };
    const next = { ...created.session, version: created.session.version + 1 };
    const written = await store.write(created, next, { charge });
    // The session document and the counter document: one commit.
    expect(ops.at(-1)).toMatchObject({ kind: 'commit', writes: 2 });
    // A stale copy's write is refused, and its charge with it.
    const stale = await store
      .write(created, { ...next, version: next.version + 1 }, { charge: { ...charge, tokens: 1000 } })
      .catch((error: unknown) => error);
    expect(isWriteConflict(stale)).toBe(true);
    await store.write(written, { ...next, version: next.version + 1 }, { charge: { ...charge, tokens: 5 } });
    expect(await counters.read(charge.uid, charge.day)).toEqual({ tokens: 30, calls: {}, sessions: { s1: 30 } });
    expect(store.chargesUsage).toBe(true);
  });
});
