import type { Firestore, Query } from 'firebase-admin/firestore';
import type { IndexProbe } from './index-probe.js';
import { isMissingIndexError, type MissingIndex, missingIndexesError } from './missing-index-error.js';

function queryOf(firestore: Firestore, probe: IndexProbe): Query {
  let query: Query =
    probe.scope === 'COLLECTION_GROUP'
      ? firestore.collectionGroup(probe.collectionGroup)
      : firestore.collection(probe.collectionGroup);
  // A value no document holds: the answer is empty whether or not the collection has documents.
  for (const filter of probe.filters) query = query.where(filter.field, filter.op, '\u0000callable-flows-probe');
  return query.orderBy(probe.orderBy.field, probe.orderBy.direction).limit(1);
}

/**
 * Runs every probe (a one-document query each, all at once) and refuses, with
 * `failed-precondition` naming each missing index, when Firestore lacks any; any other failure
 * (Firestore unreachable) is thrown as it came, so the check runs again on the next call.
 */
export async function assertFirestoreIndexes(
  firestore: Firestore,
  probes: readonly IndexProbe[],
  prefix: string,
): Promise<void> {
  const answers = await Promise.allSettled(probes.map((probe) => queryOf(firestore, probe).get()));
  const missing: MissingIndex[] = [];
  for (const [i, answer] of answers.entries()) {
    if (answer.status === 'fulfilled') continue;
    if (!isMissingIndexError(answer.reason)) throw answer.reason;
    missing.push({ probe: probes[i] as IndexProbe, message: answer.reason.message });
  }
  if (missing.length) throw missingIndexesError(missing, prefix);
}
