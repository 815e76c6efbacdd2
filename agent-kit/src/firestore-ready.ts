import { readFileSync } from 'node:fs';
import { KIT_ROOT } from '@callable-flows/kit/setup/merge-firestore-files.js';
import { assertFirestoreIndexes } from './firestore-readiness.js';
import { indexProbes } from './index-probe.js';
import { adminFirestore } from './kit-firestore.js';

/**
 * Refuses (`failed-precondition`, naming each index) when this instance's Firestore lacks a
 * composite index the kit declares (its firestore.indexes.json), on the collections under
 * `prefix`. Run with the instance's first turn (kit-instance.ts), so a missing index refuses the
 * first call instead of failing a turn or the cleanup later.
 */
export async function firestoreReady(prefix: string): Promise<void> {
  const probes = indexProbes(readFileSync(new URL('firestore.indexes.json', KIT_ROOT), 'utf8'), prefix);
  await assertFirestoreIndexes(await adminFirestore(), probes, prefix);
}
