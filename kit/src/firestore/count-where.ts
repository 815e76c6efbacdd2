import type { Query } from 'firebase-admin/firestore';
import type { DocumentDb } from './document-db.js';
import { RestFirestoreError } from './rest-error.js';
import type { RestFirestore } from './rest-firestore.js';
import { sdkFirestore } from './sdk-firestore.js';

/** `db` as a client that counts by itself (the REST client), else undefined. */
const counting = (db: DocumentDb): Pick<RestFirestore, 'count'> | undefined =>
  typeof (db as Partial<RestFirestore>).count === 'function' ? (db as RestFirestore) : undefined;

/**
 * How many documents of the top-level collection `collection` have each field of `equals` equal to
 * its value: a `count()` aggregation over either client (the SDK's query, the REST client's
 * runAggregationQuery), one read per 1,000 index entries counted. Another client can't count
 * (`unimplemented`, gRPC code 12).
 */
export async function countWhere(
  db: DocumentDb,
  collection: string,
  equals: Readonly<Record<string, string>>,
): Promise<number> {
  const rest = counting(db);
  if (rest) return rest.count(collection, equals);
  const sdk = sdkFirestore(db);
  if (!sdk) throw new RestFirestoreError(12, 'UNIMPLEMENTED: this Firestore client cannot count documents');
  let query: Query = sdk.collection(collection);
  for (const [field, value] of Object.entries(equals)) query = query.where(field, '==', value);
  return (await query.count().get()).data().count;
}
