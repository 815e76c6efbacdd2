import { readFileSync } from 'node:fs';
import { isKitError } from '@callable-flows/kit/errors/index.js';
import {
  canStartFirestoreEmulator,
  type FirestoreEmulator,
  startFirestoreEmulator,
} from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { skipOrFail } from '@callable-flows/kit/test-utils/strict-skips.js';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFirestoreIndexes } from './firestore-readiness.js';
import { indexProbes } from './index-probe.js';

// The Firestore emulator serves every query without composite indexes, so here the probes show
// that they are queries Firestore accepts and that a refusal other than a missing index is not
// taken for one; the refusal of a missing index is pinned in missing-index-error.test.ts.
const KIT_INDEXES = readFileSync(new URL('../../kit/firestore.indexes.json', import.meta.url), 'utf8');
const canRun = canStartFirestoreEmulator();
if (!canRun) skipOrFail('assertFirestoreIndexes on the emulator', 'no Firestore emulator jar here');

describe.runIf(canRun)('assertFirestoreIndexes', () => {
  let emulator: FirestoreEmulator;
  let app: App;
  let firestore: Firestore;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    app = initializeApp({ projectId: 'demo-kit-readiness' }, 'readiness');
    firestore = getFirestore(app);
  });
  afterAll(async () => {
    if (app) await deleteApp(app);
    await emulator?.stop();
  });

  it("runs every probe of an instance's indexes, with documents in its collections or none", async () => {
    const probes = indexProbes(KIT_INDEXES, 'support_');
    await expect(assertFirestoreIndexes(firestore, probes, 'support_')).resolves.toBeUndefined();
    await firestore.doc('support_approvals/a1').set({
      state: 'waiting',
      approverUids: ['u1'],
      approverClaim: 'ops',
      waitingSince: new Date(),
    });
    await firestore.doc('support_sessions/s1').set({ ownerUid: 'u1', agent: 'agent', updatedAt: new Date() });
    await expect(assertFirestoreIndexes(firestore, probes, 'support_')).resolves.toBeUndefined();
  });

  it('throws a refusal other than a missing index as Firestore gave it', async () => {
    const [probe] = indexProbes(KIT_INDEXES, 'support_');
    if (!probe) throw new Error('the kit declares no composite index');
    // Two array-contains filters in one query: Firestore refuses the query itself.
    const invalid = {
      ...probe,
      filters: [
        { field: 'a', op: 'array-contains' as const },
        { field: 'b', op: 'array-contains' as const },
      ],
    };
    const failure = await assertFirestoreIndexes(firestore, [invalid], 'support_').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isKitError(failure)).toBe(false);
    expect(failure).toMatchObject({ code: 3, message: expect.stringContaining('INVALID_ARGUMENT') });
  });
});
