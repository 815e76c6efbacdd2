/** The slice of a Firestore client (any copy, v7 to v9) that walking a project needs. */
interface Walkable {
  listCollections(): Promise<CollectionLike[]>;
}
interface CollectionLike {
  get(): Promise<{ docs: { data(): unknown; ref: Walkable }[] }>;
  listDocuments(): Promise<Walkable[]>;
}

/** Documents and JSON bytes of their fields, over every collection of a project (the emulator's). */
export async function storedBytes(firestore: object): Promise<{ docs: number; bytes: number }> {
  const total = { docs: 0, bytes: 0 };
  const walk = async (parent: Walkable): Promise<void> => {
    for (const collection of await parent.listCollections()) {
      const snapshot = await collection.get();
      for (const doc of snapshot.docs) {
        total.docs++;
        total.bytes += Buffer.byteLength(JSON.stringify(doc.data()));
      }
      // Documents with no fields of their own can still hold subcollections.
      for (const ref of await collection.listDocuments()) await walk(ref);
    }
  };
  await walk(firestore as Walkable);
  return total;
}
