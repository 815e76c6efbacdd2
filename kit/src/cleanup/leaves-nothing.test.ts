import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { RestFirestore } from '../firestore/index.js';
import { FirestoreSessionStore, type StoreOperation } from '../session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '../session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { runCleanup } from './run-cleanup.js';
import { leftOf, SMALL_LAYOUT, seedOwnedDocuments } from './test-utils/owned-documents.js';

const host = firestoreEmulatorHost();
const projectId = demoProjectId('leaves-nothing');
let firestore: Firestore | undefined;
let tenants = 0;
/** A loaded machine's emulator may take seconds to answer: the store's bound is not what is tested. */
const PATIENT_MS = 120_000;
const sdk = (): Firestore => {
  firestore ??= emulatorFirestore(host as string, projectId);
  return firestore;
};

afterAll(async () => {
  await firestore?.terminate();
});

if (!host) console.warn('\n*** SKIPPED: cleanup leaves-nothing tests — no Firestore emulator ***\n');

describe.skipIf(!host)('runCleanup (what a deleted session owned)', () => {
  const writers = {
    sdk: () => sdk(),
    rest: () => new RestFirestore({ projectId, listenWith: async () => sdk(), listenAfterMs: 0 }),
  };
  for (const [client, writer] of Object.entries(writers)) {
    it(`leaves nothing of the sessions it deletes when they were written over the ${client} client`, async () => {
      const prefix = `n${tenants++}_`;
      const now = Date.now();
      const seeder = new FirestoreSessionStore({
        firestore: writer(),
        prefix,
        limits: SMALL_LAYOUT,
        callTimeoutMs: PATIENT_MS,
      });
      const ids = await seedOwnedDocuments(seeder, sdk(), prefix, now);
      expect((await leftOf(sdk(), prefix, ids)).length).toBeGreaterThan(ids.length * 3);

      const ops: StoreOperation[] = [];
      const onOperation = (op: StoreOperation): void => void ops.push(op);
      const store = new FirestoreSessionStore({ firestore: sdk(), prefix, callTimeoutMs: PATIENT_MS, onOperation });
      const report = await runCleanup({ store, clock: () => now });

      expect(report).toMatchObject({ deletedSessions: ids.length, errors: 0, skippedLinked: 0 });
      expect(await leftOf(sdk(), prefix, ids)).toEqual([]);
      // The expiry's scan, the deletion's scan, and the inbox of the one document never written since `inbox` existed.
      expect(ops.filter((op) => op.kind === 'query')).toHaveLength(3);
    });
  }

  it('leaves nothing of a session the REST client deletes from its stored copy', async () => {
    const prefix = `n${tenants++}_`;
    const now = Date.now();
    const rest = new FirestoreSessionStore({
      firestore: writers.rest(),
      prefix,
      limits: SMALL_LAYOUT,
      callTimeoutMs: PATIENT_MS,
    });
    const ids = await seedOwnedDocuments(rest, sdk(), prefix, now);
    for (const id of ids) {
      const record = await rest.load(id);
      if (record) await rest.delete(id, { expected: record });
    }
    expect(await leftOf(sdk(), prefix, ids)).toEqual([]);
  });
});
