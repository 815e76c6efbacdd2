import type { Firestore } from 'firebase-admin/firestore';

let firestore: Promise<Firestore> | undefined;

/**
 * The Firestore of firebase-admin's default app (made if there is none), on first use: a
 * scheduled function's cold start loads firebase-admin only when a run needs it.
 */
export function defaultFirestore(): Promise<Firestore> {
  firestore ??= (async () => {
    const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/firestore'),
    ]);
    return getFirestore(getApps()[0] ?? initializeApp());
  })().catch((error: unknown) => {
    firestore = undefined; // tried again on the next run
    throw error;
  });
  return firestore;
}
