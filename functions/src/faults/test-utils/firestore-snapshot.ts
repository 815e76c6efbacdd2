import type { CollectionReference, Firestore } from '@google-cloud/firestore';

/**
 * Every document under the named top-level collections (subcollections included), by path:
 * its update time and its data. Two equal snapshots mean nothing was written in between.
 */
export async function snapshotCollections(db: Firestore, names: readonly string[]): Promise<Map<string, string>> {
  const docs = new Map<string, string>();
  const visit = async (collection: CollectionReference): Promise<void> => {
    for (const doc of (await collection.get()).docs) {
      docs.set(doc.ref.path, `${doc.updateTime.seconds}.${doc.updateTime.nanoseconds} ${JSON.stringify(doc.data())}`);
      for (const sub of await doc.ref.listCollections()) await visit(sub);
    }
  };
  for (const name of names) await visit(db.collection(name));
  return docs;
}
