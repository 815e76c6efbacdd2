import { doc, type Firestore, onSnapshot } from 'firebase/firestore';

/**
 * Firestore's own word on the connection while the page follows session `id`: `onFromCache`
 * hears true when the SDK serves the session from its cache after the server had answered (it
 * lost the server: a first read from the cache is not that), false once the server answers again. It listens to the same document as `watch` with metadata changes,
 * so the SDK shares that listen: no extra reads. Returns the unsubscribe.
 */
export function followFirestoreConnection(
  db: Firestore,
  id: string,
  onFromCache: (fromCache: boolean) => void,
  sessions = 'sessions',
): () => void {
  let heardServer = false;
  return onSnapshot(
    doc(db, sessions, id),
    { includeMetadataChanges: true },
    (snap) => {
      heardServer ||= !snap.metadata.fromCache;
      onFromCache(heardServer && snap.metadata.fromCache);
    },
    // The watch itself says why a session can't be read.
    () => onFromCache(false),
  );
}
