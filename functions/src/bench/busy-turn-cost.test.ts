import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { queueTurnCost } from './busy-turn-cost.js';

const host = firestoreEmulatorHost();
const firestores: Firestore[] = [];
afterAll(async () => Promise.all(firestores.map((f) => f.terminate())));

describe.skipIf(!host)('queueTurnCost', () => {
  it('counts two queue reads and no write for a warm turn of an agent that queues when nothing waits', async () => {
    const firestore = emulatorFirestore(host as string, demoProjectId('busy-cost'));
    firestores.push(firestore);
    await expect(queueTurnCost(new FirestoreSessionStore({ firestore, prefix: 'cost_' }))).resolves.toBe('2 / 0');
  });
});
